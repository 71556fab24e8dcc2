"""A stand-in plays at a person's pace: an AI that took a late seat over makes each of that seat's decisions
CARAVAN_STAND_IN_DELAY seconds after it came due (never past the seat's own deadline for it: a decision
whose time ran out already is made at once), so that the seat's owner can come back (`POST …/return`,
`caravan back`) before the stand-in has played the game out. (It played a whole Kashgar game in about 6 s.)

No scheduler: when a stand-in's decision is not yet due, the job that would make it sets the game's timer
(`keys.TIMERS`) to when it is; the sweeper then enqueues the game's timeout job (fast queue), which plays it
(service/clocks.py stand_in). When each decision came due is kept under the game's hash tag, set by the
first job that sees it, so every job agrees on it."""

from __future__ import annotations

import functools
import math
import time

from events import keys
from projections.fold import Folded
from service.commands import Commands

MARGIN = 0.5  # seconds before the seat's own deadline by which the stand-in has moved


@functools.cache
def delay() -> float:
    from service.settings import settings

    return settings().stand_in_delay


def pace_key(game_id: str, version: int) -> str:
    return f"{keys.PREFIX}:{{{game_id}}}:stand-in:{version}"


def stood_in(f: Folded) -> set[int]:
    """The acting seats an AI plays because their time ran out (or they did not show up)."""
    from service.clocks import _taken

    return set(f.game.actors(f.state)) & _taken(f) if f.absent and f.status == "active" else set()


def allowed(f: Folded, seats: set[int], now: float) -> float:
    """Seconds from `now` the stand-in may take for its decision: the delay, within each seat's own time
    for it (per-decision: the limit; Fischer: the main time left; a decision held since its time ran out: 0)."""
    out, control = delay(), f.control
    for s in seats:
        sc = f.clock.seats[s] if f.clock is not None and s < len(f.clock.seats) else None
        left = math.inf
        if sc is not None and sc.held:
            since, remaining = sc.held
            if control.kind == "per-decision":
                left = since + control.limit - now
            elif control.kind == "fischer" and remaining is not None:
                left = since + remaining - now
        elif control.kind == "per-decision":
            left = control.limit
        elif control.kind == "fischer" and sc is not None and sc.remaining is not None:
            left = sc.remaining
        out = min(out, left - MARGIN)
    return max(0.0, out)


async def not_yet(games: Commands, f: Folded) -> bool:
    """Whether the stand-in's decision at `f.version` is not due yet; if so, the game's timer is set to when
    it is (the sweeper's timeout job then plays it). False when no stand-in acts, or with no delay."""
    seats = stood_in(f)
    if not seats or delay() <= 0:
        return False
    now, key = time.time(), pace_key(f.id, f.version)
    await games.redis.set(key, repr(now + allowed(f, seats, now)), nx=True, ex=int(delay()) + 600)
    due = float(await games.redis.get(key) or now)
    if due <= now:
        return False
    timer = await games.redis.zscore(keys.TIMERS, f.id)
    if timer is None or timer > due:
        await games.redis.zadd(keys.TIMERS, {f.id: due})
    return True
