"""Open seats on the real stack (issue 57, "Seats bound to people"): `open` in POST /games is a seat any
signed-in account may take with POST /games/{id}/join; the game is made (its first draw, its clock) only
once every open seat is taken; its creator may cancel it meanwhile, and unfilled past
CARAVAN_OPEN_SEAT_TTL it is cancelled. Each bad join is a clear 4xx that changes nothing."""

from __future__ import annotations

import threading
import time

import pytest
import redis

from tests.e2e.test_account_seats import GAME, pat, seen
from tests.e2e.test_accounts import bearer, client_from, fresh, signed_in, signed_up
from tests.e2e.test_accounts_cluster import cluster_stack  # noqa: F401 (a fixture: the cluster's stack)
from tests.stack import Stack

pytestmark = pytest.mark.e2e


def accounts(c, *prefixes: str) -> list[str]:
    """Sessions of new accounts, one for each prefix."""
    out = []
    for p in prefixes:
        name = fresh(p)
        signed_up(c, name)
        out.append(signed_in(c, name)["token"])
    c.cookies.clear()  # (signing in set the session's cookie: each request here says who it is)
    return out


def table(c, token: str, *players: str) -> dict:
    r = c.post("/games", json={"type": GAME, "players": list(players)}, headers=bearer(token))
    assert r.status_code == 201, r.text
    return r.json()


def join(c, gid: str, token: str | None, seat: int | None = None, status: int = 200) -> dict:
    r = c.post(f"/games/{gid}/join", json={} if seat is None else {"seat": seat},
               headers=bearer(token) if token else {})
    assert r.status_code == status, r.text
    return r.json()


def listed(c) -> list[str]:
    r = c.get("/games", params={"open": "true", "type": GAME})
    assert r.status_code == 200, r.text
    return [row["id"] for row in r.json()]


def test_an_open_seat_is_joined_and_the_game_starts_only_then(stack):
    with client_from(stack) as c:
        ann, bob = accounts(c, "ann", "bob")
        ann_name = c.get("/me", headers=bearer(ann)).json()["name"]
        made = table(c, ann, f"@{ann_name}", "open")
        gid = made["id"]
        assert made["seats"] == [{"seat": 0, "name": ann_name, "account": True}, {"seat": 1, "name": "open", "open": True}]
        assert gid in listed(c)
        row = next(r for r in c.get("/games", params={"open": "true"}).json() if r["id"] == gid)
        assert row["status"] == "open" and row["players"] == [ann_name, "open"]
        early = c.get(f"/games/{gid}")  # nothing drawn, no clock: no game yet, and it says why
        assert early.status_code == 404 and "open seats 1 wait" in early.json()["detail"], early.text
        assert not redis.Redis.from_url(stack.redis_url).exists(f"caravan:{{{gid}}}:events")
        assert join(c, gid, bob) == {"id": gid, "seat": 1, "status": "started"}
        assert gid not in listed(c)
        game = seen(c, gid, bob)
        assert game["you"] == 1 and game["status"] == "active" and game["players"][0]["name"] == ann_name
        assert seen(c, gid, ann)["you"] == 0
        carl, = accounts(c, "carl")
        refused = c.post(f"/games/{gid}/join", json={}, headers=bearer(carl))
        assert refused.status_code == 409 and "full" in refused.json()["detail"], refused.text


def test_bad_joins_are_refused_and_change_nothing(stack):
    with client_from(stack) as c:
        ann, bob, carl = accounts(c, "ann", "bob", "carl")
        gid = table(c, ann, "open", "open", "dee")["id"]
        before = next(r for r in c.get("/games", params={"open": "true"}).json() if r["id"] == gid)
        assert join(c, gid, bob, seat=1) == {"id": gid, "seat": 1, "status": "open"}
        after = next(r for r in c.get("/games", params={"open": "true"}).json() if r["id"] == gid)
        for token, body, status in ((bob, {}, 409), (carl, {"seat": 1}, 409), (carl, {"seat": 2}, 422),
                                    (carl, {"seat": 7}, 422), (None, {}, 401), (pat(c, carl, "analyse"), {}, 403),
                                    (carl, {"seat": "x"}, 400)):
            r = c.post(f"/games/{gid}/join", json=body, headers=bearer(token) if token else {})
            assert r.status_code == status and {"error", "detail"} <= set(r.json()), (body, r.text)
        assert next(r for r in c.get("/games", params={"open": "true"}).json() if r["id"] == gid) == after != before
        assert c.post("/games/g-none/join", json={}, headers=bearer(carl)).status_code == 404
        assert c.post(f"/games/{gid}/cancel", headers=bearer(bob)).status_code == 403  # not its creator
        assert c.post(f"/games/{gid}/cancel", headers=bearer(ann)).json() == {"id": gid, "status": "cancelled"}
        assert c.post(f"/games/{gid}/cancel", headers=bearer(ann)).status_code == 409
        assert gid not in listed(c)
        late = c.post(f"/games/{gid}/join", json={}, headers=bearer(carl))
        assert late.status_code == 409 and "cancelled" in late.json()["detail"], late.text
        unsigned = c.post("/games", json={"type": GAME, "players": ["open", "dee"]})
        assert unsigned.status_code == 401, unsigned.text
        before = listed(c)
        for players in (["open", "x:ai-mcts@9999"], ["open", "open", "dee", "eve", "fay"]):  # past the AI cap; too many
            refused = c.post("/games", json={"type": GAME, "players": players}, headers=bearer(ann))
            assert refused.status_code == 422, refused.text
        assert listed(c) == before


