"""Leaving a game: a seat resigns; the arbiter abandons a game or ends it with a ranking it states.

All three are events in the game's log, so the log, replay, export and the offline verifier see them:
  resigned     the seat is ranked last among those still in at the end (projections.clock.with_resignations);
               an AI (the table's `absent` level, else random) plays its remaining decisions, so the other
               seats' game keeps its shape. This is the same in every game: no game ends early for it.
  abandoned    no result: the game counts for nobody, its timers and jobs stop, its seed is revealed.
  adjudicated  the arbiter's ranking becomes the result (scores 0, detail "adjudicated by the arbiter").
"""

from __future__ import annotations

import msgspec

from events import keys
from events.envelope import seal
from events.kinds import Abandoned, Adjudicated, Finished, Resigned, Returned, SeedRevealed
from events.store import VersionConflict
from projections import clock
from projections.fold import Folded, step
from service.commands import ARBITER, Commands
from service.decide import shares_its_seed
from service.errors import Conflict, GameOver, Invalid

REASON_MAX = 200
ATTEMPTS = 5


async def _active(games: Commands, game_id: str) -> Folded:
    f = await games.load(game_id)
    if f.status != "active":
        raise GameOver(f"the game is {f.status}")
    return f


def _reason(reason: str) -> str:
    if len(reason) > REASON_MAX or not reason.isprintable():
        raise Invalid(f"a reason is at most {REASON_MAX} printable characters")
    return reason


async def resign(games: Commands, game_id: str, seat: int, forfeit: bool = False, withdrawn: bool = False) -> Folded:
    """`seat` leaves the game (`forfeit`: the platform resigns it for a no-show; `withdrawn`: its tournament
    entrant withdrew, which resigns an AI entrant's seat too, its own AI playing it out)."""
    for attempt in range(ATTEMPTS):
        f = await _active(games, game_id)
        if seat in f.resigned:
            raise Conflict(f"{f.called(seat)} has resigned already")
        if f.players[seat].ai is not None and not withdrawn:
            raise Invalid(f"{f.called(seat)} is an AI: it does not resign")
        level = f.players[seat].ai or clock.parse_absent(f.created.absent) or clock.RESIGNED_LEVEL
        try:
            return await games.append_note(f, Resigned(seat=seat, level=level, forfeit=forfeit),
                                             actor=seat if not (forfeit or withdrawn) else "system")
        except VersionConflict:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


async def come_back(games: Commands, game_id: str, seat: int) -> Folded:
    """The owner of a seat an AI plays (late, or a no-show) takes it back: `returned`, now, without having
    to move before the AI does (it plays within milliseconds of each decision coming due). The seat's
    clock runs for its owner from here; having come back, the seat has shown up. A return that could not
    hold (no time left on the seat's clock: projections.clock.why_no_return) is refused, changing nothing."""
    for attempt in range(ATTEMPTS):
        f = await _active(games, game_id)
        if seat in f.resigned:
            raise Conflict(f"{f.called(seat)} has resigned: a resignation is final")
        if seat not in dict(f.absent):
            raise Conflict(f"{f.called(seat)} is not played by an AI: there is nothing to come back from")
        came = seal(f.version + 1, seat, Returned(seat=seat), prev=f.head)
        why = clock.why_no_return(f.clock, step(f, came).clock, f.control, f.game, f.state, seat, clock.epoch(came.at))
        if why:
            raise Conflict(f"{f.called(seat)} cannot come back: {why}")
        try:
            return await games.append_note(f, Returned(seat=seat), actor=seat)
        except VersionConflict:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


async def _end(games: Commands, f: Folded, first, status: str) -> Folded:
    """Append the arbiter's ending (and the finished event, the seed) in one batch."""
    batch = [seal(f.version + 1, ARBITER, first, prev=f.head)]
    if isinstance(first, Adjudicated):
        result = clock.adjudicated(first.ranks, first.reason)
        batch.append(seal(batch[-1].version + 1, "system", Finished(result=msgspec.to_builtins(result)),
                          prev=batch[-1].hash))
    if not shares_its_seed(f):
        batch.append(seal(batch[-1].version + 1, "system", SeedRevealed(seed=await games.seed(f.id)),
                          prev=batch[-1].hash))
    await games.store.append(f.id, f.version, batch, status=status)
    games.loader.forget(f.id)
    await games.redis.zrem(keys.WAITING, f.id)
    await games.redis.zrem(keys.TIMERS, f.id)
    new = f
    for e in batch:
        new = step(new, e)
    await games._after(new, None)  # a tournament table: the tournament records it
    return new


async def abandon(games: Commands, game_id: str, reason: str = "") -> Folded:
    for attempt in range(ATTEMPTS):
        f = await _active(games, game_id)
        try:
            return await _end(games, f, Abandoned(reason=_reason(reason)), "abandoned")
        except VersionConflict:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


async def adjudicate(games: Commands, game_id: str, ranks: list[int], reason: str = "") -> Folded:
    for attempt in range(ATTEMPTS):
        f = await _active(games, game_id)
        n = len(f.players)
        if len(ranks) != n or any(not isinstance(r, int) or not 1 <= r <= n for r in ranks):
            raise Invalid(f"a ranking gives each of the {n} seats a place from 1 to {n}")
        try:
            return await _end(games, f, Adjudicated(ranks=tuple(ranks), reason=_reason(reason)), "finished")
        except VersionConflict:
            if attempt == ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")
