"""RQ jobs. They take ids, never objects, and a job for a version the game has moved past does
nothing, so a duplicate or late job is harmless. One job advances a game through consecutive chance
steps and AI turns, for a bounded time, then hands the rest to a fresh job."""

from __future__ import annotations

import asyncio
import random
import time

from redis import Redis as SyncRedis
from rq import Queue

from events import keys
from events.connect import connect
from events.kinds import TableRef
from events.store import EventStore, VersionConflict
from projections.loader import Loader
from service.games import Games
from service.settings import Settings, settings

SLICE_SECONDS = 5.0

_loop: asyncio.AbstractEventLoop | None = None
_games: Games | None = None
_queue: Queue | None = None


def queue_for(cfg: Settings) -> Queue:
    return Queue(cfg.queue, connection=SyncRedis.from_url(cfg.queue_url), default_timeout=cfg.job_timeout)


def enqueue_advance(queue: Queue, game_id: str, version: int) -> None:
    queue.enqueue("service.jobs.advance", game_id, version, job_id=f"advance-{game_id}-{version}",
                  result_ttl=60, failure_ttl=3600)


def enqueue_finished(queue: Queue, game_id: str, tournament: TableRef) -> None:
    """A tournament table ended: let the tournament score it and seat what follows."""
    queue.enqueue("service.tournaments.game_finished", tournament.id, game_id, job_id=f"finished-{game_id}",
                  result_ttl=60, failure_ttl=3600)


def _runtime() -> tuple[asyncio.AbstractEventLoop, Games, Queue]:
    """The worker process's own event loop, Redis client, loader (hot states) and queue."""
    global _loop, _games, _queue
    if _loop is None:
        cfg = settings()
        _loop = asyncio.new_event_loop()
        store = EventStore(connect(cfg.redis_url, cfg.cluster), cluster=cfg.cluster)
        _queue = queue = queue_for(cfg)

        async def finished(game_id: str, tournament: TableRef) -> None:
            enqueue_finished(queue, game_id, tournament)

        _games = Games(store, Loader(store), on_finished=finished)
    return _loop, _games, _queue


def choose_ai_move(game, state, seat, level, seed):
    from ai import choose_move, parse_level

    name, budget = parse_level(level)
    return choose_move(game, state, seat, name, random.Random(seed), budget=budget)


async def _advance(games: Games, game_id: str, version: int) -> int | None:
    """Play chance steps and AI turns from `version` on; the version to continue from, or None."""
    f = await games.load(game_id)
    if f.version != version:
        return None  # stale: someone else moved the game on
    deadline = time.monotonic() + SLICE_SECONDS
    while True:
        waiting = games.waiting_on(f)
        if waiting is None:
            await games.redis.zrem(keys.WAITING, game_id)  # a mark set ahead of an append that lost its race
            return None
        if time.monotonic() > deadline:
            return f.version
        try:
            if waiting == "chance":
                await games.resolve_chance(f)
            else:
                await games.play_ai(f, choose_ai_move)
        except VersionConflict:
            return None  # a human (or another job) moved first; whoever did enqueues what follows
        f = await games.load(game_id)


def advance(game_id: str, version: int) -> str:
    loop, games, queue = _runtime()
    games.on_waiting = None  # this job carries on itself
    rest = loop.run_until_complete(_advance(games, game_id, version))
    if rest is not None:
        enqueue_advance(queue, game_id, rest)
        return f"continues at {rest}"
    return "done"


def enqueue_timeout(queue: Queue, game_id: str) -> None:
    queue.enqueue("service.jobs.timeout", game_id, job_id=f"timeout-{game_id}", result_ttl=60, failure_ttl=3600)


async def _timeout(games: Games, game_id: str) -> None:
    from service.clocks import play_late

    await play_late(games, game_id)


def timeout(game_id: str) -> str:
    """A seat's clock ran out (found by the sweeper): play the rulebook's default for the late seats."""
    loop, games, queue = _runtime()
    games.on_waiting = lambda gid, v: asyncio.to_thread(enqueue_advance, queue, gid, v)
    loop.run_until_complete(_timeout(games, game_id))
    return "done"
