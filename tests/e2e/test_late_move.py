"""A move after its seat's time ran out is refused, even before the timeout job has run (issue 55, a leftover
of item 2). Before, a person whose per-decision clock had run out could still move as long as no worker had
played the timeout yet (the timer is a job on the fast queue): the move was accepted (201), and the table's
rule (the stand-in AI plays the timed-out decision) was skipped. Now such a move is a 409 naming when the
time ran out, nothing is appended, and the timeout job, once a worker runs it, plays on as usual."""

from __future__ import annotations

import time

import pytest

from service.embedded import EmbeddedRedis
from tests.stack import Stack

pytestmark = pytest.mark.e2e

LIMIT = 2.0


@pytest.fixture
def own_stack(tmp_path):
    """A stack on a store of its own: the timers are the store's, and another stack's sweeper and workers on
    the suite's store would run this game's timeout job."""
    server = EmbeddedRedis(tmp_path / "redis", durable=False).start()
    s = Stack(server.url, tmp_path).start(workers=1)
    try:
        yield s
    finally:
        s.stop()
        server.stop()


def _game(c, game_id: str) -> dict:
    return c.get(f"/games/{game_id}").json()


def _until(what, timeout: float = 60.0, every: float = 0.05):
    deadline = time.monotonic() + timeout
    while not (got := what()):
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(every)
    return got


@pytest.mark.parametrize("absent", ["ai-greedy", None])
def test_a_move_after_the_deadline_is_refused_before_the_timeout_job_runs(own_stack, absent):
    s = own_stack
    options = {"clock": f"per-decision:{LIMIT:g}", **({"absent": absent} if absent else {})}
    created = s.client().post("/games", json={"type": "toy", "players": ["ann", "bob"], "options": options}).json()
    game_id = created["id"]
    ann, bob = (s.client(seat["token"]) for seat in created["seats"])
    try:
        _until(lambda: _game(ann, game_id)["waiting_for"] != "chance")  # the worker shuffled
        s.kill_workers()  # nobody runs the timeout job from here on
        bid = bob.post(f"/games/{game_id}/moves", json={"move": bob.get(f"/games/{game_id}/moves").json()[0]})
        assert bid.status_code == 201, bid.text  # bob in time
        g = _game(ann, game_id)
        mine = next(c for c in g["clock"]["seats"] if c["seat"] == 0)
        assert mine["running"], mine
        time.sleep(max(0.0, mine["deadline"] - time.time()) + 1.0)  # past the deadline and its grace
        before = _game(ann, game_id)["version"]
        late = ann.post(f"/games/{game_id}/moves", json={"move": ann.get(f"/games/{game_id}/moves").json()[0]})
        assert late.status_code == 409, late.text  # before: 201
        assert late.json()["error"] == "conflict" and "ran out at" in late.json()["detail"], late.text
        assert ("the AI plays it" if absent else "default") in late.json()["detail"], late.text
        assert _game(ann, game_id)["version"] == before  # nothing appended

        s.start_worker()  # the timeout job runs: the game goes on
        after = _until(lambda: (g := _game(ann, game_id))["version"] > before and g)
        rows = s.client(s.arbiter).get(f"/games/{game_id}/events").json()
        played = [r for r in rows if r["version"] > before]
        # the table's rule for the late seat, by the timeout job: the stand-in AI takes it over and bids, or
        # the rulebook's default is played for it
        if absent:
            assert [r for r in played if r["kind"] == "taken-over" and r["payload"]["seat"] == 0], played
            assert [r for r in played if r["kind"] == "move" and r["payload"]["stand_in"]], played
        else:
            assert [r for r in played if r["kind"] == "move" and r["payload"]["timeout"]], played
        assert after["status"] in ("active", "finished"), after
        assert ann.get(f"/games/{game_id}/verify").json()["ok"]
    finally:
        s.client(s.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})
