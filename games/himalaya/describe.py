"""Himalaya's moves in the rulebook's words, for every client (the CLI's lists, the log, replay):
villages and paths by the map's numbers, order rings by what they ask and pay, a disc by where it
takes your caravan from the end of your program so far, past the Yeti tracks and the Snowstorm (when
the view shows it)."""

from __future__ import annotations

from typing import Any

from games.himalaya import rules
from games.himalaya.content import (
    BUILDING,
    COMMANDS,
    D20,
    EXIT,
    LEVEL,
    PATH_NUMBERS,
    PATHS,
    PAUSE,
    REQUEST,
    SLOTS,
    TOUCHES,
    TRADE,
    YAKS,
    request_text,
    ring_name,
)
from games.himalaya.moves import (
    Collect,
    Decline,
    DrawCube,
    DrawRing,
    Fulfil,
    PassEvent,
    PlaceCaravan,
    PlaceMarket,
    PlaceSnowstorm,
    PlaceYeti,
    PlanSlot,
    Program,
    RollD20,
    Seating,
)
from games.naming import does, of_another, own_move, seat_name


def village(v: int) -> str:
    return f"village {v} ({BUILDING.get(LEVEL.get(v, 0), '?')}, regions {'/'.join(TOUCHES.get(v, ''))})"


def path(p: int) -> str:
    if p in PATH_NUMBERS:
        a, b, kind = PATHS[p]
        return f"path P{p} ({kind}, {a}–{b})"
    return f"path P{p}"


def ring(n: int) -> str:
    if n not in REQUEST:
        return ring_name(n)
    return f"order {ring_name(n)}: {request_text(n)} for {YAKS[n]} yak{'s' if YAKS[n] != 1 else ''}"


def program_end(view: dict[str, Any] | None) -> tuple[int, int] | None:
    """Where the reader's program so far leaves the caravan: (village, the village it heads for on the
    Snowstorm, 0 when not on it), or None when that is not the reader's to know or the view lacks it."""
    if not own_move(view):
        return None  # another seat's disc: where its program stands is not the reader's to know
    ends = (view or {}).get("my_program_ends") or {}
    here = ends.get("village")
    return (here, ends.get("on_snowstorm_to") or 0) if here in EXIT else None


def figures(view: dict[str, Any] | None) -> tuple[int, int]:
    """This round's (Yeti tracks path, Snowstorm path) from the view's public events, 0: not placed."""
    events = (view or {}).get("events") or {}
    yeti, storm = ((events.get(f) or {}).get("path") or 0 for f in ("yeti", "snowstorm"))
    return yeti, storm


def after_disc(command: str, view: dict[str, Any] | None) -> tuple[int, int] | None:
    """Where the reader's caravan stands after one more disc showing `command` (rules.step with this
    round's Yeti and Snowstorm): (village, the village it heads for on the Snowstorm or 0), or None."""
    end, (yeti, storm) = program_end(view), figures(view)
    if end is None or command not in COMMANDS or (end[1] and storm not in PATH_NUMBERS):
        return None
    return rules.step(*end, command, yeti, storm)


def disc(command: str, view: dict[str, Any] | None) -> str:
    """A disc by what it will do, from the end of the reader's program so far (7.4.1-7.4.3)."""
    end, after = program_end(view), after_disc(command, view)
    if end is None or after is None:
        if of_another(view):
            return {TRADE: "a trade disc (collects or fulfils at the village it is in)",
                    PAUSE: "a pause disc (stays where it is)"}.get(command, f"{command} path")
        return {TRADE: "trade (collect or fulfil at the village you are in)",
                PAUSE: "pause (stay where you are)"}.get(command, f"{command} path")
    (here, heading), (there, onto) = end, after
    storm = figures(view)[1]
    if heading:  # on the Snowstorm: only its path's kind moves on, to the village ahead (7.4.3)
        if not onto:
            return f"{command} path: off the Snowstorm on P{storm} into village {there}"
        return f"{command}: no effect on the Snowstorm — you stay on P{storm}, heading to village {heading}"
    if command == TRADE:
        return "trade (collect or fulfil at the village you are in)"
    if command == PAUSE:
        return "pause (stay where you are)"
    leads = EXIT[here].get(command)
    if leads is None:
        return f"{command} path (none leads from village {here}: you stay)"
    if onto:
        return f"{command} path: onto the Snowstorm on P{leads[1]} (towards village {onto})"
    if there == here:
        return f"{command} path: P{leads[1]} closed by the Yeti — you stay in village {here}"
    return f"{command} path: village {here} → {there} along P{leads[1]}"


