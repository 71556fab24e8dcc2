"""Time control, derived from the log alone: each seat's clock is a function of the events and their times.

A table's `clock` option (in its created event) is one of
  none                    no limit (a game's own phase clock, Himalaya's planning, still applies);
  per-decision:SECONDS    each decision of a seat must come within SECONDS of the moment it became due;
  fischer:MAIN+INCREMENT  chess-style: MAIN seconds for the whole game, INCREMENT added after each move.
`absent` says what happens to a late seat: `default` (the platform plays the game's `timeout_move`, the
rulebook's default for that decision) or `ai-LEVEL` (an AI of that level takes the seat over until its
owner moves again).
`no_show` (a tournament's rule, any table may take it) is one of
  none                    no rule;
  forfeit:SECONDS         a person's seat that has not made a move of its own within SECONDS of its first
                          decision coming due (the seat is seated then, or soon after: SECONDS after seating
                          at the earliest) is resigned by the platform (`resigned` with `forfeit`): ranked
                          last, an AI plays its remaining decisions;
  takeover:SECONDS        the same seat is taken over (`taken-over`, `timeout`) by the table's `absent` AI
                          level, or greedy when the table names none, until its owner moves.

A seat's clock runs while it is among the actors, is a person, and is not played by an AI (taken over or
resigned); chance and AI seats never use clock time; simultaneous decisions run every acting seat's clock
at once. A decision starts when the seat becomes an actor, and again after each move it makes while it
stays one. A move the platform plays for a late seat (`timeout`) starts nothing: the seat stays late
for the rest of that stretch (a Himalaya program of six discs is completed at once). With Fischer, a
seat whose time is spent (its flag fell) is late at once for every later decision.

Everything here is pure: the fold (projections/fold.py) advances a `ClockState` with each event's time,
the service schedules the earliest deadline, the workers play the late seats, and the verifier re-checks
from the event times that every timeout really came after its deadline.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import msgspec

from games.protocol import CHANCE, Game, Result, ranks_from_keys

LEVELS = ("random", "greedy", "mcts", "easy", "medium", "hard")  # as ai.LEVELS (projections import no ai)
MAX_SECONDS = 7 * 24 * 3600  # a week: the longest main time or decision limit
MAX_INCREMENT = 3600
RESIGNED_LEVEL = "random"  # who plays a resigned seat's remaining decisions when the table names no AI

_PER_DECISION = re.compile(r"per-decision:(\d+(?:\.\d+)?)")
_FISCHER = re.compile(r"fischer:(\d+(?:\.\d+)?)\+(\d+(?:\.\d+)?)")
_AI = re.compile(r"ai-(?:(?:random|greedy|mcts)(@\d+(?:\.\d+)?)?|easy|medium|hard)")


_NO_SHOW = re.compile(r"(forfeit|takeover):(\d+(?:\.\d+)?)")
NO_SHOW_LEVEL = "greedy"  # who takes a no-show's seat over when the table's `absent` names no AI


class Control(msgspec.Struct, frozen=True):
    kind: str = "none"  # none | per-decision | fischer
    limit: float = 0.0  # per-decision: seconds per decision
    main: float = 0.0  # fischer: seconds for the game
    increment: float = 0.0  # fischer: seconds added after each move
    no_show: float = 0.0  # seconds a person's seat has to make its first move (0: no rule)
    no_show_action: str = ""  # forfeit | takeover


def control_of(clock: str, no_show: str = "none") -> Control:
    """A table's time control: its `clock` and `no_show` options together."""
    c = parse_clock(clock)
    seconds, action = parse_no_show(no_show)
    return msgspec.structs.replace(c, no_show=seconds, no_show_action=action) if seconds else c


def parse_no_show(text: Any) -> tuple[float, str]:
    """The `no_show` option: (seconds, "forfeit" | "takeover"), or (0, "") for none."""
    if text == "none":
        return 0.0, ""
    if isinstance(text, str) and (m := _NO_SHOW.fullmatch(text)):
        seconds = float(m.group(2))
        if not 1 <= seconds <= MAX_SECONDS:
            raise ValueError(f"option no_show: the time to show up is 1 to {MAX_SECONDS} seconds, not {m.group(2)}")
        return seconds, m.group(1)
    raise ValueError(f"option no_show: none, forfeit:SECONDS or takeover:SECONDS, not {text!r}")


