"""RQ jobs. They take ids, never objects, and a job for a version the game has moved past does
nothing, so a duplicate or late job is harmless. One job advances a game through consecutive chance
steps and AI turns, for a bounded time, then hands the rest to a fresh job."""

from __future__ import annotations

import random
import time

from redis import Redis as SyncRedis
from rq import Queue

from events import keys
from events.kinds import TableRef
from events.store import VersionConflict
from service.commands import Commands
from service.settings import Settings

SLICE_SECONDS = 5.0


def queue_for(cfg: Settings) -> Queue:
    return Queue(cfg.queue, connection=SyncRedis.from_url(cfg.queue_url), default_timeout=cfg.job_timeout)


def enqueue_advance(queue: Queue, game_id: str, version: int) -> None:
    queue.enqueue("service.jobs.advance", game_id, version, job_id=f"advance-{game_id}-{version}",
                  result_ttl=60, failure_ttl=3600)


def enqueue_finished(queue: Queue, game_id: str, tournament: TableRef) -> None:
    """A tournament table ended: let the tournament score it and seat what follows."""
    queue.enqueue("service.tournaments.game_finished", tournament.id, game_id, job_id=f"finished-{game_id}",
                  result_ttl=60, failure_ttl=3600)


def choose_ai_move(game, state, seat, level, seed):
    from ai import choose_move, parse_level

    name, budget = parse_level(level)
    return choose_move(game, state, seat, name, random.Random(seed), budget=budget)


async def _advance(games: Commands, game_id: str, version: int) -> int | None:
    """Play chance steps and AI turns from `version` on; the version to continue from, or None. The
    job carries the game on itself, so these appends hand nothing to the queue (a table that ends
    still goes to its tournament)."""
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
    from service.runtime import in_worker

    loop, runtime = in_worker()
    rest = loop.run_until_complete(_advance(runtime.commands, game_id, version))
    if rest is not None:
        enqueue_advance(runtime.queue, game_id, rest)
        return f"continues at {rest}"
    return "done"


def enqueue_timeout(queue: Queue, game_id: str) -> None:
    queue.enqueue("service.jobs.timeout", game_id, job_id=f"timeout-{game_id}", result_ttl=60, failure_ttl=3600)


async def _timeout(games: Commands, game_id: str) -> None:
    from service.clocks import play_late

    await play_late(games, game_id)


def timeout(game_id: str) -> str:
    """A seat's clock ran out (found by the sweeper): play the rulebook's default for the late seats."""
    from service.runtime import in_worker

    loop, runtime = in_worker()
    loop.run_until_complete(_timeout(runtime.commands, game_id))
    return "done"
