"""A person whose seat an AI took over comes back without having to win a race: the AI plays the seat
about 20 ms after each decision comes due, so the only way back (moving first) never worked with a
random or greedy AI (35 tries in 45 s, none). `POST /games/{id}/return` (CLI `caravan back`, the page's
"I'm back" button) gives the seat back at once; the owner's clock then runs as anyone's, and having said
it is back, the seat has shown up (the no-show rule does not take it again)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def taken_over(stack):
    created = stack.client().post("/games", json={"type": "himalaya", "players": ["ann", "bob:ai-random", "cy:ai-random"],
                                                   "options": {"no_show": "takeover:1", "absent": "ai-mcts@1"}}).json()
    # (the AI that takes ann's seat thinks a second a decision: the game lasts while the test comes back)
    ann = stack.client(created["seats"][0]["token"])
    deadline = time.monotonic() + 60
    while not [a for a in ann.get(f"/games/{created['id']}").json().get("absent", []) if a["seat"] == 0]:
        assert time.monotonic() < deadline, "ann was never taken over"
        time.sleep(0.1)
    return created["id"], ann


def test_a_seat_taken_over_comes_back_and_plays(stack):
    game_id, ann = taken_over(stack)
    assert stack.client().post(f"/games/{game_id}/return").status_code == 401
    back = ann.post(f"/games/{game_id}/return")
    assert back.status_code == 200, back.text
    g = ann.get(f"/games/{game_id}").json()
    assert not [a for a in g.get("absent", []) if a["seat"] == 0]
    g = wait_for_human(ann, game_id, 0, timeout=120)
    moves = ann.get(f"/games/{game_id}/moves").json()
    time.sleep(1.5)  # past the no-show's second: having come back, the seat is not taken again
    assert ann.post(f"/games/{game_id}/moves", json={"move": moves[0], "expected_version": g["version"]}).status_code == 201
    rows = stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()
    came = next(r["version"] for r in rows if r["kind"] == "returned" and r["actor"] == 0)
    assert not [r for r in rows if r["version"] > came and r["kind"] == "taken-over" and r["payload"]["seat"] == 0]
    again = ann.post(f"/games/{game_id}/return")  # not away: nothing to come back from, nothing appended
    assert again.status_code == 409 and again.json()["detail"], again.text


def test_caravan_back_from_the_terminal(stack, tmp_path):
    game_id, ann = taken_over(stack)
    token = ann.headers["Authorization"].split()[1]
    done = stack.cli("back", game_id, "--token", token)
    assert "your seat is yours again" in done.stdout, done.stdout
    assert not [a for a in ann.get(f"/games/{game_id}").json().get("absent", []) if a["seat"] == 0]
    shown = stack.cli("game", "show", game_id, "--token", token, check=False)
    assert "away" not in shown.stdout
