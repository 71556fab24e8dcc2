"""The event store against a real server: expected versions, idempotency, the hash chain, following."""

from __future__ import annotations

import asyncio
import secrets

import msgspec
import pytest
from redis.asyncio import Redis

from events import keys
from events.envelope import check_chain, seal_payload
from events.store import EventStore, VersionConflict


def run(coro):
    return asyncio.run(coro)


def chain(n: int, start_prev: str = "", first: int = 1):
    out, prev = [], start_prev
    for v in range(first, first + n):
        e = seal_payload(v, 0, "move", {"move": {"type": "step", "n": v}}, prev=prev)
        out.append(e)
        prev = e.hash
    return out


TEST_NOTIFY = "caravan:test-events:notify"  # not the games' partitions: these streams are not games


@pytest.fixture
def store(redis_url):
    return lambda: EventStore(Redis.from_url(redis_url), notify=lambda _: TEST_NOTIFY)


def test_an_append_at_a_stale_version_is_refused_and_writes_nothing(store):
    async def go():
        s, game = store(), secrets.token_hex(4)
        events = chain(2)
        await s.append(game, 0, events[:1])
        with pytest.raises(VersionConflict) as e:
            await s.append(game, 0, events[1:])
        assert e.value.actual == 1
        assert [x.version for x in await s.read(game)] == [1]
    run(go())


def test_a_batch_appends_consecutive_versions_atomically(store):
    async def go():
        s, game = store(), secrets.token_hex(4)
        done = await s.append(game, 0, chain(3))
        assert done.version == 3 and await s.head(game) == (3, (await s.read(game))[-1].hash)
        assert check_chain(await s.read(game)) is None
    run(go())


def test_the_same_idempotency_key_appends_once_and_answers_the_same(store):
    async def go():
        s, game = store(), secrets.token_hex(4)
        first = await s.append(game, 0, chain(1), idempotency_key="k")
        again = await s.append(game, 0, chain(1), idempotency_key="k")
        assert (first.version, first.duplicate) == (1, False)
        assert (again.version, again.duplicate) == (1, True)
        assert len(await s.read(game)) == 1
    run(go())


def test_every_append_notifies_its_stream(store, redis_url):
    async def go():
        s, game = store(), secrets.token_hex(4)
        await s.append(game, 0, chain(2))
        rows = await s.redis.xrevrange(TEST_NOTIFY, count=50)
        assert any(f[b"game"].decode() == game and f[b"version"] == b"2" for _, f in rows)
    run(go())


def test_a_game_waiting_on_a_worker_is_marked_and_unmarked(store):
    async def go():
        s, game = store(), secrets.token_hex(4)
        events = chain(2)
        await s.append(game, 0, events[:1], waits="chance")
        assert await s.redis.zscore(keys.WAITING, game) is not None
        await s.append(game, 1, events[1:], waits="")
        assert await s.redis.zscore(keys.WAITING, game) is None
    run(go())


def test_follow_delivers_events_appended_later(store):
    async def go():
        s, game = store(), secrets.token_hex(4)
        events = chain(3)
        await s.append(game, 0, events[:1])

        async def later():
            await asyncio.sleep(0.1)
            await s.append(game, 1, events[1:])

        task = asyncio.create_task(later())
        got = []
        async for e in s.follow(game, after=1, block_ms=2000):
            got.append(e.version)
            if len(got) == 2:
                break
        await task
        assert got == [2, 3]
    run(go())


def test_the_chain_names_the_first_edited_event():
    events = chain(4)
    edited = msgspec.structs.replace(events[2], payload={"move": {"type": "step", "n": 99}})
    broken = check_chain([*events[:2], edited, events[3]])
    assert broken is not None and broken.version == 3
    assert check_chain([events[0], events[2], events[3]]).version == 2  # a dropped event


def test_the_lobby_skips_a_stream_that_is_not_a_game(store):
    from projections.lobby import Lobby

    async def go():
        s, game = store(), secrets.token_hex(4)
        await s.append(game, 0, chain(1))  # a stream whose first event is no "created"
        lobby = Lobby(s.redis)
        assert await lobby.row(game) is None
        await lobby.project(game)
        assert await s.redis.hget(keys.LOBBY, game) is None
    run(go())
