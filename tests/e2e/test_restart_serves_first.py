"""A restart after an outage answers at once and gives the clocks their time back in the background (issue
55, item 8). Before, the first API process to start gave every clocked game its `clock-paused` event
before it answered anyone: 3.8 ms a game, 10.4 s to a healthy `/health` with 2,004 clocked games (2.8 s
without). Now the games are marked owed the outage (one round trip per 500) before the process says it is
up, and given their time after it answers: `/health` answers while games are still owed, and every game
ends up given its time once."""

from __future__ import annotations

import os
import signal
import subprocess
import time

import pytest
import redis

from events import keys
from service.embedded import EmbeddedRedis
from service.outage import LEAST, OWED
from service.stack import api_command
from tests.stack import Stack, wait_for

pytestmark = pytest.mark.e2e
GAMES = 400


def stop_api(s: Stack) -> None:
    s.api.terminate()
    try:
        s.api.wait(10)
    finally:
        try:
            os.killpg(s.api.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        s.api.wait(5)


def until(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while not (got := check()):
        assert time.monotonic() < deadline, what
        time.sleep(0.1)
    return got


def test_a_restart_answers_before_every_clocked_game_is_given_its_time(tmp_path):
    server = EmbeddedRedis(tmp_path / "redis", durable=False).start()
    s = Stack(server.url, tmp_path).start(workers=1)
    store = redis.Redis.from_url(server.url)
    try:
        arbiter = s.client(s.arbiter)
        ids = [arbiter.post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                            "options": {"clock": "per-decision:3600"}}).json()["id"]
               for _ in range(GAMES)]
        until(lambda: store.zcard(keys.TIMERS) >= GAMES, 120, "the games' clocks never all ran")
        stop_api(s)
        time.sleep(LEAST + 1)  # down: an outage
        began = time.monotonic()
        s.api = s._spawn(api_command("127.0.0.1", s.port))
        wait_for(s.url + "/health", timeout=60)
        up, owed = time.monotonic() - began, store.hlen(OWED)
        print(f"/health up {up:.2f} s after the start with {GAMES} clocked games; {owed} still owed then")
        assert owed > 0, f"every game was given its time before /health answered ({up:.2f} s)"
        assert s.client().get("/health").status_code == 200
        until(lambda: store.hlen(OWED) == 0, 120, "the games were never all given their time")
        for game_id in ids[:: GAMES // 10]:
            rows = arbiter.get(f"/games/{game_id}/events").json()
            paused = [r for r in rows if r["kind"] == "clock-paused"]
            assert len(paused) == 1 and paused[0]["payload"]["seconds"] >= LEAST, paused
            assert arbiter.get(f"/games/{game_id}/verify").json()["ok"]
    finally:
        s.stop()
        server.stop()
