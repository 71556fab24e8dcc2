"""What only the Redis store's neighbours do against a real server. The store's own semantics (expected
versions, idempotency, the hash chain, notifications, following, reading) are the contract both stores pass:
tests/test_store_contract.py."""

from __future__ import annotations

import secrets

from redis.asyncio import Redis

from events import keys
from events.store import EventStore
from tests.contract_store import chain, run

TEST_NOTIFY = "caravan:test-events:notify"  # not the games' partitions: these streams are not games


def test_the_lobby_skips_a_stream_that_is_not_a_game(redis_url):
    from projections.lobby import Lobby

    async def go():
        s, game = EventStore(Redis.from_url(redis_url), notify=lambda _: TEST_NOTIFY), secrets.token_hex(4)
        await s.append(game, 0, chain(1))  # a stream whose first event is no "created"
        lobby = Lobby(s.redis)
        assert await lobby.row(game) is None
        await lobby.project(game)
        assert await s.redis.hget(keys.LOBBY, game) is None
        await s.redis.aclose()
    run(go())
