"""How the store contract (tests/test_store_contract.py) reaches each event store, and what its tests share.

A `Subject` opens a store handle (a client of its own per event loop on Redis, the same store in memory)
and reads what the service reads beside the store's methods: the notification streams, the waiting set,
the status in the game's meta hash."""

from __future__ import annotations

import asyncio
import secrets
from contextlib import asynccontextmanager

from events import keys
from events.envelope import Envelope, check_chain, encoder, seal_payload
from events.memory import MemoryStore, Notice
from events.store import EventStore, VersionConflict


def run(coro):
    return asyncio.run(coro)


def chain(n: int, start_prev: str = "", first: int = 1, tag: str = "") -> list[Envelope]:
    out, prev = [], start_prev
    for v in range(first, first + n):
        e = seal_payload(v, 0, "move", {"move": {"type": "step", "n": v, "by": tag}}, prev=prev)
        out.append(e)
        prev = e.hash
    return out


def game() -> str:
    return secrets.token_hex(4)


class Subject:
    """The memory store: every handle is the same store."""

    name = "memory"

    def __init__(self, notify):
        self.notify = notify
        self.store = MemoryStore(notify=notify)

    @asynccontextmanager
    async def opened(self):
        yield self.store

    async def notices(self, stream: str, after: str = "0-0", count: int | None = None,
                      block_ms: int | None = None) -> list[Notice]:
        return await self.store.notifications(stream, after, count, block_ms)

    async def waiting(self, game_id: str) -> bool:
        return game_id in self.store.waiting()

    async def status(self, game_id: str) -> str:
        return self.store.meta(game_id).get("status", "")


class RedisSubject(Subject):
    """The Redis store: a handle is a client of its own (a client belongs to one event loop)."""

    name = "redis"

    def __init__(self, notify, url: str, cluster: bool = False):
        self.notify, self.url, self.cluster = notify, url, cluster
        self.name = "redis-cluster-path" if cluster else "redis"

    @asynccontextmanager
    async def opened(self):
        from redis.asyncio import Redis

        s = EventStore(Redis.from_url(self.url), notify=self.notify, cluster=self.cluster)
        try:
            yield s
        finally:
            await s.redis.aclose()

    async def _redis(self, fn):
        async with self.opened() as s:
            return await fn(s.redis)

    async def notices(self, stream, after="0-0", count=None, block_ms=None):
        got = await self._redis(lambda r: r.xread({stream: after}, count=count, block=block_ms))
        return [Notice(id=i.decode(), game=f[b"game"].decode(), version=int(f[b"version"]))
                for _, rows in got or () for i, f in rows]

    async def waiting(self, game_id):
        return await self._redis(lambda r: r.zscore(keys.WAITING, game_id)) is not None

    async def status(self, game_id):
        return ((await self._redis(lambda r: r.hget(keys.meta(game_id), "status"))) or b"").decode()


def same(got: list[Envelope], want: list[Envelope]) -> bool:
    return [encoder.encode(e) for e in got] == [encoder.encode(e) for e in want]


async def write(subject: Subject, g: str, n: int, moves: int) -> int:
    """`moves` appends by writer `n`, each sealed on the head it read, retried on a lost race; how many lost."""
    lost = 0
    async with subject.opened() as s:
        for i in range(moves):
            while True:
                version, head = await s.head(g)
                e = seal_payload(version + 1, n, "move", {"move": {"n": n, "i": i}}, prev=head)
                await asyncio.sleep(0)  # others run between the read and the append (the memory store never waits)
                try:
                    await s.append(g, version, [e])
                    break
                except VersionConflict:
                    lost += 1
    return lost


async def gapless(subject: Subject, g: str, writers: int, moves: int) -> None:
    async with subject.opened() as s:
        log = await s.read(g)
    assert len(log) == writers * moves and check_chain(log) is None
    assert sorted((e.payload["move"]["n"], e.payload["move"]["i"]) for e in log) == \
        [(n, i) for n in range(writers) for i in range(moves)]