def test_joining_a_finished_game_or_one_without_open_seats_is_refused(stack):
    with client_from(stack) as c:
        carl, = accounts(c, "carl")
        gid = c.post("/games", json={"type": GAME, "players": ["ann", "bob"]}).json()["id"]
        full = c.post(f"/games/{gid}/join", json={}, headers=bearer(carl))
        assert full.status_code == 409 and "full" in full.json()["detail"], full.text
        assert c.post(f"/games/{gid}/abandon", json={"reason": "test"}, headers=bearer(stack.arbiter)).status_code == 200
        over = c.post(f"/games/{gid}/join", json={}, headers=bearer(carl))
        assert over.status_code == 409 and "abandoned" in over.json()["detail"], over.text
        assert c.post(f"/games/{gid}/cancel", headers=bearer(carl)).status_code == 409


@pytest.fixture(scope="module")
def brief_stack(redis_url, tmp_path_factory):
    """A stack whose open seats close a second after their game is made."""
    stack = Stack(redis_url, tmp_path_factory.mktemp("brief-seats"), CARAVAN_OPEN_SEAT_TTL="1").start(workers=0)
    yield stack
    stack.stop()


def test_an_open_seat_unfilled_in_time_cancels_the_game(brief_stack):
    with client_from(brief_stack) as c:
        ann, bob = accounts(c, "ann", "bob")
        gid = table(c, ann, "open", "dee")["id"]
        for _ in range(100):
            if gid not in listed(c):
                break
            time.sleep(0.1)
        assert gid not in listed(c)
        late = c.post(f"/games/{gid}/join", json={}, headers=bearer(bob))
        assert late.status_code == 409 and "cancelled" in late.json()["detail"], late.text


def test_open_seats_my_games_and_invitations_work_on_the_cluster(cluster_stack):  # noqa: F811
    with client_from(cluster_stack) as c:
        tokens = []
        for prefix in ("ann", "bob", "cy"):
            name = fresh(prefix)
            signed_up(c, name)
            tokens.append((name, pat(c, signed_in(c, name)["token"], "play", "create")))  # (sessions expire in seconds)
        c.cookies.clear()
        (ann, a), (_, b), (cy, cy_token) = tokens
        gid = table(c, a, f"@{ann}", "open", f"@{cy}")["id"]
        assert gid in listed(c)
        assert [i["id"] for i in c.get("/me/invitations", headers=bearer(cy_token)).json()] == [gid]
        assert join(c, gid, b) == {"id": gid, "seat": 1, "status": "started"}
        assert [g["seat"] for g in c.get("/me/games", headers=bearer(b)).json()] == [1]
        assert seen(c, gid, cy_token)["you"] == 2 and seen(c, gid, a)["you"] == 0
        assert c.post(f"/games/{gid}/accept", headers=bearer(cy_token)).json()["status"] == "active"


def test_accounts_racing_for_the_open_seats_get_one_seat_each_and_one_game(stack):

    with client_from(stack) as c:
        ann, *racers = accounts(c, "ann", *(f"r{i}" for i in range(8)))
        gid = table(c, ann, "open", "open", "dee")["id"]
    answers: list[tuple[int, dict]] = []

    def race(token: str) -> None:
        with client_from(stack) as mine:
            r = mine.post(f"/games/{gid}/join", json={}, headers=bearer(token))
            answers.append((r.status_code, r.json()))

    threads = [threading.Thread(target=race, args=(t,)) for t in racers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    won = sorted(a["seat"] for code, a in answers if code == 200)
    assert won == [0, 1] and sorted(code for code, _ in answers) == [200, 200] + [409] * 6, answers
    assert "started" in [a["status"] for code, a in answers if code == 200]
    with client_from(stack) as c:
        game = c.get(f"/games/{gid}").json()
        assert game["status"] == "active" and [p["name"] for p in game["players"]][2] == "dee"
        assert c.get(f"/games/{gid}/events").json()[0]["kind"] == "created"