def whereabouts(player: dict[str, Any], short: bool = False) -> str:
    """Where a player's caravan stands, from its row of the view: "at village 4", "not placed" (0: before
    the first round's placement), or crossing on the Snowstorm towards a village; `short`, for a column:
    "village 4", "not placed", "on storm to 4"."""
    heading = player.get("on_snowstorm_to")
    if heading:
        return f"on storm to {heading}" if short else f"on the Snowstorm, heading to village {heading}"
    if not player.get("village"):
        return "not placed"
    return f"{'' if short else 'at '}village {player['village']}"


def program_end_words(view: dict[str, Any] | None, seat: int | None) -> str | None:
    """Where the seat's program so far ends, as its board says it (7.3: a program must not end on the
    Snowstorm; one the timer completed there goes back to its village after execution, 7.4.3)."""
    ends = (view or {}).get("my_program_ends")
    if not ends:
        return None
    heading = ends.get("on_snowstorm_to")
    if not heading:
        return f"your program so far ends in village {ends.get('village')}"
    storm = figures(view)[1]
    kind = f"{PATHS[storm][2]} " if storm in PATH_NUMBERS else ""
    where = f"on the Snowstorm on P{storm}, heading to village {heading}"
    done = next((p.get("discs_programmed") for p in (view or {}).get("players", []) if p.get("seat") == seat), None)
    if done == SLOTS:
        return f"your program ends {where}: your caravan goes back to village {ends.get('village')} after execution"
    return f"your program so far ends {where}: a program cannot end there, so a later {kind}disc must move on"


def religion_note(view: dict[str, Any] | None) -> str:
    """What a finished 4-6 player board adds to its final line when a seat went out on religion: the
    political influence shown is counted without that seat's delegates, as the ranking counts it (8.2)."""
    out = [f["seat"] for f in (view or {}).get("final") or [] if f.get("out_on_religion")]
    if not out:
        return ""
    return f" (political counted without {' and '.join(seat_name(view, s) for s in out)}'s delegates)"


def rolled_village(view: dict[str, Any] | None, face: int) -> int | None:
    """The village a d20 roll of `face` gives the next cubes or ring (7.1): the rolled one if it holds
    neither, else the next free higher-numbered one, wrapping from 20 to 1; None without the villages."""
    villages = {v.get("village"): v for v in (view or {}).get("villages") or []}
    if len(villages) < D20:
        return None
    for i in range(D20):
        v = villages[(face - 1 + i) % D20 + 1]
        if not any((v.get("cubes") or {}).values()) and not v.get("ring"):
            return v["village"]
    return None


def describe_move(move: Any, view: dict[str, Any] | None = None) -> str:
    """The move in words, told from the position it was played in (what it set running: aftermath_words)."""
    return move_said(move, view)


def aftermath_words(view: dict[str, Any]) -> str:
    """What the move set running (`view["ran"]`, service/said.py: the reveal and each trade choice run the
    programs on): every disc that ran after it."""
    return ran_words(view.get("ran"), view)


