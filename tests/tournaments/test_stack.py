"""Tournaments over the real stack: Redis, the API over HTTP, worker processes, the CLI."""

from __future__ import annotations

import json
import time

import msgspec
import pytest

from events.envelope import Envelope, check_chain

pytestmark = pytest.mark.e2e

AIS = [f"bot{i}:ai-random" for i in range(8)]


def wait_finished(client, tournament_id: str, timeout: float = 120.0) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        t = client.get(f"/tournaments/{tournament_id}").json()
        if t["status"] == "finished":
            return t
        time.sleep(0.2)
    raise AssertionError(f"tournament {tournament_id} did not finish: {t['progress']}")


def test_an_all_ai_round_robin_of_eight_runs_to_the_end(stack):
    c = stack.client()
    r = c.post("/tournaments", json={"type": "toy", "format": "round-robin", "table_size": 2, "players": AIS})
    assert r.status_code == 201, r.text
    t = wait_finished(c, r.json()["id"])
    assert t["progress"] == {"games_done": 28, "games_total": 28}
    assert len(t["games"]) == 28 and all(g["status"] == "finished" for g in t["games"])
    assert sum(s["points"] for s in t["standings"]) == 28
    rebuilt = c.get(f"/tournaments/{t['id']}", params={"rebuild": "true"}).json()
    assert rebuilt == t
