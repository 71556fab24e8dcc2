"""Time the service was down is nobody's: while no API process answered, nobody could move, so the clocks
then running are given that time back when the service is up again.

Every API process says each second that it is up (`ALIVE`: the unix time it last did). An API process
that starts finds when any last did; a gap of `LEAST` seconds or more is an outage (a supervised restart of
one process takes about two), and the first process to start after it (`claim`) appends to every game with
a running clock a `clock-paused` event of that many seconds (projections/clock.paused: the running
decisions, the no-show waits and the phase clock start that much later), before it answers anyone. The
event is in the game's log like any other, so `caravan verify` folds the same clocks from it."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from redis.exceptions import RedisError

from events import keys
from events.kinds import ClockPaused
from events.store import VersionConflict
from projections.fold import CorruptLog
from service.errors import NotFound

log = logging.getLogger("caravan.outage")
ALIVE = f"{keys.PREFIX}:alive"  # unix time an API process last said it was up
BEAT = 1.0  # seconds between two of an API process's "up"
LEAST = 5.0  # seconds without any: an outage


async def credit(commands: Any, redis: Any, now: float | None = None) -> list[str]:
    """At an API process's start: the games given back the time of the outage that ended, if one did and
    no other process has given it already; their ids."""
    last = await redis.get(ALIVE)
    now = time.time() if now is None else now
    if last is None or now - float(last) < LEAST:
        return []
    if not await redis.set(f"{ALIVE}:credited:{last.decode()}", "1", nx=True, ex=24 * 3600):
        return []  # another process of this start claimed it
    seconds = round(now - float(last), 3)
    given = []
    for raw in await redis.zrange(keys.TIMERS, 0, -1):
        game_id = raw.decode()
        for _ in range(3):  # (a worker may append meanwhile: read the game again)
            try:
                f = await commands.load(game_id)
            except (NotFound, CorruptLog) as e:  # (a timer left by a game that cannot be read: not this start's to mend)
                log.warning("game %s: no time given back: %s", game_id, e)
                break
            if f.status != "active" or f.clock is None or all(sc.since is None for sc in f.clock.seats):
                break
            try:
                await commands.append_note(f, ClockPaused(seconds=seconds))
                given.append(game_id)
                break
            except VersionConflict:
                continue
    if given:
        log.info("the service was down %.1f s: clocks given that time back in %d game(s)", seconds, len(given))
    return given


async def beat(redis: Any) -> None:
    """Say each second that this process is up, until cancelled."""
    while True:
        try:
            await redis.set(ALIVE, repr(time.time()))
        except RedisError as e:  # the store is away: said again once it is back
            log.debug("could not say the API is up: %s", e)
        await asyncio.sleep(BEAT)
