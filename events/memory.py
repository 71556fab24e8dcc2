"""The event store in memory: the interface and the semantics of events/store.py's `EventStore`, with no
server, for tests that must run in milliseconds. It is never used by the running service.

What it keeps, as append.lua does on Redis, and tests/test_store_contract.py checks for both stores:
- a game's events take versions 1, 2, 3 … without gaps; an append at a version other than the game's
  raises the same `VersionConflict` and writes nothing; a batch is appended whole or not at all;
- an idempotency key already taken (for `IDEMPOTENCY_TTL` seconds) appends nothing and answers what the
  first append stored under it, checked before the version, as the script does;
- the head hash is the last envelope's `hash` (the caller seals the chain, events/envelope.py); the events
  are stored as the same JSON and decoded on every read, so a log verifies the same from either store;
- every append adds one notification {game, version} to the game's partition (`keys.notify` by default),
  with ids "<ms>-<seq>" that only grow, trimmed to the newest `NOTIFY_MAXLEN`;
- the waiting mark (`waits`) and the status, as the game's meta hash holds them.
Keys are named by events/keys.py, as on Redis; `cluster` is accepted and changes nothing (one process has
no shards). One lock makes each call atomic across threads and event loops; blocking reads (`follow`,
`notifications`) are woken by appends from any of them."""

from __future__ import annotations

import asyncio
import functools
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Sequence
from typing import TypeVar

import msgspec

from events import keys
from events.envelope import Envelope, decoder, encoder
from events.store import IDEMPOTENCY_TTL, Appended, VersionConflict, version_in

NOTIFY_MAXLEN = 100_000  # append.lua: XADD MAXLEN ~ 100000
FOLLOW_BATCH = 100  # EventStore.follow reads 100 at a time

T = TypeVar("T")


class Notice(msgspec.Struct, frozen=True):
    """One entry of a notification stream: `game` was appended up to `version`."""

    id: str
    game: str
    version: int


def entry_id(text: str) -> tuple[int, int]:
    """A stream entry id ("<ms>-<seq>", or "<ms>") as a pair that sorts like Redis sorts them."""
    ms, _, seq = text.partition("-")
    return int(ms), int(seq or 0)