def time_rules(options: dict[str, Any]) -> str | None:
    """A table's time rules in words ('clock fischer:60+5; a late seat gets the rulebook's default move;
    no-show: forfeit after 45 s'), or None when it has none."""
    clock, absent, no_show = options.get("clock", "none"), options.get("absent", "default"), options.get("no_show", "none")
    said = []
    if clock != "none":
        said.append(f"clock {clock}; a late seat " + ("gets the rulebook's default move" if absent == "default"
                                                     else f"is taken over by {absent}"))
    seconds, rule = parse_no_show(no_show)
    if rule:
        said.append(f"no-show: {'forfeit' if rule == 'forfeit' else 'taken over'} after {seconds:g} s "
                    "without a first move")
    return "; ".join(said) or None


def parse_clock(text: Any) -> Control:
    """The `clock` option; ValueError with a reason when it is not one of the three forms or out of bounds."""
    if not isinstance(text, str):
        raise ValueError(f"option clock: expected a string, got {text!r}")
    if text == "none":
        return Control()
    if m := _PER_DECISION.fullmatch(text):
        limit = float(m.group(1))
        if not 1 <= limit <= MAX_SECONDS:
            raise ValueError(f"option clock: a decision limit is 1 to {MAX_SECONDS} seconds, not {m.group(1)}")
        return Control(kind="per-decision", limit=limit)
    if m := _FISCHER.fullmatch(text):
        main, inc = float(m.group(1)), float(m.group(2))
        if not 1 <= main <= MAX_SECONDS or not 0 <= inc <= MAX_INCREMENT:
            raise ValueError(f"option clock: main time is 1 to {MAX_SECONDS} seconds and the increment 0 to "
                             f"{MAX_INCREMENT}, not {text}")
        return Control(kind="fischer", main=main, increment=inc)
    raise ValueError(f"option clock: none, per-decision:SECONDS or fischer:MAIN+INCREMENT, not {text!r}")


def parse_absent(text: Any) -> str | None:
    """The `absent` option: None for the rulebook's default, else the AI level that takes a late seat over."""
    if text == "default":
        return None
    if isinstance(text, str) and (m := _AI.fullmatch(text)):
        budget = m.group(1)
        if budget and not 0 < float(budget[1:]) <= 30:
            raise ValueError("option absent: an AI's budget is more than 0 and at most 30 seconds")
        return text[3:]
    raise ValueError(f"option absent: default or ai-LEVEL with LEVEL one of {', '.join(LEVELS)}, not {text!r}")


def check(options: dict[str, Any]) -> tuple[str, str, str]:
    """Pop and check the platform's clock options from a table's options: (clock, absent, no_show)."""
    clock = options.pop("clock", "none")
    absent = options.pop("absent", "default")
    no_show = options.pop("no_show", "none")
    parse_clock(clock)
    parse_absent(absent)
    parse_no_show(no_show)
    return clock, absent, no_show


def epoch(at: str) -> float:
    """An event's time (ISO 8601, UTC) as seconds since the epoch."""
    return datetime.fromisoformat(at).timestamp()


class SeatClock(msgspec.Struct, frozen=True):
    remaining: float | None = None  # fischer: seconds left, as of the last stop (None: no main time)
    since: float | None = None  # when the running decision began (None: the clock is stopped)
    first_due: float | None = None  # when the seat's clock first ran (its first decision came due)
    moved: bool = False  # the seat has made a move of its own (it showed up)
    held: tuple[float, float | None] | None = None  # (since, remaining) of a decision an AI took over unmade


class ClockState(msgspec.Struct, frozen=True):
    seats: tuple[SeatClock, ...]
    phase_since: float | None = None  # when the game's own time limit (a phase clock) appeared


def uses_clock(game: Game, control: Control) -> bool:
    return control.kind != "none" or control.no_show > 0 or type(game).time_limit is not Game.time_limit


def initial(game: Game, control: Control, seats: int) -> ClockState | None:
    if not uses_clock(game, control):
        return None
    main = control.main if control.kind == "fischer" else None
    return ClockState(seats=tuple(SeatClock(remaining=main) for _ in range(seats)))


def running(game: Game, state: Any, humans: list[bool]) -> set[int]:
    """The seats whose clock runs in `state`: acting people no AI plays for."""
    if game.result(state) is not None:
        return set()
    return {s for s in game.actors(state) if s != CHANCE and humans[s]}


