"""Invitations on the real stack (issue 57): an `@NAME` seat made by someone else is listed in that
account's invitations until it accepts (POST /games/{id}/accept, or by playing) or declines
(POST /games/{id}/decline), which calls the game off or opens the seat, as the creator chose."""

from __future__ import annotations

import pytest

from tests.e2e.test_account_seats import GAME, ann_to_act
from tests.e2e.test_accounts import bearer, client_from, fresh, signed_in, signed_up
from tests.e2e.test_join import join, listed

pytestmark = pytest.mark.e2e


def people(c, *prefixes: str) -> list[tuple[str, str]]:
    """(name, session) of new accounts."""
    out = []
    for p in prefixes:
        name = fresh(p)
        signed_up(c, name)
        out.append((name, signed_in(c, name)["token"]))
    c.cookies.clear()
    return out


def invitations(c, token: str) -> list[dict]:
    r = c.get("/me/invitations", headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


def answer(c, gid: str, verb: str, token: str, status: int = 200) -> dict:
    r = c.post(f"/games/{gid}/{verb}", headers=bearer(token))
    assert r.status_code == status, r.text
    return r.json()


def new_game(c, players: list[str], token: str | None = None, **extra) -> dict:
    r = c.post("/games", json={"type": GAME, "players": players, **extra}, headers=bearer(token) if token else {})
    assert r.status_code == 201, r.text
    return r.json()


def test_an_invitation_is_listed_until_accepted(stack):
    with client_from(stack) as c:
        (ann, a), (bob, b), (_, carl) = people(c, "ann", "bob", "carl")
        gid = new_game(c, [f"@{ann}", f"@{bob}"], a)["id"]
        assert invitations(c, a) == []  # ann made it: her own seat is no invitation
        (inv,) = invitations(c, b)
        assert inv == {"id": gid, "type": GAME, "seat": 1, "players": [ann, bob], "status": "active", "on_decline": "cancel"}
        assert answer(c, gid, "accept", carl, 409)["error"] == "conflict"  # not invited
        assert answer(c, "g-none", "accept", b, 404)
        assert answer(c, gid, "accept", b) == {"id": gid, "seat": 1, "status": "active"}
        assert invitations(c, b) == []
        answer(c, gid, "accept", b, 409)
        answer(c, gid, "decline", b, 409)  # answered: nothing changes
        assert c.get(f"/games/{gid}").json()["status"] == "active"
        assert c.get("/me/invitations").status_code == 401


def test_playing_accepts_and_a_decline_before_calls_the_game_off(stack):
    with client_from(stack) as c:
        (bob, b), = people(c, "bob")
        played = new_game(c, [f"@{bob}", "carl"])
        declined = new_game(c, [f"@{bob}", "dee"])
        assert {i["id"] for i in invitations(c, b)} == {played["id"], declined["id"]}
        ann_to_act(c, played["id"], played["seats"][1]["token"])
        move = c.get(f"/games/{played['id']}/moves", headers=bearer(b)).json()[0]
        assert c.post(f"/games/{played['id']}/moves", json={"move": move}, headers=bearer(b)).status_code == 201
        assert [i["id"] for i in invitations(c, b)] == [declined["id"]]  # playing accepted it
        answer(c, played["id"], "decline", b, 409)
        assert answer(c, declined["id"], "decline", b) == {"id": declined["id"], "seat": 0, "status": "abandoned"}
        assert c.get(f"/games/{declined['id']}").json()["status"] == "abandoned"
        assert invitations(c, b) == []


def test_with_on_decline_open_the_game_waits_for_answers_and_a_decline_opens_the_seat(stack):
    with client_from(stack) as c:
        (ann, a), (bob, b), (cy, cy_token), (_, dee) = people(c, "ann", "bob", "cy", "dee")
        made = new_game(c, [f"@{ann}", f"@{bob}", f"@{cy}"], a, on_decline="open")
        gid = made["id"]
        assert c.get(f"/games/{gid}").status_code == 404  # it waits for bob's and cy's answers
        assert gid not in listed(c)  # no open seat yet
        (inv,) = invitations(c, b)
        assert inv["status"] == "open" and inv["on_decline"] == "open" and inv["seat"] == 1
        assert answer(c, gid, "accept", cy_token) == {"id": gid, "seat": 2, "status": "open"}  # bob's answer awaited
        assert answer(c, gid, "decline", b) == {"id": gid, "seat": 1, "status": "open"}
        assert gid in listed(c)
        row = next(r for r in c.get("/games", params={"open": "true"}).json() if r["id"] == gid)
        assert row["players"] == [ann, "open", cy]
        assert join(c, gid, dee, seat=1)["status"] == "started"
        game = c.get(f"/games/{gid}", headers=bearer(dee)).json()
        assert game["you"] == 1 and game["status"] == "active" and game["players"][2]["name"] == cy
        assert c.get(f"/games/{gid}", headers=bearer(b)).json()["you"] is None  # bob declined: no seat


def test_a_game_made_on_the_signed_in_page_is_no_invitation_to_its_maker(stack):
    """ann signed in by cookie (the new-game form sends it with the session's CSRF value) makes a game
    with her own seat `@ann`: it is hers, not an invitation to her (it was listed in her invitations, as if
    someone else had made it); a cookie without the CSRF value is nobody's, and her seat is invited."""
    with client_from(stack) as c:
        (ann, _), = people(c, "ann")
        s = signed_in(c, ann)  # (sets the session cookie)
        unknown = c.post("/games", json={"type": GAME, "players": [f"@{ann}", "bob:ai-greedy"]})
        mine = c.post("/games", json={"type": GAME, "players": [f"@{ann}", "bob:ai-greedy"]},
                      headers={"X-CSRF-Token": s["csrf"]})
        assert unknown.status_code == mine.status_code == 201, (unknown.text, mine.text)
        invited = [i["id"] for i in invitations(c, s["token"])]
        assert unknown.json()["id"] in invited and mine.json()["id"] not in invited, invited
