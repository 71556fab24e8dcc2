"""The event store: append with an expected version (one Lua script), read ranges, follow live."""

from __future__ import annotations

import hashlib
import time
from collections.abc import AsyncIterator, Callable, Sequence
from importlib.resources import files

import msgspec
from redis.asyncio import Redis
from redis.exceptions import NoScriptError

from events import keys, replies
from events.envelope import Envelope, decoder, encoder

IDEMPOTENCY_TTL = 24 * 3600


class VersionConflict(Exception):
    """Someone else appended first: the stream is at `actual`, not at the expected version."""

    def __init__(self, expected: int, actual: int):
        super().__init__(f"expected version {expected}, the game is at version {actual}")
        self.expected, self.actual = expected, actual


class Appended(msgspec.Struct, frozen=True):
    version: int
    duplicate: bool = False  # an earlier append under the same idempotency key
    record: bytes = b""  # what that earlier append stored under the key (see `append`)


def version_in(record: bytes) -> int:
    """The version an idempotency record names (a bare version, or JSON with "version")."""
    if record.isdigit():
        return int(record)
    return int(msgspec.json.decode(record)["version"])


class EventStore:
    """`notify(id)` names the notification stream an append writes to (the games' partitions by default).
    On a Redis Cluster (`cluster=True`) the script touches only the game's own hash slot, and the
    notification and the waiting mark are written around it: the mark before (a stale mark is harmless:
    the sweeper's job finds nothing to do and clears it), the notification after."""

    def __init__(self, redis: Redis, notify: Callable[[str], str] = keys.notify, cluster: bool = False):
        self.redis, self.notify, self.cluster = redis, notify, cluster
        self._source = files("events").joinpath("append.lua").read_text()
        self._sha = hashlib.sha1(self._source.encode()).hexdigest()

    async def _script(self, ks: list[str], args: list) -> tuple[str, str]:
        try:
            tag, value = await self.redis.execute_command("EVALSHA", self._sha, len(ks), *ks, *args)
        except NoScriptError:  # EVAL runs it where the keys live, and caches it there
            tag, value = await self.redis.execute_command("EVAL", self._source, len(ks), *ks, *args)
        return (tag.decode() if isinstance(tag, bytes) else tag), value

    async def append(self, game_id: str, expected: int, batch: Sequence[Envelope],
                     idempotency_key: str | None = None, status: str = "", waits: str = "",
                     record: bytes = b"") -> Appended:
        """Append `batch` (versions expected+1 …) if the stream is still at `expected`. `waits` marks the
        game as waiting on a worker ("chance"/"ai"), so the sweeper can find it after a crash.
        With an `idempotency_key`, `record` (the request's fingerprint and answer; default: the new
        version) is stored under it atomically with the events; a key already taken appends nothing
        and comes back as `Appended(duplicate=True, record=<what was stored>)`."""
        ks = [keys.stream(game_id), keys.meta(game_id), keys.idem(game_id, idempotency_key or "")]
        ttl = IDEMPOTENCY_TTL if idempotency_key else 0
        record = record or str(expected + len(batch)).encode()
        args = [expected, batch[-1].hash, ttl, status, game_id, waits, record, *(encoder.encode(e) for e in batch)]
        if not self.cluster:
            tag, value = await self._script([*ks, self.notify(game_id), keys.WAITING], args)
        else:
            if waits:
                await self.redis.zadd(keys.WAITING, {game_id: time.time()})
            tag, value = await self._script(ks, args)
            if tag == "ok":
                await self.redis.xadd(self.notify(game_id), {"game": game_id, "version": value}, maxlen=100000,
                                      approximate=True)
                if not waits:
                    await self.redis.zrem(keys.WAITING, game_id)
        if tag == "conflict":
            raise VersionConflict(expected, int(value))
        if tag == "duplicate":
            seen = value if isinstance(value, bytes) else str(value).encode()
            return Appended(version=version_in(seen), duplicate=True, record=seen)
        return Appended(version=int(value))

    async def idempotent(self, game_id: str, key: str) -> bytes | None:
        """What an append stored under an idempotency key, or None while the key is free."""
        return replies.blob(await self.redis.get(keys.idem(game_id, key)))

    async def head(self, game_id: str) -> tuple[int, str]:
        """(version, head hash) of a game; (0, "") when it has no events."""
        v, h = replies.blobs(await self.redis.hmget(keys.meta(game_id), "version", "head"))
        return int(v or 0), (h.decode() if h else "")

    async def read(self, game_id: str, start: int = 1, end: int | None = None, count: int | None = None) -> list[Envelope]:
        """Events start..end (inclusive) in order."""
        hi = f"{end}-0" if end is not None else "+"
        rows = replies.entries(await self.redis.xrange(keys.stream(game_id), f"{max(start, 1)}-0", hi, count=count))
        return [decoder.decode(fields[b"e"]) for _, fields in rows]

    async def follow(self, game_id: str, after: int, block_ms: int = 15000) -> AsyncIterator[Envelope]:
        """Events after version `after`, live, forever (XREAD BLOCK)."""
        last = f"{after}-0"
        stream = keys.stream(game_id)
        while True:
            got = replies.streams(await self.redis.xread({stream: last}, block=block_ms, count=100))
            for _, rows in got:
                for entry_id, fields in rows:
                    last = entry_id.decode()
                    yield decoder.decode(fields[b"e"])
