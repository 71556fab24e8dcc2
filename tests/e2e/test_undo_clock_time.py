"""An undo gives no time back. A seat moved 2-3 s into its decision and asked to take the move back;
against AI seats (who consent at once) the undo was granted and the decision began afresh, with the
whole per-decision limit again (a Fischer clock also kept the undone move's increment): twelve undos in
35 s on a 4 s clock, no timeout ever. Now the clocks stand as they stood at the position returned to,
the decision counted from when it first began."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def my_clock(client, game_id):
    return next(s for s in client.get(f"/games/{game_id}").json()["clock"]["seats"] if s["seat"] == 0)


@pytest.mark.parametrize("control", ["per-decision:30", "fischer:30+5"])
def test_an_undo_gives_no_time_back(stack, control):
    created = stack.client().post("/games", json={
        "type": "himalaya", "players": ["ann", "bob:ai-random", "cy:ai-random"],
        "options": {"clock": control}}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    for _ in range(3):
        wait_for_human(ann, game_id, 0)
        time.sleep(2)
        move = ann.get(f"/games/{game_id}/moves").json()[0]
        # Himalaya's seats plan at once: the AI seats' plans land while ann thinks, so read the version now
        version = ann.get(f"/games/{game_id}").json()["version"]
        played = ann.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": version})
        assert played.status_code in (200, 201), played.text
        undo = ann.post(f"/games/{game_id}/undo", json={"action": "request"})
        assert undo.status_code == 200 and undo.json()["granted"], undo.text
    left = my_clock(ann, game_id)
    assert left["running"] and left["remaining"] < 30 - 3 * 2, left  # the three decisions' 6 s are spent
