"""Seats bound to accounts on the real stack (issue 57, "Seats bound to people"): `@NAME` in POST /games
seats that account, which plays with its own sign-in (a session or a personal token with `play`) and gets
no seat token; every credential of the account reads the seat's private view, an account holding no seat
reads what a spectator reads; `@NAME` of no account creates nothing."""

from __future__ import annotations

import time

import pytest
import redis

from tests.e2e.test_accounts import bearer, client_from, fresh, signed_in, signed_up
from tests.e2e.test_accounts_cluster import cluster_stack  # noqa: F401 (a fixture: the cluster's stack)

pytestmark = pytest.mark.e2e

GAME = "yangtze"


def pat(c, session: str, *scopes: str) -> str:
    r = c.post("/me/tokens", json={"label": "t", "scopes": list(scopes)}, headers=bearer(session))
    assert r.status_code == 201, r.text
    return r.json()["token"]


def made(c, *players: str, token: str | None = None) -> dict:
    r = c.post("/games", json={"type": GAME, "players": list(players)}, headers=bearer(token) if token else {})
    assert r.status_code == 201, r.text
    return r.json()


def ann_to_act(c, game_id: str, guest: str, seat: int = 0) -> None:
    """Wait until `seat` acts, playing the guest's first legal move whenever the guest acts first."""
    for _ in range(600):
        g = c.get(f"/games/{game_id}").json()
        if seat in g["actors"]:
            return
        if g["actors"]:
            move = c.get(f"/games/{game_id}/moves", headers=bearer(guest)).json()[0]
            c.post(f"/games/{game_id}/moves", json={"move": move}, headers=bearer(guest))
        time.sleep(0.05)
    raise AssertionError(f"seat {seat} never got to act in game {game_id}")


