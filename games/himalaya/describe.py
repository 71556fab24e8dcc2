"""Himalaya's moves in the rulebook's words, for every client (the CLI's lists, the log, replay):
villages and paths by the map's numbers, order rings by what they ask and pay, a disc by where it
leads from the end of your program so far (when the view shows it)."""

from __future__ import annotations

from typing import Any

from games.himalaya.content import BUILDING, EXIT, LEVEL, PATHS, PATH_NUMBERS, REQUEST, TOUCHES, TRADE, YAKS, PAUSE
from games.himalaya.content import ring_name, request_text
from games.himalaya.moves import (
    Collect, Decline, DrawCube, DrawRing, Fulfil, PassEvent, PlaceCaravan, PlaceMarket, PlaceSnowstorm, PlaceYeti,
    PlanSlot, Program, RollD20, Seating,
)
from games.naming import own_move, seat_name


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


def program_end(view: dict[str, Any] | None) -> int | None:
    if not own_move(view):
        return None  # another seat's disc: where its program stands is not the reader's to know
    ends = (view or {}).get("my_program_ends") or {}
    return ends.get("village")


def disc(command: str, view: dict[str, Any] | None) -> str:
    if command == TRADE:
        return "trade (collect or fulfil at the village you are in)"
    if command == PAUSE:
        return "pause (stay where you are)"
    here = program_end(view)
    if here is None:
        return f"{command} path"
    leads = EXIT.get(here, {}).get(command)
    if leads is None:
        return f"{command} path (none leads from village {here}: you stay)"
    return f"{command} path: village {here} → {leads[0]} along P{leads[1]}"


def describe_move(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Seating(order=o):
            return "seat order (clockwise): " + ", ".join(seat_name(view, x) for x in o)
        case RollD20(face=f):
            return f"the d20 rolls {f}"
        case DrawCube(resource=r):
            return f"{r} is drawn from the resource bag"
        case DrawRing(ring=r):
            return f"{ring(r)} is drawn from the ring bag"
        case PlaceCaravan(village=v):
            return f"place your caravan in {village(v)}"
        case PlaceYeti(path=p):
            return f"Yeti tracks close {path(p)}"
        case PlaceSnowstorm(path=p):
            return f"Snowstorm on {path(p)}"
        case PlaceMarket(village=v):
            return f"Market in {village(v)}"
        case PassEvent():
            return "place no event figure"
        case PlanSlot(command=c):
            return f"program the next disc: {disc(c, view)}"
        case Program(commands=cs):
            return "program: " + ", ".join(cs)
        case Collect(resource=r):
            return f"collect {r}"
        case Fulfil(trade=t, offering=o, delegates=d):
            parts = (["the ring (trade)"] if t else []) + (["a stupa (offering)"] if o else [])
            if d:
                parts.append(("a delegate to region " if len(d) == 1 else "delegates to regions ") + ", ".join(d))
            return "fulfil the order, taking " + (" + ".join(parts) if parts else "no reward")
        case Decline():
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
