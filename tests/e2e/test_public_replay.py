"""Everything is public once a game ends (README, "Secrets stay secret"), past positions included: a replay
of a finished or abandoned game (`GET /games/{id}/state?at=N`, the page's `view/frame?at=N`, `caravan replay`
which reads them) shows every seat's hidden parts in its `view`, as `GET /games/{id}` shows them at the end.
Before, the view of a past position was the spectator's (`"hands": [2, 2]` in the toy game), though the same
answer's `seat_views` held every hand. A game still running keeps them hidden."""

from __future__ import annotations

import html
import json

import pytest

from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def a_dealt_position(client, game_id: str, last: int) -> dict:
    """The state after the first event that leaves the hands dealt and the game not over."""
    for n in range(2, last):
        then = client.get(f"/games/{game_id}/state", params={"at": n}).json()
        if then["view"]["phase"] == "bid" and any(then["seat_views"][i]["hands"][i] for i in range(2)):
            return then
    raise AssertionError("no position with dealt hands")


def every_hand(g: dict) -> list:
    """Each seat's hand as that seat sees it (its own view)."""
    return [g["seat_views"][i]["hands"][i] for i in range(len(g["players"]))]


def test_a_finished_games_past_position_shows_every_hand(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann:ai-random", "bob:ai-random"]}).json()
    game_id = created["id"]
    last = wait_until_finished(stack.client(), game_id)["version"]
    then = a_dealt_position(stack.client(), game_id, last)
    assert all(isinstance(h, list) for h in then["view"]["hands"]), then["view"]
    assert then["view"]["hands"] == every_hand(then)
    frame = stack.client().get(f"/games/{game_id}/view/frame", params={"at": then["version"]}).json()
    board = html.unescape(frame["board"].removeprefix('<pre class="board-text">').removesuffix("</pre>"))
    assert json.loads(board)["hands"] == every_hand(then)  # the web replay draws the same view


def test_an_abandoned_game_shows_every_hand(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, game_id, 0)
    running = stack.client().get(f"/games/{game_id}").json()
    assert all(isinstance(h, int) for h in running["view"]["hands"])  # hidden while it runs
    at = stack.client().get(f"/games/{game_id}/state", params={"at": running["version"] - 1}).json()
    assert not any(isinstance(h, list) for h in at["view"]["hands"]) and "seat_views" not in at
    assert stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "x"}).status_code == 200
    now = stack.client().get(f"/games/{game_id}").json()
    assert now["status"] == "abandoned"
    assert now["view"]["hands"] == every_hand(now) and all(isinstance(h, list) for h in now["view"]["hands"])
    then = stack.client().get(f"/games/{game_id}/state", params={"at": running["version"]}).json()
    assert then["view"]["hands"] == every_hand(then)
