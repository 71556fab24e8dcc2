"""Time the service was down is nobody's: while no API process answered, nobody could move, so the clocks
then running are given that time back when the service is up again.

Every API process says each second that it is up (`ALIVE`: the unix time it last did). When one finds the
last "up" `LEAST` seconds old or more, the service was away that long, however it happened: every API
process stopped (a supervised restart of one takes about two seconds), the store hung (stopped, swapping:
nobody's "up" got through), or the API's loop stood still. The first process to see the gap `claim`s it and
marks every game with a running deadline as owed that many seconds (`OWED`, game id -> seconds) before it
says it is up again, so a timeout job that runs meanwhile finds the debt (and until it is said, a timeout
job waits: `away`). The games are then given their time in the background (`drain`), and at once a game
that is read or timed (`settle`), so a restart answers at once whatever the number of games (before: 3.8 ms
a game, 10.4 s for 2,004 games, before the first answer). Giving a game its time appends a `clock-paused`
event (projections/clock.paused: the running decisions, the held ones, the no-show waits and the phase
clock start that much later); it is in the game's log like any other, so `caravan verify` folds the same
clocks from it."""

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
from service.settings import Settings

log = logging.getLogger("caravan.outage")
ALIVE = f"{keys.PREFIX}:alive"  # unix time an API process last said it was up
OWED = f"{keys.PREFIX}:outage:owed"  # hash: game id -> seconds of an outage its clocks are still owed
ENDED = f"{keys.PREFIX}:outage:ended"  # unix time the last outage was claimed (its end)
BEAT = 1.0  # seconds between two of an API process's "up"
LEAST = Settings().outage_after  # seconds without any: an outage (CARAVAN_OUTAGE_AFTER, default 5)
CLAIM_TTL = 60  # seconds a claim in progress holds off the other processes (a claimer that died: then re-claimed)
CHUNK = 500  # games marked owed per round trip
owing = False  # this process is giving an outage's time back (a game read meanwhile is given its own first)


async def claim(redis: Any, now: float | None = None) -> float:
    """Say this process is up; first, when the service was away `LEAST` s or more and no other process has
    claimed that outage, mark every game with a running deadline as owed it. The seconds claimed, or 0."""
    last = await redis.get(ALIVE)  # (read before anything is written: a write sent into a hung store is not)
    now = time.time() if now is None else now
    if last is None or now - float(last) < LEAST:
        await redis.set(ALIVE, repr(now))
        return 0.0
    mark = f"{ALIVE}:credited:{last.decode()}"
    if not await redis.set(mark, "claimed", nx=True, ex=CLAIM_TTL):
        if await redis.get(mark) == b"done":  # (else the claimer is still marking: not up before it is done)
            await redis.set(ALIVE, repr(now))
        return 0.0
    seconds = round(now - float(last), 3)
    await redis.set(ENDED, repr(now), ex=24 * 3600)
    ids = await redis.zrange(keys.TIMERS, 0, -1)
    for i in range(0, len(ids), CHUNK):
        async with redis.pipeline(transaction=False) as p:
            for raw in ids[i:i + CHUNK]:
                p.hincrbyfloat(OWED, raw, seconds)
            await p.execute()
    await redis.set(mark, "done", ex=24 * 3600)
    await redis.set(ALIVE, repr(now))
    log.info("the service was away %.1f s: %d game(s) are owed that time", seconds, len(ids))
    return seconds


async def start(redis: Any) -> float:
    """At an API process's start, before it answers: `claim`, and know whether games are owed an outage's
    time (then a game read is given its own before it is shown, until `drain` has given every game its)."""
    global owing
    seconds = await claim(redis)
    owing = bool(seconds) or bool(await redis.exists(OWED))
    return seconds


async def away(redis: Any, now: float | None = None) -> float:
    """Seconds since an API process last said it was up when that is an outage (`LEAST` or more), else 0:
    a timeout job waits while it lasts (nobody can move), and the time is given back when it ends."""
    last = await redis.get(ALIVE)
    gap = (time.time() if now is None else now) - float(last) if last is not None else 0.0
    return gap if gap >= LEAST else 0.0


async def settle(commands: Any, redis: Any, game_id: str) -> bool:
    """Give game `game_id` the outage time it is owed, if any (once: taking the debt is atomic). Whether a
    `clock-paused` event was appended."""
    async with redis.pipeline(transaction=True) as p:
        p.hget(OWED, game_id)
        p.hdel(OWED, game_id)
        owed, _ = await p.execute()
    if owed is None:
        return False
    try:
        return await _give(commands, game_id, float(owed), float(await redis.get(ENDED) or "inf"))
    except BaseException:
        await redis.hincrbyfloat(OWED, game_id, float(owed))  # not given: still owed
        raise


async def _give(commands: Any, game_id: str, seconds: float, ended: float) -> bool:
    """Append the `clock-paused` of `seconds`, unless no decision of the game ran when the outage `ended`."""
    from service.clocks import lease_key

    for _ in range(3):  # (a worker may append meanwhile: read the game again)
        try:
            f = await commands.load(game_id)
        except (NotFound, CorruptLog) as e:  # (a timer left by a game that cannot be read: not this debt's to mend)
            log.warning("game %s: no time given back: %s", game_id, e)
            return False
        began = [t for sc in (f.clock.seats if f.clock is not None else ()) for t in
                 (sc.since, sc.held[0] if sc.held else None) if t is not None]
        if f.status != "active" or not began or min(began) >= ended:  # (none, or begun since: nothing owed)
            return False
        try:
            await commands.append_note(f, ClockPaused(seconds=seconds))
        except VersionConflict:
            continue
        await commands.redis.delete(lease_key(game_id))  # a timeout that waited out the outage: at once now
        return True
    return False


async def drain(commands: Any, redis: Any) -> int:
    """Give every game owed an outage's time its time (other processes may share the work); how many."""
    global owing
    given, owing = 0, True
    try:
        while await redis.hlen(OWED):  # (more may be owed meanwhile: another outage, another process's leftovers)
            cursor = 0
            while True:
                cursor, owed = await redis.hscan(OWED, cursor, count=100)
                for raw in owed:
                    given += await settle(commands, redis, raw.decode())
                if not cursor:
                    break
    finally:
        owing = False
    if given:
        log.info("outage time given back in %d game(s)", given)
    return given


async def _drain_logged(commands: Any, redis: Any) -> None:
    try:
        await drain(commands, redis)
    except RedisError as e:  # the store went away again: the debts stay owed, drained at the next beat
        log.warning("outage time not all given back yet: %s", e)


async def beat(commands: Any, redis: Any) -> None:
    """Say each second that this process is up, claim an outage that ended, and give the games owed their
    time in the background, until cancelled."""
    global owing
    draining: asyncio.Task | None = None
    while True:
        try:
            if await claim(redis):  # (the loop stood still, or the store was away)
                owing = True
            if (draining is None or draining.done()) and await redis.exists(OWED):
                draining = asyncio.create_task(_drain_logged(commands, redis))
        except RedisError as e:  # the store is away: said again once it is back
            log.debug("could not say the API is up: %s", e)
        await asyncio.sleep(BEAT)