def move_said(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Seating(order=o):
            return "seat order (clockwise): " + ", ".join(seat_name(view, x) for x in o)
        case RollD20(face=f):
            gets = rolled_village(view, f)
            if gets is None:
                return f"the d20 rolls {f}"
            return f"the d20 rolls {f}: village {gets}" + (f" (village {f} is taken)" if gets != f else "")
        case DrawCube(resource=r):
            return f"{r} is drawn from the resource bag"
        case DrawRing(ring=r):
            return f"{ring(r)} is drawn from the ring bag"
        case PlaceCaravan(village=v):
            return f"{does(view, 'place')} {'their' if of_another(view) else 'the'} caravan in {village(v)}"
        case PlaceYeti(path=p):
            return f"Yeti tracks close {path(p)}"
        case PlaceSnowstorm(path=p):
            return f"Snowstorm on {path(p)}"
        case PlaceMarket(village=v):
            return f"Market in {village(v)}"
        case PassEvent():
            return f"{does(view, 'place')} no event figure"
        case PlanSlot(command=c):
            return f"{does(view, 'program')} the next disc: {disc(c, view)}"
        case Program(commands=cs):
            return f"{does(view, 'program')} the discs: " + ", ".join(cs)
        case Collect(resource=r):
            return f"{does(view, 'collect')} {r}"
        case Fulfil(trade=t, offering=o, delegates=d):
            parts = (["the ring (trade)"] if t else []) + (["a stupa (offering)"] if o else [])
            if d:
                parts.append(("a delegate to region " if len(d) == 1 else "delegates to regions ") + ", ".join(d))
            return f"{does(view, 'fulfil')} the order, taking " + (" + ".join(parts) if parts else "no reward")
        case Decline():
            if of_another(view):
                return "trades nothing here (neither collects nor fulfils)"
            return "trade nothing here (neither collect nor fulfil)"
    return type(move).__name__


def group(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case PlanSlot():
            done = next((p.get("discs_programmed") for p in (view or {}).get("players", [])
                         if p.get("seat") == (view or {}).get("you")), None)
            return "program your discs" + (f" (disc {done + 1} of 6)" if isinstance(done, int) else "")
        case PlaceYeti() | PlaceSnowstorm() | PlaceMarket() | PassEvent():
            return "event figures"
        case Collect() | Fulfil() | Decline():
            return "trade"
        case PlaceCaravan():
            return "place your caravan"
    return type(move).__name__.lower()


# moves the API takes that no move list offers (a whole program at once): the words' tests tell them too
UNLISTED = (Program(commands=("ice", "trade", "pause", "earth", "stone", "trade")),)


# --- what the programs did (7.4): the steps a move set running, told with that move ----------------------

def aftermath(before: Any, after: Any, actor: int, move: Any) -> list[dict[str, Any]] | None:
    """The discs the move ran (games/himalaya/ran.py), for the view the move is told from (`view["ran"]`)."""
    from games.himalaya.ran import programs_ran

    return programs_ran(before, after, actor, move)


def owner(view: dict[str, Any] | None, seat: int) -> str:
    """"ann's", "your" (the reader's own)."""
    return "your" if isinstance(view, dict) and seat == view.get("you") else f"{seat_name(view, seat)}'s"


def disc_done(st: dict[str, Any], view: dict[str, Any] | None) -> str:
    """One disc as it ran: "ann's caravan moves along the ice path P12 from village 10 to 18"."""
    mine, cmd, here = owner(view, st["seat"]), st["command"], st["from"]
    who = f"{mine} caravan"
    if st["crossing"]:  # on the Snowstorm: only its path's kind moves on (7.4.3)
        if not st["onto"]:
            return f"{who} comes off the Snowstorm along the {cmd} path P{st['path']} into village {st['to']}"
        return f"{mine} {cmd} disc does nothing: it waits on the Snowstorm (P{st['path']}) for {'an' if st['kind'][:1] in 'aeiou' else 'a'} {st['kind']} disc"
    if cmd == PAUSE:
        return f"{who} pauses in village {here}"
    if cmd == TRADE:
        if not st.get("trade"):
            return f"{who} trades in village {here} (the choice is the next move)"
        return f"{mine} trade in village {here} does nothing: {st['trade']}"
    if not st.get("path"):
        return f"{mine} {cmd} disc does nothing: no {cmd} path from village {here}"
    if st.get("yeti"):
        return f"{mine} {cmd} disc does nothing: the Yeti tracks close P{st['path']} from village {here}"
    if st["onto"]:
        return f"{who} moves from village {here} onto the Snowstorm on the {cmd} path P{st['path']} (towards village {st['onto']})"
    return f"{who} moves along the {cmd} path P{st['path']} from village {here} to {st['to']}"


def ran_words(steps: list[dict[str, Any]] | None, view: dict[str, Any] | None) -> str:
    """The discs a move ran, disc by disc: " — the programs run: disc 1: ann's caravan moves …; bob's …;
    disc 2: …; the execution phase ends." ("" when the move ran none)."""
    if not steps:
        return ""
    parts, disc_no = [], None
    for st in steps:
        if st.get("done"):
            back = [f"{owner(view, seat)} caravan goes back to village {v} from the Snowstorm" for seat, v in st["back"]]
            parts.append("; ".join(back + ["the execution phase ends"]))
            continue
        said = disc_done(st, view)
        if st["disc"] != disc_no:
            disc_no, said = st["disc"], f"disc {st['disc']}: {said}"
        parts.append(said)
    return (" — the programs run: " if disc_no is not None else " — ") + "; ".join(parts) + "."