def advance(cs: ClockState, control: Control, game: Game, before: Any, after: Any, humans_after: list[bool],
            at: float, decided_by: int | None, back: int | None = None) -> ClockState:
    """The clocks after an event at time `at` took the game from `before` to `after`. `decided_by`: the
    seat whose own move it was (not a timeout move), whose decision is thereby made; `back`: a seat whose
    owner came back (it has shown up: the no-show rule is done with it).

    A decision an AI takes over before it is made (the seat late, or a no-show) is held: its owner coming
    back before the AI has made it resumes it from its start, the time away counted, so a return gives no
    time back (before, it began the decision again in full, and a 4 s decision lasted 17 s after 4 returns)."""
    now_running = running(game, after, humans_after)
    acting = set(game.actors(after)) if game.result(after) is None else set()
    seats = []
    for s, sc in enumerate(cs.seats):
        made = decided_by == s
        if sc.held is not None and (made or s not in acting):
            sc = msgspec.structs.replace(sc, held=None)  # the held decision is made (by the AI) or gone
        if sc.since is not None and (made or s not in now_running):
            rem = sc.remaining
            if rem is not None:
                rem = rem - (at - sc.since) + (control.increment if made else 0.0)
            held = (sc.since, sc.remaining) if not made and s in acting else None
            sc = msgspec.structs.replace(sc, remaining=rem, since=None, held=held)
        if (made or back == s) and not sc.moved:
            sc = msgspec.structs.replace(sc, moved=True)
        if s in now_running and sc.since is None:
            if back == s and sc.held is not None:  # the owner resumes the decision the AI held, as it stood
                sc = msgspec.structs.replace(sc, since=sc.held[0], remaining=sc.held[1], held=None)
            else:
                sc = msgspec.structs.replace(sc, since=at, first_due=at if sc.first_due is None else sc.first_due)
        seats.append(sc)
    had, has = game.time_limit(before), game.time_limit(after)
    phase = None if has is None else (cs.phase_since if had is not None and cs.phase_since is not None else at)
    return ClockState(seats=tuple(seats), phase_since=phase)


def restored(then: ClockState, now: ClockState) -> ClockState:
    """The clocks after an undo back to a position whose clocks were `then`: as they stood there, each
    running decision still counted from when it began, so an undo gives no time back (a seat that moved 2 s
    into a 4 s decision and took it back had 4 s again, and a Fischer clock kept the undone move's
    increment: against AI seats, which consent at once, a clock could be reset for ever). Whether a seat
    has shown up (the no-show rule) stays as it is now."""
    seats = tuple(msgspec.structs.replace(t, moved=t.moved or n.moved,
                                          first_due=t.first_due if t.first_due is not None else n.first_due)
                  for t, n in zip(then.seats, now.seats, strict=True))
    return ClockState(seats=seats, phase_since=then.phase_since)


def paused(cs: ClockState, seconds: float) -> ClockState:
    """The clocks after they stood still for `seconds` (the service was down): every running decision, the
    no-show wait of a seat that has not moved yet and the phase clock start that much later."""
    def later(t: float | None) -> float | None:
        return None if t is None else t + seconds

    seats = tuple(msgspec.structs.replace(sc, held=(sc.held[0] + seconds, sc.held[1])) if sc.held and sc.since is None
                  else sc if sc.since is None else msgspec.structs.replace(
        sc, since=sc.since + seconds, first_due=sc.first_due if sc.moved else later(sc.first_due)) for sc in cs.seats)
    return ClockState(seats=seats, phase_since=later(cs.phase_since))


def deadlines(cs: ClockState | None, control: Control, game: Game, state: Any) -> dict[int, float]:
    """When each running seat's time runs out (unix seconds): the earliest of its own clock, the game's
    phase clock and its no-show deadline."""
    return {s: at for s, (at, _) in due_dates(cs, control, game, state).items()}


