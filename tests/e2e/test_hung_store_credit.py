"""A hung store is not charged to the clocks (issue 55, item 15). Before, the store stopped (SIGSTOP) for
12 s left a seat 12.8 s of 30 s and no `clock-paused` event was written: the API never died, so nothing
noticed that nobody could move. Now an API process that finds the last "up" of any API process `LEAST`
seconds old or more (service/outage.py) gives that stretch back, however it happened; meanwhile a timeout
job waits."""

from __future__ import annotations

import os
import signal
import time

import pytest

from service.embedded import EmbeddedRedis
from tests.e2e.helpers import wait_for_human
from tests.stack import Stack

pytestmark = pytest.mark.e2e
HUNG = 8.0


def _hang(server: EmbeddedRedis, seconds: float) -> None:
    os.kill(server.proc.pid, signal.SIGSTOP)
    try:
        time.sleep(seconds)
    finally:
        os.kill(server.proc.pid, signal.SIGCONT)


def _mine(g: dict, seat: int = 0) -> dict:
    return next(c for c in g["clock"]["seats"] if c["seat"] == seat)


@pytest.mark.parametrize("control", ["fischer:20+0", "per-decision:6"])
def test_a_stopped_store_is_given_back_to_the_clocks(tmp_path, control):
    server = EmbeddedRedis(tmp_path / "redis", durable=False).start()
    s = Stack(server.url, tmp_path).start(workers=1)
    try:
        created = s.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"],
                                                  "options": {"clock": control}}).json()
        game_id, ann = created["id"], s.client(created["seats"][0]["token"])
        before = _mine(wait_for_human(ann, game_id, 0))["remaining"]
        _hang(server, HUNG)  # (a per-decision seat's deadline falls in the hang)
        deadline = time.monotonic() + 30
        while not (paused := [e for e in ann.get(f"/games/{game_id}/events").json() if e["kind"] == "clock-paused"]):
            assert time.monotonic() < deadline, "no clock-paused event after the store hung"
            time.sleep(0.2)
        assert paused[0]["payload"]["seconds"] >= HUNG - 1, paused
        g = ann.get(f"/games/{game_id}").json()
        assert not [a for a in g.get("absent", []) if a["seat"] == 0], g  # (absent: default: never taken over)
        rows = ann.get(f"/games/{game_id}/events").json()
        assert not [r for r in rows if r["kind"] == "move" and r["actor"] == 0 and r["payload"].get("timeout")], rows
        print(f"{control}: {before:.1f} s left before the store hung {HUNG:g} s, {_mine(g)['remaining']:.1f} s after; "
              f"clock-paused {paused[0]['payload']['seconds']} s")
        assert _mine(g)["remaining"] > before - 4, (before, _mine(g))  # the 8 s hang not counted
        assert ann.get(f"/games/{game_id}/verify").json()["ok"]
    finally:
        s.stop()
        server.stop()
