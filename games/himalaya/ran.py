"""What Himalaya's programs did when a move set them running (7.4): the steps of the execution phase as
facts the log can tell. No event of its own records them: the last disc of the planning phase (the
reveal) runs the programs until a trade needs a choice, and each trade choice runs them on from there
(execution.execute). `programs_ran` walks the same steps again, from the position before the move and
the one after it, so that the move's words can say every seat's every disc ("ann's caravan moves along
the ice path from village 10 to 18", "bob's trade in village 7 does nothing: nothing to collect")."""

from __future__ import annotations

from typing import Any

from . import execution, rules
from .content import EXIT, PATHS, PAUSE, REQUEST, SLOTS, TRADE
from .moves import Collect, Decline, Fulfil, PlanSlot, Program
from .state import EXECUTION, PLANNING, HimalayaState, clockwise


def _start(before: HimalayaState, actor: int, move: Any) -> tuple[tuple, int, int] | None:
    """The programs and the step (slot, turn) the move sets running from, or None when it runs none."""
    if isinstance(move, (PlanSlot, Program)) and before.phase == PLANNING:
        added = (move.command,) if isinstance(move, PlanSlot) else tuple(move.commands)
        plans = tuple(p + added if seat == actor else p for seat, p in enumerate(before.plans))
        return (plans, 0, 0) if all(len(p) == SLOTS for p in plans) else None  # the reveal
    if isinstance(move, (Collect, Fulfil, Decline)) and before.phase == EXECUTION:
        turn, slot = before.turn + 1, before.slot
        return before.plans, (slot + (turn == before.n)), turn % before.n
    return None


def trade_outcome(board: HimalayaState, village: int, crossing: int, cubes: tuple[int, ...], collected: tuple[int, ...]) -> str:
    """Why a trade disc does nothing in `village` ("" when it asks a choice): `board` holds the villages'
    cubes and rings as they stand."""
    if crossing:
        return "the caravan is on the Snowstorm"
    if any(board.board_cubes[village - 1]):
        return "" if village not in collected else "it has already collected here this round"
    ring = board.board_rings[village - 1]
    if not ring:
        return "nothing to collect and no order here"
    return "" if execution.holds(cubes, REQUEST[ring]) else "it cannot fulfil the order here"


def one_disc(s: HimalayaState, seat: int, slot: int, village: int, crossing: int, command: str) -> dict[str, Any]:
    """One disc's outcome, from where the caravan stands (`s`: the round's Yeti and Snowstorm)."""
    out: dict[str, Any] = {"seat": seat, "disc": slot + 1, "command": command, "from": village}
    there, onto = rules.step(village, crossing, command, s.yeti, s.snowstorm)
    out.update(to=there, crossing=crossing, onto=onto)
    if command in (TRADE, PAUSE) and not crossing:
        return out
    lead = None if crossing else EXIT[village].get(command)
    out["path"] = s.snowstorm if crossing else (lead[1] if lead else 0)
    out["kind"] = PATHS[out["path"]][2] if out["path"] else ""
    out["yeti"] = lead is not None and lead[1] == s.yeti
    return out


def programs_ran(before: HimalayaState, after: HimalayaState, actor: int, move: Any) -> list[dict[str, Any]] | None:
    """Every disc the move set running, in the order they ran, each a dict: seat, disc (1-6), command,
    from/to village, crossing/onto (the village it heads for on the Snowstorm, before and after), the path
    and its kind for a path disc, and for a trade disc `trade`: "" when the trade asks a choice (the run
    stops there: the seat's next move tells it), else why it does nothing. The last entry {"done": True,
    "back": [(seat, village)…]} when the execution phase ended (a caravan left on the Snowstorm goes
    back). None when the move runs no disc."""
    start = _start(before, actor, move)
    if start is None:
        return None
    plans, slot, turn = start
    order = clockwise(before)
    stop = (after.slot, after.turn) if after.phase == EXECUTION and after.round == before.round else None
    where = {seat: (p.village, p.crossing) for seat, p in enumerate(before.players)}
    got = (before.pending.village,) if isinstance(move, Collect) and before.pending is not None else ()
    collected = {seat: p.collected + (got if seat == actor else ()) for seat, p in enumerate(before.players)}
    out: list[dict[str, Any]] = []
    while slot < SLOTS:
        seat = order[turn]
        command = plans[seat][slot]
        village, crossing = where[seat]
        step = one_disc(before, seat, slot, village, crossing, command)
        if command == TRADE:  # the board as it stands now (the move's own trade done, none since)
            p = after.players[seat]
            step["trade"] = trade_outcome(after, village, crossing, p.cubes, collected[seat])
        out.append(step)
        if (slot, turn) == stop:
            return out
        where[seat] = (step["to"], step["onto"])
        turn += 1
        if turn == len(order):
            turn, slot = 0, slot + 1
    back = [(seat, village) for seat, (village, crossing) in sorted(where.items()) if crossing]
    return out + [{"done": True, "back": back}]


def check(before: HimalayaState, after: HimalayaState, actor: int, move: Any) -> bool:
    """True when the walk ends where the engine's caravans stand after the move (the tests' check)."""
    steps = programs_ran(before, after, actor, move)
    if not steps:
        return True
    where = {seat: (p.village, p.crossing) for seat, p in enumerate(before.players)}
    for st in steps:
        if "seat" in st:
            where[st["seat"]] = (st["to"], st["onto"])
    if not steps[-1].get("done"):  # stopped at a trade: the caravans as the engine left them
        return all(where[i] == (p.village, p.crossing) for i, p in enumerate(after.players))
    return all(where[i][0] == p.village for i, p in enumerate(after.players))

