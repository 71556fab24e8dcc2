"""A game's time limit is enforced by the platform: when the acting seats' clock runs out, the workers
play the rulebook's timeout move for every late human seat (Himalaya's planning clock)."""

from __future__ import annotations

import time

import pytest

from games.registry import all_games

pytestmark = pytest.mark.e2e


@pytest.mark.skipif("himalaya" not in all_games(), reason="Himalaya has not landed")
def test_the_planning_clock_programs_late_discs(stack):
    body = {"type": "himalaya", "players": ["ann", "bob", "cat"], "options": {"planning_time_limit": 2}}
    created = stack.client().post("/games", json=body).json()
    game_id = created["id"]
    seats = {s["seat"]: stack.client(s["token"]) for s in created["seats"]}
    for _ in range(200):  # play the first legal move until the planning phase starts
        g = seats[0].get(f"/games/{game_id}").json()
        if g["view"]["phase"] == "planning":
            break
        for seat in g["actors"]:
            moves = seats[seat].get(f"/games/{game_id}/moves").json()
            if moves:
                seats[seat].post(f"/games/{game_id}/moves", json={"move": moves[0]})
        time.sleep(0.05)
    assert g["view"]["phase"] == "planning"
    assert g["time_limit"] == 2 and g["deadline"] > time.time() - 1
    moves = seats[0].get(f"/games/{game_id}/moves").json()
    seats[0].post(f"/games/{game_id}/moves", json={"move": moves[0]})  # ann enters one disc herself
    deadline = time.time() + 20
    while time.time() < deadline:
        g = seats[0].get(f"/games/{game_id}").json()
        if g["view"]["phase"] != "planning":
            break
        time.sleep(0.2)
    assert g["view"]["phase"] != "planning"
    events = stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()
    timed_out = [e for e in events if e["kind"] == "move" and e["payload"].get("timeout")]
    assert {e["actor"] for e in timed_out} == {0, 1, 2}
    assert sum(1 for e in timed_out if e["actor"] == 0) == 5  # ann's own disc stood
