"""A seat whose Fischer time is spent cannot come back: with no main time left every decision of its is
late at once, so a `returned` held for 87 ms before the AI took the seat again "out of time" (the page
said "Your seat is yours again."). `POST /games/{id}/return` refuses it (409 `conflict`, saying there is
no time left on the clock) and appends nothing; `caravan back` says so and exits 1."""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.e2e


def out_of_time(stack) -> tuple[str, dict]:
    """A toy game, ann's two seconds spent and an AI playing her seat; bob (30 s after his first move)
    keeps the game going meanwhile."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                   "options": {"clock": "fischer:2+30", "absent": "ai-random"}}).json()
    game_id, bob = created["id"], stack.client(created["seats"][1]["token"])
    deadline = time.monotonic() + 30
    while 1 not in bob.get(f"/games/{game_id}").json()["actors"]:
        assert time.monotonic() < deadline, "bob never got to act"
        time.sleep(0.05)
    g = bob.get(f"/games/{game_id}").json()
    moved = bob.post(f"/games/{game_id}/moves", json={"move": bob.get(f"/games/{game_id}/moves").json()[0],
                                                      "expected_version": g["version"]})
    assert moved.status_code == 201, moved.text
    while not [a for a in bob.get(f"/games/{game_id}").json().get("absent", []) if a["seat"] == 0]:
        assert time.monotonic() < deadline, "ann's time never ran out"
        time.sleep(0.05)
    return game_id, created


def test_a_return_with_no_time_left_is_refused_and_changes_nothing(stack):
    game_id, created = out_of_time(stack)
    ann = stack.client(created["seats"][0]["token"])
    before = ann.get(f"/games/{game_id}").json()
    assert before["status"] == "active" and before["clock"]["seats"][0]["remaining"] == 0
    back = ann.post(f"/games/{game_id}/return")
    assert back.status_code == 409, back.text
    assert back.json()["error"] == "conflict" and "no time left on the clock" in back.json()["detail"], back.text
    after = ann.get(f"/games/{game_id}").json()
    assert after["version"] == before["version"] and [a["seat"] for a in after["absent"]] == [0]


def test_caravan_back_says_there_is_no_time_left(stack):
    game_id, created = out_of_time(stack)
    done = stack.cli("back", game_id, "--token", created["seats"][0]["token"], check=False)
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "no time left on the clock" in done.stderr and "yours again" not in done.stdout, done.stderr
