"""Undo takes back a move the seat made itself, never one made for it: the timer's default move when its
time ran out, or an AI's move while the seat was taken over. Against AI seats (who consent at once) a
seat whose time ran out took the default move back and had the time again: the clock meant nothing."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import all_events, wait_for_human
from tests.e2e.test_come_back import taken_over

pytestmark = pytest.mark.e2e


def assert_no_undo(client, game_id):
    g = client.get(f"/games/{game_id}").json()
    assert g["undo"]["possible"] is False, g["undo"]
    before = len(all_events(client, game_id))
    r = client.post(f"/games/{game_id}/undo", json={"action": "request"})
    assert r.status_code == 422, r.text
    assert "made for you" in r.json()["detail"], r.text
    assert not [e for e in all_events(client, game_id)[before:] if e.kind.startswith("undo")]


@pytest.mark.parametrize("game_type", ["kashgar", "yangtze", "bangkok-klongs", "himalaya"])
def test_the_timers_default_move_is_not_taken_back(stack, game_type):
    others = ["bob:ai-random", "cy:ai-random"] if game_type == "himalaya" else ["bob:ai-random"]
    created = stack.client().post("/games", json={"type": game_type, "players": ["ann", *others],
                                                  "options": {"clock": "per-decision:2"}}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    deadline = time.monotonic() + 60
    while not [e for e in all_events(ann, game_id) if e.kind == "move" and e.actor == 0 and e.payload.get("timeout")]:
        assert time.monotonic() < deadline, "ann's time never ran out"
        time.sleep(0.2)
    assert_no_undo(ann, game_id)


def test_a_move_the_ai_made_while_the_seat_was_away_is_not_taken_back(stack):
    game_id, ann = taken_over(stack)
    deadline = time.monotonic() + 60
    while not [e for e in all_events(ann, game_id) if e.kind == "move" and e.actor == 0]:
        assert time.monotonic() < deadline, "the AI never moved for ann"
        time.sleep(0.2)
    assert ann.post(f"/games/{game_id}/return").status_code == 200
    wait_for_human(ann, game_id, 0, timeout=120)
    assert_no_undo(ann, game_id)
