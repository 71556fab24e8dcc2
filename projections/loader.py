"""Loading games: snapshot + tail, with hot states kept in process keyed by version.

A move costs one Redis round trip when its game is hot here: the service validates against the
cached state and appends with that state's version as the expected version; a stale cache shows up
as a version conflict, and the caller reloads. A cold load reads the snapshot and at most
SNAPSHOT_EVERY events, so it costs the same at move 10 and at move 2,000.

Replays (the game as it was after version N) are flat in the game's length too: a snapshot of the fold is
kept beside the game about every SNAPSHOT_EVERY events (`caravan:{id}:snapshots`, version -> snapshot),
and a replay folds at most SNAPSHOT_EVERY events on top of the one at or before N. Snapshots are derived
data on the server side, never in the hash chain; a reader only ever sees the view the same redaction
code (service/views.py) makes of the folded record.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import msgspec

from events import keys, replies
from events.store import EventStore
from games import registry
from projections.fold import Folded, NeedsFullFold, fold

SNAPSHOT_EVERY = 64
CACHE_SIZE = 2048


class GameNotFound(Exception):
    pass


def _snapshot_type() -> type[msgspec.Struct]:
    """Every field of `Folded`, the state kept as its own msgpack bytes (decoded with the game's State):
    derived, so a field added to `Folded` is in every snapshot written from then on."""
    fields = []
    for fi in msgspec.structs.fields(Folded):
        typ = msgspec.Raw if fi.name == "state" else fi.type
        fields.append((fi.name, typ) if fi.required else (fi.name, typ, fi.default))
    return msgspec.defstruct("Snapshot", fields, module=__name__)


Snapshot = _snapshot_type()


def to_snapshot(f: Folded) -> bytes:
    fields = {fi.name: getattr(f, fi.name) for fi in msgspec.structs.fields(Folded)}
    return msgspec.msgpack.encode(Snapshot(**{**fields, "state": msgspec.Raw(msgspec.msgpack.encode(f.state))}))


def from_snapshot(raw: bytes) -> Folded:
    fields = msgspec.structs.asdict(msgspec.msgpack.decode(raw, type=Snapshot))  # Snapshot is made at run time
    state: Any = msgspec.msgpack.decode(fields["state"], type=registry.get(fields["type"]).State)
    return Folded(**{**fields, "state": state})


class Loader:
    def __init__(self, store: EventStore, cache_size: int = CACHE_SIZE):
        self.store = store
        self.redis = store.redis
        self._cache: OrderedDict[str, Folded] = OrderedDict()
        self._cache_size = cache_size

    def cached(self, game_id: str) -> Folded | None:
        f = self._cache.get(game_id)
        if f is not None:
            self._cache.move_to_end(game_id)
        return f

    def remember(self, f: Folded) -> None:
        self._cache[f.id] = f
        self._cache.move_to_end(f.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def forget(self, game_id: str | None = None) -> None:
        if game_id is None:
            self._cache.clear()
        else:
            self._cache.pop(game_id, None)

    async def load(self, game_id: str) -> Folded:
        """The game at its latest version."""
        version, _ = await self.store.head(game_id)
        if version == 0:
            raise GameNotFound(game_id)
        f = self.cached(game_id)
        if f is not None and f.version == version:
            return f
        if f is None or f.version > version:
            f = await self._from_snapshot(game_id)
        try:
            f = fold(game_id, await self.store.read(game_id, (f.version + 1) if f else 1), base=f)
        except NeedsFullFold:
            f = fold(game_id, await self.store.read(game_id, 1))
        self.remember(f)
        return f

    async def at(self, game_id: str, version: int) -> Folded:
        """The game as it was after event `version` (replay): the snapshot at or before it plus the events
        since (the API runs it in a process of its own: service/reads.py)."""
        base = await self._snapshot_at_or_before(game_id, version)
        events = await self.store.read(game_id, base[0] + 1 if base else 1, version)
        if not events and base is None:
            raise GameNotFound(game_id)

        try:
            return fold(game_id, events, base=from_snapshot(base[1]) if base else None, upto=version)
        except NeedsFullFold:  # an undo reaches back before the snapshot
            return fold(game_id, await self.store.read(game_id, 1, version), upto=version)

    # --- snapshots ------------------------------------------------------------------------------

    async def _from_snapshot(self, game_id: str) -> Folded | None:
        raw = replies.blob(await self.redis.get(keys.snapshot(game_id)))
        if raw is None:
            return None
        return from_snapshot(raw)

    async def _snapshot_at_or_before(self, game_id: str, version: int) -> tuple[int, bytes] | None:
        kept = [int(v) for v in replies.members(await self.redis.hkeys(keys.snapshots(game_id)))]
        below = [v for v in kept if v <= version]
        if not below:
            return None
        raw = replies.blob(await self.redis.hget(keys.snapshots(game_id), str(max(below))))
        return (max(below), raw) if raw is not None else None

    async def maybe_snapshot(self, before: int, f: Folded) -> None:
        """Write a snapshot when an append carried the game across a multiple of SNAPSHOT_EVERY: the latest
        (for loads) and one kept at its version (for replays)."""
        if f.version // SNAPSHOT_EVERY == before // SNAPSHOT_EVERY:
            return
        raw = to_snapshot(f)
        await self.redis.set(keys.snapshot(f.id), raw)
        await self.redis.hset(keys.snapshots(f.id), str(f.version), raw)

