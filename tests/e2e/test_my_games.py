"""`GET /me/games` on the real stack (issue 57): the signed-in account's games, those waiting for it first,
each with its seat and the time left on its clock; a game whose open seats wait is listed as `open`."""

from __future__ import annotations

import time

import pytest

from tests.e2e.test_account_seats import GAME, ann_to_act, pat
from tests.e2e.test_accounts import bearer, client_from, fresh, signed_in, signed_up
from tests.e2e.test_join import join

pytestmark = pytest.mark.e2e


def my_games(c, token: str | None) -> list[dict]:
    r = c.get("/me/games", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def steady(rows: list[dict]) -> list[dict]:
    """The rows without the clocks (a running clock's remaining time moves between two reads)."""
    return [{k: v for k, v in g.items() if k != "clock"} for g in rows]


def open_row(rows: list[dict], table: dict) -> dict:
    return next(g for g in rows if g["id"] == table["id"])


def wait_for_people(c, game_id: str) -> None:
    for _ in range(600):
        if c.get(f"/games/{game_id}").json()["actors"]:
            return
        time.sleep(0.05)
    raise AssertionError(f"game {game_id} never got past its first draw")


def test_my_games_put_those_waiting_for_me_first_with_my_clock(stack):
    ann, bob = fresh("ann"), fresh("bob")
    with client_from(stack) as c:
        signed_up(c, ann), signed_up(c, bob)
        session, other = signed_in(c, ann)["token"], signed_in(c, bob)["token"]
        c.cookies.clear()
        token = pat(c, session, "play")
        assert my_games(c, token) == []
        clocked = c.post("/games", json={"type": GAME, "players": [f"@{ann}", "carl"],
                                         "options": {"clock": "fischer:600+5"}}).json()
        ann_to_act(c, clocked["id"], clocked["seats"][1]["token"])
        waits = c.post("/games", json={"type": GAME, "players": ["dee", f"@{ann}"]}).json()  # ann's turn or not: either way ordered
        wait_for_people(c, waits["id"])  # (the first draw made: the list holds still while nobody moves)
        table = c.post("/games", json={"type": GAME, "players": [f"@{ann}", "open"]}, headers=bearer(other)).json()
        rows = my_games(c, token)
        assert {g["id"] for g in rows} == {clocked["id"], waits["id"], table["id"]}
        assert steady(rows) == steady(my_games(c, session))  # the same list from every credential of the account
        first = next(g for g in rows if g["id"] == clocked["id"])  # (the other game may wait for ann too: newer)
        assert first["waiting"] and first["seat"] == 0 and rows.index(first) < rows.index(open_row(rows, table))
        assert first["clock"]["running"] and 0 < first["clock"]["remaining"] <= 600 and first["clock"]["deadline"]
        waiting = [g["waiting"] for g in rows]
        assert waiting == sorted(waiting, reverse=True)  # those waiting for me, then the rest
        assert open_row(rows, table)["status"] == "open" and open_row(rows, table)["players"] == [ann, "open"]
        assert not open_row(rows, table)["waiting"]
        assert next(g for g in rows if g["id"] == waits["id"])["seat"] == 1
        assert my_games(c, other) == []  # bob made the table, holds no seat of it
        join(c, table["id"], other)
        assert [g["seat"] for g in my_games(c, other)] == [1]
        assert c.get("/me/games").status_code == 401
