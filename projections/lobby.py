"""The lobby read model: one row per game (type, status, players, version), kept by a projector that
follows the notification streams, and rebuilt from the games' own streams when asked."""

from __future__ import annotations

import asyncio
import logging

import msgspec
from redis.asyncio import Redis

from events import keys, replies
from events.envelope import Envelope
from events.kinds import BadEvent, Created, Event
from events.store import EventStore


def game_created(e: Envelope) -> Event | None:
    """The typed created event when `e` begins a game's stream; None for any other stream."""
    try:
        return e.event()
    except BadEvent:
        return None

log = logging.getLogger("caravan.lobby")


class LobbyRow(msgspec.Struct):
    id: str
    type: str
    status: str
    players: list[str]
    version: int
    created: str


class Lobby:
    def __init__(self, redis: Redis):
        self.redis = redis
        self.store = EventStore(redis)
        self._created: dict[str, tuple[Created, str]] = {}  # a game's created event and when it was made

    async def row(self, game_id: str) -> LobbyRow | None:
        created = self._created.get(game_id)
        if created is None:
            first = await self.store.read(game_id, 1, 1)
            event = game_created(first[0]) if first else None
            if not isinstance(event, Created):
                return None  # not a game's stream (a tournament's begins with its own created event)
            if len(self._created) > 100_000:
                self._created.clear()
            created = self._created[game_id] = (event, first[0].at)
        version, status = replies.blobs(await self.redis.hmget(keys.meta(game_id), "version", "status"))
        c, at = created
        if c.origin is not None and c.origin.secret:
            return None  # a private fork (service/views.py) is listed nowhere
        return LobbyRow(id=game_id, type=c.type, status=(status or b"active").decode(),
                        players=[p.name for p in c.players], version=int(version or 0),
                        created=at)

    async def project(self, game_id: str) -> None:
        row = await self.row(game_id)
        if row is not None:
            await self.redis.hset(keys.LOBBY, game_id, msgspec.json.encode(row))

    async def rows(self) -> list[LobbyRow]:
        raw = replies.fields(await self.redis.hgetall(keys.LOBBY))
        rows = [msgspec.json.decode(v, type=LobbyRow) for v in raw.values()]
        return sorted(rows, key=lambda r: r.created)

    async def rebuild(self, into: str = keys.LOBBY) -> int:
        """Recompute every row from the games' streams (into `into`); returns how many."""
        ids = [g.decode() for g in replies.members(await self.redis.zrange(keys.GAMES, 0, -1))]
        await self.redis.delete(into)
        for game_id in ids:
            row = await self.row(game_id)
            if row is not None:
                await self.redis.hset(into, game_id, msgspec.json.encode(row))
        return len(ids)

    async def run(self, stop: asyncio.Event | None = None, block_ms: int = 1000) -> None:
        """Follow every notification partition from its saved cursor, forever (or until `stop`): one
        follower per partition, since on a Redis Cluster the partitions live on different shards."""
        cursor = {k.decode(): v.decode() for k, v in replies.fields(await self.redis.hgetall(keys.LOBBY_CURSOR)).items()}
        await asyncio.gather(*(self.follow(s, cursor.get(s, "0-0"), stop, block_ms) for s in keys.all_notify()))

    async def follow(self, stream: str, last: str, stop: asyncio.Event | None, block_ms: int) -> None:
        while stop is None or not stop.is_set():
            got = replies.streams(await self.redis.xread({stream: last}, block=block_ms, count=500))
            for _, rows in got:
                for game_id in dict.fromkeys(fields[b"game"].decode() for _, fields in rows):
                    try:
                        await self.project(game_id)  # a burst of moves in one game: one row write
                    except Exception:
                        log.exception("lobby: cannot project %s", game_id)
                last = rows[-1][0].decode()
                await self.redis.hset(keys.LOBBY_CURSOR, stream, last)