class MemoryStore:
    def __init__(self, notify: Callable[[str], str] = keys.notify, cluster: bool = False,
                 clock: Callable[[], float] = time.time):
        self.notify, self.cluster, self.clock = notify, cluster, clock
        self._lock = threading.Lock()
        self._streams: dict[str, list[bytes]] = {}  # keys.stream(game) -> envelopes as stored; [i] is version i+1
        self._meta: dict[str, dict[str, str]] = {}  # keys.meta(game) -> version, head, status
        self._idem: dict[str, tuple[bytes, float]] = {}  # keys.idem(game, key) -> (record, expires at)
        self._feeds: dict[str, deque[Notice]] = {}  # notification stream -> its entries, oldest first
        self._waiting: dict[str, float] = {}  # keys.WAITING: game -> since when
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = []

    # --- writing -----------------------------------------------------------------------------------

    async def append(self, game_id: str, expected: int, batch: Sequence[Envelope],
                     idempotency_key: str | None = None, status: str = "", waits: str = "",
                     record: bytes = b"") -> Appended:
        """`EventStore.append`, same arguments and answers."""
        head, stored = batch[-1].hash, [encoder.encode(e) for e in batch]
        record = record or str(expected + len(batch)).encode()
        idem = keys.idem(game_id, idempotency_key) if idempotency_key else None
        with self._lock:
            now = self.clock()
            seen = self._idem.get(idem) if idem else None
            if seen is not None and seen[1] > now:
                return Appended(version=version_in(seen[0]), duplicate=True, record=seen[0])
            meta = self._meta.get(keys.meta(game_id), {})
            version = int(meta.get("version", 0))
            if version != expected:
                raise VersionConflict(expected, version)
            self._streams.setdefault(keys.stream(game_id), []).extend(stored)
            new = expected + len(stored)
            meta = self._meta.setdefault(keys.meta(game_id), {})
            meta["version"], meta["head"] = str(new), head
            if status:
                meta["status"] = status
            if idem:
                self._idem[idem] = (record, now + IDEMPOTENCY_TTL)
            if waits:
                self._waiting[game_id] = now
            else:
                self._waiting.pop(game_id, None)
            self._notify(self.notify(game_id), game_id, new, now)
            waiters, self._waiters = self._waiters, []
        for loop, fut in waiters:
            try:
                loop.call_soon_threadsafe(_done, fut)
            except RuntimeError:  # its event loop is closed: nobody waits there
                pass
        return Appended(version=new)

    def _notify(self, stream: str, game_id: str, version: int, now: float) -> None:
        feed = self._feeds.setdefault(stream, deque(maxlen=NOTIFY_MAXLEN))
        ms, seq = int(now * 1000), 0
        if feed:
            last_ms, last_seq = entry_id(feed[-1].id)
            if ms <= last_ms:
                ms, seq = last_ms, last_seq + 1
        feed.append(Notice(id=f"{ms}-{seq}", game=game_id, version=version))

    # --- reading -----------------------------------------------------------------------------------

    async def idempotent(self, game_id: str, key: str) -> bytes | None:
        """What an append stored under an idempotency key, or None while the key is free."""
        with self._lock:
            seen = self._idem.get(keys.idem(game_id, key))
            if seen is not None and seen[1] <= self.clock():
                del self._idem[keys.idem(game_id, key)]
                seen = None
        return seen[0] if seen else None

    async def head(self, game_id: str) -> tuple[int, str]:
        """(version, head hash) of a game; (0, "") when it has no events."""
        meta = self.meta(game_id)
        return int(meta.get("version", 0)), meta.get("head", "")

    def meta(self, game_id: str) -> dict[str, str]:
        """The game's meta hash: version, head, status (what `keys.meta` holds on Redis)."""
        with self._lock:
            return dict(self._meta.get(keys.meta(game_id), {}))

    def waiting(self) -> dict[str, float]:
        """The games waiting on a worker and since when (`keys.WAITING` on Redis)."""
        with self._lock:
            return dict(self._waiting)

    async def read(self, game_id: str, start: int = 1, end: int | None = None, count: int | None = None) -> list[Envelope]:
        """Events start..end (inclusive) in order, at most `count` of them."""
        lo = max(start, 1) - 1
        with self._lock:
            rows = self._streams.get(keys.stream(game_id), [])
            hi = len(rows) if end is None else max(min(end, len(rows)), lo)
            if count is not None:
                hi = min(hi, lo + count)
            rows = rows[lo:hi]
        return [decoder.decode(r) for r in rows]

    def _batch(self, game_id: str, after: int) -> list[bytes]:
        return self._streams.get(keys.stream(game_id), [])[after:after + FOLLOW_BATCH]

    async def follow(self, game_id: str, after: int, block_ms: int = 15000) -> AsyncIterator[Envelope]:
        """Events after version `after`, live, forever."""
        while True:
            got = await self._until(functools.partial(self._batch, game_id, after), block_ms)
            for raw in got:
                after += 1
                yield decoder.decode(raw)

    async def notifications(self, stream: str, after: str = "0-0", count: int | None = None,
                            block_ms: int | None = None) -> list[Notice]:
        """The entries of a notification stream after id `after` (XREAD): with `block_ms`, waits that long
        for one when there is none (0: as long as it takes); [] when none came."""
        mark = entry_id(after)

        def newer() -> list[Notice]:
            got = []
            for n in reversed(self._feeds.get(stream, ())):  # the new ones are at the end
                if entry_id(n.id) <= mark:
                    break
                got.append(n)
            got.reverse()
            return got[:count] if count is not None else got

        return await self._until(newer, block_ms)

    def last_notification(self, stream: str) -> str:
        """The id of the newest entry of a notification stream ("0-0" when it has none)."""
        with self._lock:
            feed = self._feeds.get(stream)
            return feed[-1].id if feed else "0-0"

    async def _until(self, ready: Callable[[], list[T]], block_ms: int | None) -> list[T]:
        """`ready()` under the lock; while it is empty and `block_ms` allows, wait for an append."""
        loop = asyncio.get_running_loop()
        deadline = None if not block_ms else loop.time() + block_ms / 1000
        while True:
            with self._lock:
                got = ready()
                if got or block_ms is None:
                    return got
                fut = loop.create_future()
                self._waiters.append((loop, fut))
            left = None if deadline is None else deadline - loop.time()
            if left is not None and left <= 0:
                self._drop(loop, fut)
                return got
            try:
                await asyncio.wait({fut}, timeout=left)
            finally:  # woken, timed out or cancelled: no append need wake it any more
                self._drop(loop, fut)

    def _drop(self, loop: asyncio.AbstractEventLoop, fut: asyncio.Future) -> None:
        with self._lock:
            try:
                self._waiters.remove((loop, fut))
            except ValueError:  # an append took it already
                pass


def _done(fut: asyncio.Future) -> None:
    if not fut.done():
        fut.set_result(None)
