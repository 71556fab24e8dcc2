"""Live event streams without one Redis connection each: one follower per API process reads the
notification partitions (a blocking read shorter than the Redis client's read timeout), fetches a
watched game's new events once, and fans them out to that game's subscribers. Each subscriber catches
up from the store itself and de-duplicates by version, so nothing is lost however the two interleave.
Streams are bounded per client and in total; past the bound the caller answers 503 + Retry-After."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, cast

from redis.exceptions import RedisError

from events import keys, replies
from events.envelope import Envelope
from events.kinds import Finished, SeedRevealed
from events.store import EventStore

FINISHED, SEED_REVEALED = Finished.kind(), SeedRevealed.kind()  # the last events of a game

log = logging.getLogger("caravan.streams")

OPEN = "open"  # the first item of a stream: its place is taken (the bound was not reached)
GAP = None  # put on a subscriber's queue when it fell behind: it re-reads from the store
READ_BATCH = 500


class TooManyStreams(Exception):
    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class Subscription:
    def __init__(self, game_id: str, size: int):
        self.game_id = game_id
        self.queue: asyncio.Queue[list[Envelope] | None] = asyncio.Queue(maxsize=size)

    def offer(self, batch: list[Envelope]) -> None:
        try:
            self.queue.put_nowait(batch)
        except asyncio.QueueFull:  # a slow reader: drop what it holds, it catches up from the store
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(GAP)


class Hub:
    def __init__(self, store: EventStore, block_ms: int = 1000, max_total: int = 1000, max_per_client: int = 32,
                 queue_size: int = 64, notify: list[str] | None = None):
        """`notify`: the notification streams to follow (default: the games' partitions)."""
        self.store, self.block_ms = store, block_ms
        self.notify = notify or keys.all_notify()
        self.max_total, self.max_per_client, self.queue_size = max_total, max_per_client, queue_size
        self.subs: dict[str, set[Subscription]] = defaultdict(set)
        self.cursor: dict[str, int] = {}  # game -> last version fanned out
        self.per_client: dict[str, int] = defaultdict(int)
        self.total = 0
        self._tasks: list[asyncio.Task] = []

    # --- the follower ----------------------------------------------------------------------------

    async def start(self) -> None:
        for stream in self.notify:
            last = await self._last_id(stream)
            self._tasks.append(asyncio.create_task(self._follow(stream, last), name=f"hub {stream}"))

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        self._tasks.clear()

    async def _last_id(self, stream: str) -> str:
        delay = 0.1
        while True:
            try:
                rows = replies.entries(await self.store.redis.xrevrange(stream, count=1))
                return rows[0][0].decode() if rows else "0-0"
            except RedisError as e:  # the store is down at start-up: streams wait for it
                log.warning("stream follower: %s unreachable (%s); retrying", stream, e)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _follow(self, stream: str, last: str) -> None:
        delay = 0.1
        while True:
            try:
                got = replies.streams(await self.store.redis.xread({stream: last}, block=self.block_ms, count=500))
                delay = 0.1
            except RedisError as e:
                log.warning("stream follower: reading %s failed (%s); retrying in %.1f s", stream, e, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)
                continue
            newest: dict[str, int] = {}
            for _, rows in got:
                for entry_id, fields in rows:
                    last = entry_id.decode()
                    game = fields.get(b"game", b"").decode()
                    if game in self.subs:
                        newest[game] = max(newest.get(game, 0), int(fields.get(b"version", 0)))
            for game, version in newest.items():
                await self._fan_out(game, version)

    async def _fan_out(self, game_id: str, version: int) -> None:
        start = self.cursor.get(game_id, 0) + 1
        if version < start or game_id not in self.subs:
            return
        try:
            batch = await self.store.read(game_id, start, version)
        except RedisError as e:
            log.warning("stream follower: reading game %s failed (%s)", game_id, e)
            return
        if not batch:
            return
        self.cursor[game_id] = batch[-1].version
        for sub in list(self.subs.get(game_id, ())):
            sub.offer(batch)

    # --- subscribers ------------------------------------------------------------------------------

    @asynccontextmanager
    async def subscribe(self, game_id: str, client: str) -> AsyncIterator[Subscription]:
        if self.total >= self.max_total:
            raise TooManyStreams(f"{self.total} live streams are open on this server (the bound is {self.max_total})")
        if self.per_client[client] >= self.max_per_client:
            raise TooManyStreams(f"this client holds {self.per_client[client]} live streams (the bound is "
                                 f"{self.max_per_client})")
        sub = Subscription(game_id, self.queue_size)
        self.total += 1
        self.per_client[client] += 1
        try:
            if game_id not in self.subs:
                self.cursor[game_id] = (await self.store.head(game_id))[0]
            self.subs[game_id].add(sub)
            yield sub
        finally:
            self.total -= 1
            self.per_client[client] -= 1
            if not self.per_client[client]:
                del self.per_client[client]
            watchers = self.subs.get(game_id)
            if watchers is not None:
                watchers.discard(sub)
                if not watchers:
                    del self.subs[game_id]
                    self.cursor.pop(game_id, None)

    async def events(self, game_id: str, after: int, client: str, keepalive: float) -> AsyncGenerator[Envelope | str | None, None]:
        """OPEN once the stream holds its place (TooManyStreams if it cannot), then the game's events after
        version `after`, live, until the game has ended; None every `keepalive` seconds without one (the
        caller sends a comment)."""
        async with self.subscribe(game_id, client) as sub:
            yield OPEN
            nxt = after + 1
            ended = False

            async def catch_up():
                nonlocal nxt
                while True:
                    rows = await self.store.read(game_id, nxt, count=READ_BATCH)
                    for e in rows:
                        nxt = e.version + 1
                        yield e
                    if len(rows) < READ_BATCH:
                        return

            async for e in catch_up():
                ended = ended or e.kind == FINISHED
                yield e
                if e.kind == SEED_REVEALED:
                    return
            while True:
                try:
                    batch = await asyncio.wait_for(sub.queue.get(), keepalive)
                except TimeoutError:
                    if ended:  # finished, and nothing more came for a while: the log is complete
                        return
                    yield None
                    continue
                if batch is GAP or batch[0].version > nxt:
                    fresh = [e async for e in catch_up()]
                else:
                    fresh = [e for e in batch if e.version >= nxt]
                    if fresh:
                        nxt = fresh[-1].version + 1
                for e in fresh:
                    ended = ended or e.kind == FINISHED
                    yield e
                    if e.kind == SEED_REVEALED:
                        return


async def open_stream(hub: Hub, request, game_id: str, after: int, keepalive: float) -> AsyncGenerator[Envelope | None, None]:
    """The live events of a game for one HTTP request: its place is taken (or TooManyStreams raised)
    before the response starts; then events, and None for each keep-alive."""
    client = request.client.host if request.client else "?"
    events = hub.events(game_id, after, client, keepalive)
    await anext(events)
    return cast("AsyncGenerator[Envelope | None, None]", events)  # OPEN, its only string, is read above


async def snapshots(events: AsyncIterator[Envelope | None], seen: int,
                    again: Callable[[int], Awaitable[dict[str, Any]]]) -> AsyncIterator[dict[str, Any] | None]:
    """A live picture instead of the events themselves: after each event past version `seen`, `again(seen)`
    (a fresh picture, a dict with its "version"); None for each keep-alive."""
    async for e in events:
        if e is None:
            yield None
        elif e.version > seen:
            got = await again(seen)
            seen = got["version"]
            yield got