def seen(c, game_id: str, token: str | None) -> dict:
    r = c.get(f"/games/{game_id}", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return {k: v for k, v in r.json().items() if k not in ("deadline", "clock")}


def test_an_account_seat_gets_no_token_and_plays_with_its_own_credentials(stack):
    ann, bob = fresh("ann"), fresh("bob")
    with client_from(stack) as c:
        signed_up(c, ann), signed_up(c, bob)
        one, two = signed_in(c, ann)["token"], signed_in(c, ann.upper())["token"]  # two devices
        play, reader = pat(c, one, "play"), pat(c, one, "analyse")
        outsider = signed_in(c, bob)["token"]
        c.cookies.clear()  # (signing in set a session cookie: each request here says who it is)
        game = made(c, f"@{ann.upper()}", "carl")
        gid = game["id"]
        assert game["seats"][0] == {"seat": 0, "name": ann, "account": True}  # the account's spelling, no token
        assert game["seats"][1]["token"] and "account" not in game["seats"][1]
        ann_to_act(c, gid, game["seats"][1]["token"])
        views = [seen(c, gid, t) for t in (one, two, play, reader)]
        assert all(v == views[0] for v in views) and views[0]["you"] == 0
        guest = seen(c, gid, game["seats"][1]["token"])
        assert guest["you"] == 1 and guest["view"] != views[0]["view"]  # each seat sees its own hand
        spectator = seen(c, gid, None)
        assert seen(c, gid, outsider) == spectator and spectator["you"] is None
        assert spectator["view"] != views[0]["view"]  # (the seat's view holds what a spectator's does not)
        c.cookies.set("caravan_session", one)  # a browser signed in: its cookie reads the seat too
        assert seen(c, gid, None) == views[0]
        c.cookies.clear()
        moves = c.get(f"/games/{gid}/moves", headers=bearer(play))
        assert moves.status_code == 200 and moves.json(), moves.text
        version = views[0]["version"]
        for token in (reader, outsider):  # a token without `play`, an account with no seat: nothing changes
            refused = c.post(f"/games/{gid}/moves", json={"move": moves.json()[0]}, headers=bearer(token))
            assert refused.status_code == 401, refused.text
            assert seen(c, gid, one)["version"] == version
        link = c.post(f"/games/{gid}/links", headers=bearer(one))  # (it would hand the account's token on)
        assert link.status_code == 401, link.text
        moved = c.post(f"/games/{gid}/moves", json={"move": moves.json()[0]}, headers=bearer(play))  # the fast path
        assert moved.status_code == 201, moved.text
        assert seen(c, gid, two)["version"] > version


def test_a_session_plays_through_the_route_with_an_idempotency_key(stack):
    ann = fresh("ann")
    with client_from(stack) as c:
        signed_up(c, ann)
        session = signed_in(c, ann)["token"]
        game = made(c, f"@{ann}", "carl")
        gid = game["id"]
        ann_to_act(c, gid, game["seats"][1]["token"])
        move = c.get(f"/games/{gid}/moves", headers=bearer(session)).json()[0]
        headers = {**bearer(session), "Idempotency-Key": "k1"}  # (the fast path leaves it to Litestar)
        first = c.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
        again = c.post(f"/games/{gid}/moves", json={"move": move}, headers=headers)
        assert first.status_code == again.status_code == 201, (first.text, again.text)
        assert again.headers.get("Idempotent-Replayed") == "true"


def test_a_session_cookie_moves_with_its_csrf_value_and_only_so(stack):
    """The game page plays an account's seat with the session cookie (no token pasted): a move sent with the
    cookie and the session's CSRF value in X-CSRF-Token is the seat's (through the route: the fast path
    takes bearer moves only); without the value, or with another, 403 csrf-missing and nothing appended; an
    account holding no seat moves nothing, with its CSRF value or not."""
    ann, bob = fresh("ann"), fresh("bob")
    with client_from(stack) as c:
        signed_up(c, ann), signed_up(c, bob)
        bobs = signed_in(c, bob)
        session = signed_in(c, ann)
        c.cookies.clear()
        game = made(c, f"@{ann}", "carl")
        gid = game["id"]
        ann_to_act(c, gid, game["seats"][1]["token"])
        move = c.get(f"/games/{gid}/moves", headers=bearer(session["token"])).json()[0]
        version = seen(c, gid, None)["version"]
        cookie = {"Cookie": f"caravan_session={session['token']}"}
        for csrf in (None, "", bobs["csrf"], session["csrf"] + "x"):
            sent = {**cookie, **({"X-CSRF-Token": csrf} if csrf is not None else {})}
            refused = c.post(f"/games/{gid}/moves", json={"move": move}, headers=sent)
            assert refused.status_code == 403 and refused.json()["error"] == "csrf-missing", refused.text
        bob_cookie = {"Cookie": f"caravan_session={bobs['token']}", "X-CSRF-Token": bobs["csrf"]}
        spectator = c.post(f"/games/{gid}/moves", json={"move": move}, headers=bob_cookie)
        assert spectator.status_code == 401, spectator.text
        assert seen(c, gid, None)["version"] == version
        moved = c.post(f"/games/{gid}/moves", json={"move": move, "expected_version": version},
                       headers={**cookie, "X-CSRF-Token": session["csrf"]})
        assert moved.status_code == 201, moved.text
        assert seen(c, gid, None)["version"] > version


def test_a_seat_for_no_account_is_refused_and_creates_nothing(stack):
    ann = fresh("ann")
    with client_from(stack) as c:
        signed_up(c, ann)
        before = stack_games(stack)
        for players in (["@nobody" + ann, "carl"], [f"@{ann}", f"@{ann.upper()}"]):
            r = c.post("/games", json={"type": GAME, "players": players})
            assert r.status_code == 422, r.text
            assert r.json()["error"] == ("no-such-account" if players[0].startswith("@nobody") else "invalid")
        assert c.post(f"/accounts/{ann}/disable", headers=bearer(stack.arbiter)).status_code == 200
        r = c.post("/games", json={"type": GAME, "players": [f"@{ann}", "carl"]})
        assert r.status_code == 422 and r.json()["error"] == "no-such-account", r.text
        assert stack_games(stack) == before


def stack_games(stack) -> int:
    return redis.Redis.from_url(stack.redis_url).zcard("caravan:games")


def test_an_account_seat_is_bound_in_the_games_own_slot_on_the_cluster(cluster_stack):  # noqa: F811
    ann = fresh("ann")
    with client_from(cluster_stack) as c:
        signed_up(c, ann)
        token = pat(c, signed_in(c, ann)["token"], "play")  # (this stack's sessions expire in seconds)
        gid = made(c, "carl", f"@{ann}")["id"]
        assert seen(c, gid, token)["you"] == 1
    secret = f"caravan:{{{gid}}}:secret"
    bound = [f for f in cluster_stack.store.hkeys(secret) if f.startswith(b"acct:")]
    assert len(bound) == 1 and cluster_stack.store.hget(secret, bound[0]) == b"1"


def test_the_log_and_past_states_follow_the_account_not_the_credential(stack):
    """Every read of the log and of a past state: the account's two credentials read the same, and what
    its seat may read; an account with no seat reads exactly what a spectator does."""
    ann, bob = fresh("ann"), fresh("bob")
    with client_from(stack) as c:
        signed_up(c, ann), signed_up(c, bob)
        session, outsider = signed_in(c, ann)["token"], signed_in(c, bob)["token"]
        play = pat(c, session, "play")
        c.cookies.clear()
        game = made(c, f"@{ann}", "carl")
        gid, guest = game["id"], game["seats"][1]["token"]
        ann_to_act(c, gid, guest)
        at = seen(c, gid, None)["version"]

        def read(path: str, token: str | None, **params) -> object:
            r = c.get(path, params=params, headers=bearer(token) if token else {})
            assert r.status_code == 200, r.text
            return r.json()

        for path, params in ((f"/games/{gid}/events", {}), (f"/games/{gid}/state", {"at": at - 1})):
            mine = [read(path, t, **params) for t in (session, play)]
            assert mine[0] == mine[1]
            assert read(path, outsider, **params) == read(path, None, **params)
        rows = read(f"/games/{gid}/events", session)
        hidden = [r for r in read(f"/games/{gid}/events", None) if r["payload"] is None]
        assert hidden, "the game keeps something from a spectator"
        by_version = {r["version"]: r for r in rows}
        assert any(by_version[r["version"]]["payload"] is not None for r in hidden)  # the seat reads its own


READ_PATHS = ("", "/moves", "/events?words=true", "/events?from=2", "/export", "/view/frame", "/analysis")


def test_every_read_path_shows_an_account_without_a_seat_what_a_spectator_sees(stack):
    """The leak check's read paths (tests/test_leaks.py) for accounts: an account holding no seat gets a
    spectator's answer on each (status and body), and two credentials of the seat's account the same."""
    ann, bob = fresh("ann"), fresh("bob")
    with client_from(stack) as c:
        signed_up(c, ann), signed_up(c, bob)
        session, outsider = signed_in(c, ann)["token"], signed_in(c, bob)["token"]
        play = pat(c, session, "play")
        c.cookies.clear()
        game = made(c, f"@{ann}", "carl")
        gid = game["id"]
        ann_to_act(c, gid, game["seats"][1]["token"])

        def read(path: str, token: str | None) -> tuple[int, object]:
            r = c.get(f"/games/{gid}{path}", headers=bearer(token) if token else {})
            body = r.json() if r.headers.get("content-type", "").startswith("application/json") else r.text
            if isinstance(body, dict):
                body = {k: v for k, v in body.items() if k not in ("request_id", "deadline", "clock", "server_time")}
            return r.status_code, body

        for path in READ_PATHS:
            assert read(path, outsider) == read(path, None), path
            assert read(path, session) == read(path, play), path
        assert read("/moves", session)[0] == 200 and read("/moves", outsider)[0] == 401
        assert read("/view/frame", session) != read("/view/frame", None)  # the seat's frame shows its own hand
