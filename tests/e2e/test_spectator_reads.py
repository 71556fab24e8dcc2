"""A spectator's request reads the game from the store once, as a seat's does: whether a game is a private
fork is in its created event, which never changes, so the API keeps it once known; it loaded the game for
every request without a token (one more store read than a seat's: the game's head, then the route's load)."""

from __future__ import annotations

import pytest
import redis

from tests.e2e.helpers import wait_until_finished

pytestmark = pytest.mark.e2e

REQUESTS = 50


def head_reads(r: redis.Redis) -> int:
    return int(r.info("commandstats").get("cmdstat_hmget", {}).get("calls", 0))


def test_a_spectators_requests_read_the_game_as_often_as_a_seats(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    assert ann.post(f"/games/{created['id']}/resign").status_code == 200
    wait_until_finished(ann, created["id"])
    r = redis.Redis.from_url(stack.redis_url)
    counts = {}
    for who, client in (("seat", ann), ("spectator", stack.client()), ("seat again", ann)):
        client.get(f"/games/{created['id']}")  # (the first request of each may fill a cache)
        before = head_reads(r)
        for _ in range(REQUESTS):
            assert client.get(f"/games/{created['id']}").status_code == 200
        counts[who] = head_reads(r) - before
    # other processes (the sweeper) read now and then: a margin, far under one read a request
    assert counts["spectator"] <= max(counts["seat"], counts["seat again"]) + REQUESTS // 5, counts
