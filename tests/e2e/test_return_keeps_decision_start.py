"""A return never gives back time on a decision (issue 55, item 2). Before, a seat that timed out and was
taken over by the stand-in AI (`absent: ai-LEVEL`) could `POST /games/{id}/return` before the stand-in
moved, and the same decision's clock started again in full: a 4 s decision lasted 17.3 s after 4 returns.
Now the return keeps the decision's start: a decision whose time ran out stays the stand-in's (the return
is refused, 409, saying the seat is the person's again from its next decision), and a seat taken over
before its time ran out (a no-show) comes back to what was left of that decision, not to a fresh one."""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.e2e

STAND_IN = "ai-mcts@3"  # (it thinks 3 s a decision: the window in which a return used to restart the clock)


def _away(client, game_id: str, timeout: float = 60.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        g = client.get(f"/games/{game_id}").json()
        if [a for a in g.get("absent", []) if a["seat"] == 0]:
            return g
        assert time.monotonic() < deadline and g["status"] == "active", f"ann was never taken over: {g}"
        time.sleep(0.05)


def stand_in_moved(client, game_id: str) -> bool:
    """Whether the stand-in made seat 0's decision that timed out (a move for it after its last takeover,
    before any return): on a loaded machine it can, before the return arrives."""
    events = client.get(f"/games/{game_id}/events").json()
    taken = max((e["version"] for e in events if e["kind"] == "taken-over"), default=None)
    if taken is None:
        return False
    after = [e for e in events if e["version"] > taken]
    back = next((e["version"] for e in after if e["kind"] == "returned"), None)
    return any(e["kind"] == "move" and e["actor"] == 0 and (back is None or e["version"] < back) for e in after)


@pytest.mark.parametrize("control", ["per-decision:2", "fischer:2+0"])
def test_a_return_after_a_timeout_does_not_restart_the_decision(stack, control):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"],
                                                   "options": {"clock": control, "absent": STAND_IN}}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    try:
        _away(ann, game_id)
        answers = []
        for _ in range(4):  # the attack: come back again and again while the stand-in thinks
            answers.append(ann.post(f"/games/{game_id}/return"))
            g = ann.get(f"/games/{game_id}").json()
            mine = next(s for s in g["clock"]["seats"] if s["seat"] == 0)
            if not stand_in_moved(ann, game_id):  # (once it has, the seat's next decision is a fresh one)
                assert not (mine["running"] and mine["remaining"] > 0.5), (control, [a.text for a in answers], mine)
            if g["status"] != "active":
                break
            _away(ann, game_id)
        refused = [a for a in answers if a.status_code == 409]
        assert refused and all(a.status_code in (200, 409) for a in answers), [a.text for a in answers]
        assert "no time left" in refused[0].json()["detail"], refused[0].text
        if control.startswith("per-decision"):
            assert "next decision" in refused[0].json()["detail"], refused[0].text
        assert ann.get(f"/games/{game_id}/verify").json()["ok"]
    finally:
        stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})


@pytest.mark.parametrize("control,limit", [("per-decision:30", 30.0), ("fischer:30+0", 30.0)])
def test_a_no_show_comes_back_to_what_was_left_of_its_decision(stack, control, limit):
    """Taken over after 1 s for a no-show and back 1 s later: the decision has about 28 s left, not 30."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"],
                                                   "options": {"clock": control, "absent": STAND_IN,
                                                               "no_show": "takeover:1"}}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    try:
        deadline = time.monotonic() + 60
        while (mine := next(s for s in ann.get(f"/games/{game_id}").json()["clock"]["seats"] if s["seat"] == 0))["due"] != "no-show":
            assert time.monotonic() < deadline, mine
            time.sleep(0.05)
        began = mine["deadline"] - 1  # when the decision came due (its no-show deadline is a second later)
        _away(ann, game_id)
        time.sleep(1.0)
        back = ann.post(f"/games/{game_id}/return")
        assert back.status_code == 200, back.text
        g = ann.get(f"/games/{game_id}").json()
        mine = next(s for s in g["clock"]["seats"] if s["seat"] == 0)
        # what was left of the decision that began at `began` (before: the time away was not counted)
        assert mine["running"] and mine["remaining"] < limit - (time.time() - began) + 0.3, (mine, time.time() - began)
        assert ann.get(f"/games/{game_id}/verify").json()["ok"]
    finally:
        stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})


def test_the_stand_in_moves_on_the_fast_queue(redis_url, tmp_path):
    """With only a fast worker, the AI that took a late seat over still moves: the timeout job plays it. Before,
    its move waited on the slow queue (behind every AI search there), the window a return slipped through."""
    from tests.stack import Stack

    s = Stack(redis_url, tmp_path).start(workers=0)
    try:
        s.start_worker(fast=True)
        created = s.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                  "options": {"clock": "per-decision:1", "absent": "ai-random"}}).json()
        game_id, ann = created["id"], s.client(created["seats"][0]["token"])
        deadline = time.monotonic() + 30
        while not [r for r in ann.get(f"/games/{game_id}/events").json()
                   if r["kind"] == "move" and r["actor"] == 0 and r["payload"].get("stand_in")]:
            assert time.monotonic() < deadline, "the stand-in never moved with only a fast worker"
            time.sleep(0.2)
        s.client(s.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})
    finally:
        s.stop()
