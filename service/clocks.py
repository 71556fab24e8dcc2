"""Time control in the service: what a late seat gets, and what a view shows of the clocks.

No seat is timed out while the service is away (service/outage.py: no API process has said it is up for
`outage.LEAST` s); a game owed an outage's time is given it before its late seats are looked for.

The clocks themselves are derived from the log (projections/clock.py, folded with every event), so a
worker or Redis restart loses nothing: the game's timer (`keys.TIMERS`, its earliest deadline) is set
again from the fold at every append, and the timeout job re-derives who is late before it acts.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from events import keys
from events.kinds import Resigned, TakenOver
from events.store import VersionConflict
from projections import clock
from projections.fold import Folded
from service.commands import Commands
from service.decide import waiting_on

log = logging.getLogger("caravan.clocks")
MAX_TIMEOUTS = 500  # moves one timeout job plays at most (a program of discs, a chain of defaults)
MAX_STAND_IN = 12  # stand-in moves one timeout job plays at most (the rest: the slow queue's think job)


def lease_key(game_id: str) -> str:
    """Held while a timeout job for the game is queued or running (the sweeper enqueues one per lease)."""
    return f"{keys.PREFIX}:{{{game_id}}}:timeout-lease"


def late_seats(f: Folded, now: float) -> list[int]:
    if f.status != "active":
        return []
    due = clock.deadlines(f.clock, f.control, f.game, f.state)
    return sorted(s for s, d in due.items() if d <= now)


async def play_late(games: Commands, game_id: str) -> int:
    """Every seat whose time has run out gets the rulebook's default for its decision, or, where the
    table chose it, an AI that takes the seat over. Returns the number of events appended."""
    from service import outage

    if await outage.away(games.redis):  # nobody can move: the lease holds the sweeper off until it ends
        log.info("game %s: no timeout while the service is away", game_id)
        return 0
    await outage.settle(games, games.redis, game_id)  # an outage's time first, when the game is owed one
    try:
        return await _play_late(games, game_id)
    finally:
        await games.redis.delete(lease_key(game_id))  # the next deadline gets its own job at once


async def _play_late(games: Commands, game_id: str) -> int:
    done = 0
    while done < MAX_TIMEOUTS:
        f = await games.load(game_id)
        late = late_seats(f, time.time())
        if not late:
            await games.schedule(f)  # the next deadline, or none (a seat moved just in time)
            return done
        seat = late[0]
        level = clock.parse_absent(f.created.absent)
        no_show = clock.no_shows(f.clock, f.control).get(seat)
        try:
            if no_show is not None and no_show <= time.time():  # it never showed up: the table's no-show rule
                await no_show_rule(games, f, seat, level)
            elif level is not None:
                await games.append_note(f, TakenOver(seat=seat, level=level, timeout=True))
            else:
                await games.timeout_move(f, seat)
        except VersionConflict:
            continue  # the seat (or another job) moved just now: look again
        done += 1
    log.warning("game %s: %d timeout moves in one job; the rest in the next", game_id, done)
    return done


async def stand_in(games: Commands, game_id: str, choose: Callable[..., Any]) -> tuple[int, str] | None:
    """Right after a timeout: the moves of the AIs that took late seats over, played at once by the timeout
    job (on the fast queue) rather than behind AI thinking on the slow one, where the seat's decision stood
    waiting. (version, what the game waits on then) to hand on, or None when none was played (the `think`
    job the takeover queued plays on)."""
    from service.jobs import NoSlot
    from service.stand_in_pace import not_yet

    f, played = await games.load(game_id), 0
    while played < MAX_STAND_IN and waiting_on(f) == "ai" and set(f.game.actors(f.state)) & _taken(f):
        if await not_yet(games, f):
            break  # at a person's pace: the game's timer brings this job back when the decision is due
        try:
            await games.play_ai(f, choose)
        except (VersionConflict, NoSlot):
            break  # the owner came back, or every thinking slot is busy: the think job plays it
        played += 1
        f = await games.load(game_id)
    if not played:
        return None
    waits = waiting_on(f)
    return (f.version, waits) if waits else None


def _taken(f: Folded) -> set[int]:
    """The seats an AI plays because their time ran out (or they did not show up): not resigned ones."""
    return {s for s, _ in f.absent if s not in f.resigned}


async def no_show_rule(games: Commands, f: Folded, seat: int, level: str | None) -> None:
    """A seat that has not made its first move in time: resigned (`forfeit`) or taken over, as the table chose."""
    if f.control.no_show_action == "forfeit":
        await games.append_note(f, Resigned(seat=seat, level=level or clock.RESIGNED_LEVEL, forfeit=True))
    else:
        await games.append_note(f, TakenOver(seat=seat, level=level or clock.NO_SHOW_LEVEL, timeout=True,
                                             no_show=True))


def clock_view(f: Folded, now: float | None = None) -> dict[str, Any] | None:
    """The seats' clocks as a view shows them: the control, and per seat its remaining time (seconds),
    whether it runs, and its deadline (unix seconds) while it runs; None for a table without clocks."""
    if f.clock is None:
        return None
    now = time.time() if now is None else now
    control = f.control
    due = clock.due_dates(f.clock, control, f.game, f.state) if f.status == "active" else {}
    return {
        "control": f.created.clock,
        "absent": f.created.absent,
        **({"no_show": f.created.no_show} if f.control.no_show else {}),
        "seats": [{"seat": s, "running": s in due, "deadline": due[s][0] if s in due else None,
                   "due": due[s][1] if s in due else None,  # what sets the deadline: clock | phase | no-show
                   "remaining": clock.remaining(f.clock, control, s, now),
                   "ai": dict(f.absent).get(s)} for s in range(len(f.players))],
    }


def clock_frame(f: Folded, now: float | None = None) -> dict[str, Any] | None:
    """The SSE stream's `clock` event after the log's last event (`f.version`): the clocks as they stand,
    with the server's time, so a client counts down to each `deadline` without polling. Not a chain event:
    it carries no SSE id and is in no log; it follows every event that leaves the log at its head."""
    now = time.time() if now is None else now
    view = clock_view(f, now)
    if view is None:
        return None
    due = [c["deadline"] for c in view["seats"] if c["deadline"] is not None]
    return {"version": f.version, "server_time": now, **view, "deadline": min(due) if due else None}