def due_dates(cs: ClockState | None, control: Control, game: Game, state: Any) -> dict[int, tuple[float, str]]:
    """`deadlines`, each with what sets it: "clock" (the seat's own), "phase" (the game's time limit, e.g.
    Himalaya's planning) or "no-show" (its first move is due)."""
    if cs is None:
        return {}
    out: dict[int, tuple[float, str]] = {}
    limit = game.time_limit(state)
    no_show = no_shows(cs, control)
    for s, sc in enumerate(cs.seats):
        if sc.since is None:
            continue
        ds = []
        if control.kind == "per-decision":
            ds.append((sc.since + control.limit, "clock"))
        elif control.kind == "fischer" and sc.remaining is not None:
            ds.append((sc.since + max(sc.remaining, 0.0), "clock"))
        if limit is not None and cs.phase_since is not None:
            ds.append((cs.phase_since + limit, "phase"))
        if s in no_show:
            ds.append((no_show[s], "no-show"))
        if ds:
            out[s] = min(ds, key=lambda d: d[0])
    return out


def why_no_return(cs: ClockState | None, back: ClockState | None, control: Control, game: Game, state: Any,
                  seat: int, at: float) -> str | None:
    """Why seat `seat`, which an AI plays, cannot be given back to its owner at `at` (None: it can). `cs`:
    the clocks now; `back`: as they would be with the seat given back then. A return that could not hold
    is refused: the seat would be late at once and the AI take it again within moments. With Fischer and
    its main time spent, every later decision is late at once (no move of its own brings an increment);
    and a deadline already past (the game's phase limit) makes the seat late as soon as it is back."""
    if cs is None:
        return None
    left = remaining(cs, control, seat, at)
    if control.kind == "fischer" and left is not None and left <= 0:
        return "no time left on the clock (its Fischer main time is spent: the AI would take the seat straight back)"
    due = due_dates(back, control, game, state).get(seat)
    if due is not None and due[0] <= at:
        if due[1] == "clock" and control.kind == "per-decision":  # its decision's time ran out: a return keeps it
            return ("no time left on the clock for this decision: the AI makes it, and the seat is yours again "
                    "from your next decision (come back once the AI has moved)")
        return f"{_PAST[due[1]]} (the seat would be late at once: the AI would take it straight back)"
    return None


_PAST = {"clock": "no time left on the clock", "phase": "the phase's time limit has passed",
         "no-show": "the time to make a first move has passed"}


def no_shows(cs: ClockState | None, control: Control) -> dict[int, float]:
    """The no-show deadline of each running seat that has not moved yet: its first decision's start plus
    the table's `no_show` seconds."""
    if cs is None or not control.no_show:
        return {}
    return {s: sc.first_due + control.no_show for s, sc in enumerate(cs.seats)
            if sc.since is not None and not sc.moved and sc.first_due is not None}


def remaining(cs: ClockState | None, control: Control, s: int, now: float) -> float | None:
    """Seconds seat `s` has left at `now` (fischer: of its main time; per-decision: of this decision)."""
    if cs is None:
        return None
    sc = cs.seats[s]
    if control.kind == "fischer" and sc.remaining is not None:
        used = now - sc.since if sc.since is not None else 0.0
        return max(sc.remaining - used, 0.0)
    if control.kind == "per-decision":
        return max(sc.since + control.limit - now, 0.0) if sc.since is not None else control.limit
    return None


def with_resignations(result: Result | None, resigned: tuple[int, ...]) -> Result | None:
    """The final result once seats resigned: those still in keep their order and come first; the
    resigned come after them, whoever resigned later ranked above whoever resigned earlier."""
    if result is None or not resigned:
        return result
    order = {s: i for i, s in enumerate(resigned)}
    keys = [(0, -result.ranks[s]) if s not in order else (-1, order[s]) for s in range(len(result.ranks))]
    note = f"seat(s) {', '.join(str(s) for s in resigned)} resigned: ranked last"
    return Result(scores=result.scores, ranks=ranks_from_keys(keys),
                  detail=f"{result.detail}; {note}" if result.detail else note)


def adjudicated(ranks: tuple[int, ...], reason: str) -> Result:
    return Result(scores=tuple(0.0 for _ in ranks), ranks=tuple(ranks),
                  detail=f"adjudicated by the arbiter{': ' + reason if reason else ''}")


def outcome(game: Game, state: Any, resigned: tuple[int, ...], ranks_stated: tuple[int, ...]) -> Result | None:
    """A game's final result: the arbiter's ranking when it adjudicated, else the rules' after resignations."""
    if ranks_stated:
        return adjudicated(ranks_stated, "")
    return with_resignations(game.result(state), resigned)
