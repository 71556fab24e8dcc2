"""One contract for both event stores: the Redis one (events/store.py, on the embedded server) and the one in
memory (events/memory.py). Every test here runs against each (`-k memory`: the memory half alone, no
Redis started, in milliseconds): expected versions (two racing appenders: one wins), idempotency, the hash
chain, the notification feed, reading ranges, a game that does not exist, the waiting mark and the status.
The Redis store runs twice: as on one server (the script writes the notification and the waiting mark) and
along its Redis Cluster path (`cluster=True`: the store writes them around the script), on the same server.
How each store is reached: tests/contract_store.py."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time

import msgspec
import pytest

from events import keys, memory
from events.envelope import check_chain
from events.memory import MemoryStore
from events.store import IDEMPOTENCY_TTL, Appended, VersionConflict
from tests.contract_store import RedisSubject, Subject, chain, game, gapless, run, same, write


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.e2e),
                        pytest.param("redis-cluster-path", marks=pytest.mark.e2e)])
def subject(request):
    # the games' partitioning under a prefix of this test's own: the appended streams are not games,
    # and the stack's followers on the session's Redis read the games' partitions only
    base = f"caravan:test-store:{secrets.token_hex(4)}"
    notify = lambda game_id: f"{base}:{keys.notify(game_id)}"  # noqa: E731
    if request.param == "memory":
        return Subject(notify)
    return RedisSubject(notify, request.getfixturevalue("redis_url"), cluster=request.param != "redis")


# --- versions ------------------------------------------------------------------------------------------

def test_a_batch_appends_consecutive_versions_and_reads_back_as_written(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(3)
            assert await s.append(g, 0, events) == Appended(version=3)
            assert same(await s.read(g), events)
            assert await s.head(g) == (3, events[-1].hash)
            more = chain(2, events[-1].hash, first=4)
            assert (await s.append(g, 3, more)).version == 5
            log = await s.read(g)
            assert [e.version for e in log] == [1, 2, 3, 4, 5] and check_chain(log) is None
    run(go())


def test_an_append_at_a_stale_or_future_version_is_refused_and_writes_nothing(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(3)
            await s.append(g, 0, events[:1])
            for expected in (0, 2):
                with pytest.raises(VersionConflict) as e:
                    await s.append(g, expected, events[1:])
                assert (e.value.expected, e.value.actual) == (expected, 1)
            assert same(await s.read(g), events[:1]) and await s.head(g) == (1, events[0].hash)
    run(go())


def test_of_two_racing_appenders_exactly_one_wins(subject):
    async def go():
        async with subject.opened() as a, subject.opened() as b:
            g = game()
            mine, theirs = chain(2, tag="a"), chain(1, tag="b")
            got = await asyncio.gather(a.append(g, 0, mine), b.append(g, 0, theirs), return_exceptions=True)
            won = [r for r in got if isinstance(r, Appended)]
            lost = [r for r in got if isinstance(r, VersionConflict)]
            assert len(won) == 1 and len(lost) == 1 and lost[0].actual == won[0].version
            assert same(await a.read(g), mine if won[0].version == 2 else theirs)
    run(go())


def test_appenders_that_retry_on_a_lost_race_leave_one_gapless_chain(subject):
    async def go():
        g = game()
        lost = await asyncio.gather(*(write(subject, g, n, 4) for n in range(5)))
        assert sum(lost) > 0  # they did race
        await gapless(subject, g, 5, 4)
    run(go())


def test_appenders_in_threads_of_their_own_race_and_exactly_one_wins(subject):
    g, first, results, ready = game(), game(), [], threading.Barrier(6, timeout=30)

    def one(n: int) -> None:
        async def go():
            async with subject.opened() as s:
                ready.wait()
                try:
                    results.append(await s.append(first, 0, chain(1, tag=str(n))))
                except VersionConflict as e:
                    results.append(e)
            await write(subject, g, n, 20)
        run(go())

    threads = [threading.Thread(target=one, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sum(isinstance(r, Appended) for r in results) == 1
    assert sum(isinstance(r, VersionConflict) and r.actual == 1 for r in results) == 5
    run(gapless(subject, g, 6, 20))


# --- idempotency ---------------------------------------------------------------------------------------

def test_the_same_idempotency_key_appends_once_and_answers_the_same(subject):
    async def go():
        async with subject.opened() as s:
            g = game()
            assert await s.idempotent(g, "k") is None
            first = await s.append(g, 0, chain(1), idempotency_key="k")
            again = await s.append(g, 0, chain(1, tag="other"), idempotency_key="k")
            assert (first.version, first.duplicate) == (1, False)
            assert (again.version, again.duplicate, again.record) == (1, True, b"1")
            assert len(await s.read(g)) == 1 and await s.idempotent(g, "k") == b"1"
    run(go())


def test_a_taken_key_answers_its_record_before_the_version_is_checked(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(2)
            record = msgspec.json.encode({"fingerprint": "f", "version": 1, "answer": {"ok": True}})
            await s.append(g, 0, events[:1], idempotency_key="k", record=record)
            await s.append(g, 1, events[1:])
            again = await s.append(g, 0, events[:1], idempotency_key="k")  # stale: still the duplicate
            assert again == Appended(version=1, duplicate=True, record=record)
            assert await s.idempotent(g, "k") == record and (await s.head(g))[0] == 2
    run(go())


def test_a_refused_append_takes_no_key_and_keys_belong_to_their_game(subject):
    async def go():
        async with subject.opened() as s:
            g, other = game(), game()
            with pytest.raises(VersionConflict):
                await s.append(g, 3, chain(1), idempotency_key="k")
            assert await s.idempotent(g, "k") is None
            assert (await s.append(g, 0, chain(1), idempotency_key="k")).duplicate is False
            assert (await s.append(other, 0, chain(1), idempotency_key="k")).duplicate is False
            assert await s.idempotent(other, "unused") is None
    run(go())


# --- the chain -----------------------------------------------------------------------------------------

def test_the_log_keeps_the_chain_and_names_an_edited_event(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(4)
            await s.append(g, 0, events[:2])
            await s.append(g, 2, events[2:])
            log = await s.read(g)
            assert check_chain(log) is None and await s.head(g) == (4, log[-1].hash)
            edited = msgspec.structs.replace(log[2], payload={"move": {"type": "step", "n": 99}})
            assert check_chain([*log[:2], edited, log[3]]).version == 3
            assert check_chain([log[0], log[2], log[3]]).version == 2  # a dropped event
    run(go())


def test_a_log_reads_the_same_from_either_store(redis_url):
    async def go():
        g, events = game(), chain(5)
        stream = lambda _: "caravan:test-store:either"  # noqa: E731
        memory = MemoryStore(notify=stream)
        async with RedisSubject(stream, redis_url).opened() as on_redis:
            for s in (memory, on_redis):
                await s.append(g, 0, events[:2])
                await s.append(g, 2, events[2:])
            a, b = await memory.read(g), await on_redis.read(g)
            assert same(a, b) and same(a, events) and check_chain(b) is None
            assert await memory.head(g) == await on_redis.head(g)
    run(go())


# --- notifications -------------------------------------------------------------------------------------

def test_every_append_notifies_its_games_partition_once(subject):
    async def go():
        async with subject.opened() as s:
            g = game()
            await s.append(g, 0, chain(2))
            await s.append(g, 2, chain(1, (await s.head(g))[1], first=3))
            got = await subject.notices(subject.notify(g))
            assert [(n.game, n.version) for n in got] == [(g, 2), (g, 3)]
    run(go())


def test_a_reader_following_from_an_id_gets_every_append_once_in_order(subject):
    async def go():
        async with subject.opened() as s:
            stream = subject.notify(game())
            games = [g for g in (game() for _ in range(200)) if subject.notify(g) == stream][:6]
            heads = dict.fromkeys(games, (0, ""))
            seen, last = [], "0-0"
            for step in range(3):
                for g in games:
                    v, h = heads[g]
                    e = chain(1, h, first=v + 1)[0]
                    await s.append(g, v, [e])
                    heads[g] = (v + 1, e.hash)
                for _ in range(20):  # a page at a time, until none is left (bounded: a bug must not spin)
                    if not (got := await subject.notices(stream, last, count=4)):
                        break
                    assert len(got) <= 4
                    seen.extend(got)
                    last = got[-1].id
            assert [(n.game, n.version) for n in seen] == [(g, v) for v in (1, 2, 3) for g in games]
            assert len({n.id for n in seen}) == len(seen) and await subject.notices(stream, last) == []
    run(go())


def test_a_blocking_read_wakes_on_an_append_and_times_out_empty(subject):
    async def go():
        async with subject.opened() as s:
            g = game()
            stream = subject.notify(g)
            assert await subject.notices(stream, "0-0", block_ms=50) == []

            async def later():
                await asyncio.sleep(0.05)
                await s.append(g, 0, chain(1))

            task = asyncio.create_task(later())
            began = time.monotonic()
            got = await subject.notices(stream, "0-0", block_ms=10_000)
            woke = time.monotonic() - began
            await task
            assert [(n.game, n.version) for n in got] == [(g, 1)]
            assert woke < 5  # woken by the append, not by the end of the wait
    run(go())


def test_follow_catches_up_then_delivers_events_appended_later(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(4)
            await s.append(g, 0, events[:2])

            async def later():
                await asyncio.sleep(0.05)
                await s.append(g, 2, events[2:])

            task = asyncio.create_task(later())
            got = []
            async for e in s.follow(g, after=1, block_ms=2000):
                got.append(e.version)
                if len(got) == 3:
                    break
            await task
            assert got == [2, 3, 4]
    run(go())


# --- reading -------------------------------------------------------------------------------------------

def test_reads_take_inclusive_ranges_and_pages(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(6)
            await s.append(g, 0, events)

            async def versions(*args, **kw):
                return [e.version for e in await s.read(g, *args, **kw)]

            assert await versions(2, 4) == [2, 3, 4]
            assert await versions(0) == [1, 2, 3, 4, 5, 6]
            assert await versions(5, 99) == [5, 6]
            assert await versions(3, count=2) == [3, 4]
            assert await versions(4, 6, count=9) == [4, 5, 6]
            assert await versions(7) == [] and await versions(4, 3) == []
            assert await versions(6, 6) == [6]
    run(go())


def test_a_game_that_does_not_exist_has_nothing(subject):
    async def go():
        async with subject.opened() as s:
            g = game()
            assert await s.head(g) == (0, "") and await s.read(g) == [] and await s.read(g, 1, 1) == []
            assert await s.idempotent(g, "k") is None
            with pytest.raises(VersionConflict) as e:
                await s.append(g, 1, chain(1, first=2))
            assert e.value.actual == 0 and await s.head(g) == (0, "")
            assert await subject.notices(subject.notify(g)) == []
    run(go())


# --- the game's marks ----------------------------------------------------------------------------------

def test_a_game_waiting_on_a_worker_is_marked_and_unmarked_and_keeps_its_status(subject):
    async def go():
        async with subject.opened() as s:
            g, events = game(), chain(3)
            await s.append(g, 0, events[:1], waits="chance", status="active")
            assert await subject.waiting(g) and await subject.status(g) == "active"
            await s.append(g, 1, events[1:2])  # "" keeps the status
            assert not await subject.waiting(g) and await subject.status(g) == "active"
            await s.append(g, 2, events[2:], status="finished")
            assert await subject.status(g) == "finished"
    run(go())


def test_a_blocking_read_in_one_thread_wakes_on_an_append_from_another(subject):
    g, got = game(), []
    stream = subject.notify(g)

    def reader() -> None:
        async def go():
            began = time.monotonic()
            got.extend(await subject.notices(stream, "0-0", block_ms=10_000))
            got.append(time.monotonic() - began)
        run(go())

    t = threading.Thread(target=reader)
    t.start()
    time.sleep(0.05)

    async def append():
        async with subject.opened() as s:
            await s.append(g, 0, chain(1))
    run(append())
    t.join(30)
    *notices, woke = got
    assert [(n.game, n.version) for n in notices] == [(g, 1)] and woke < 5


# --- the memory store alone: what the contract cannot wait for on a real server ----------------------------

def test_in_memory_an_idempotency_key_lapses_after_its_time_to_live():
    now = [1000.0]
    s, g, events = MemoryStore(clock=lambda: now[0]), game(), chain(2)

    async def go():
        await s.append(g, 0, events[:1], idempotency_key="k")
        now[0] += IDEMPOTENCY_TTL - 1
        assert (await s.append(g, 0, events[:1], idempotency_key="k")).duplicate
        now[0] += 1
        assert await s.append(g, 1, events[1:], idempotency_key="k") == Appended(version=2)
        now[0] += IDEMPOTENCY_TTL
        assert await s.idempotent(g, "k") is None
    run(go())


def test_in_memory_a_notification_stream_keeps_its_newest_entries(monkeypatch):
    monkeypatch.setattr(memory, "NOTIFY_MAXLEN", 3)
    s, g = MemoryStore(notify=lambda _: "feed"), game()

    async def go():
        prev = ""
        for v in range(5):
            e = chain(1, prev, first=v + 1)[0]
            await s.append(g, v, [e])
            prev = e.hash
        assert [n.version for n in await s.notifications("feed")] == [3, 4, 5]
        assert s.last_notification("feed") == (await s.notifications("feed"))[-1].id
        assert s.last_notification("none") == "0-0"
    run(go())


def test_in_memory_a_cancelled_blocking_read_leaves_nothing_behind():
    s, g = MemoryStore(), game()

    async def go():
        reader = asyncio.create_task(s.notifications(s.notify(g), block_ms=0))
        await asyncio.sleep(0.01)
        reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)
        assert s._waiters == []  # no waiter kept for a read that ended
        assert (await s.append(g, 0, chain(1))).version == 1
    run(go())
