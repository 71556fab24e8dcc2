"""Bangkok Klongs' moves and boats in the rulebook's words, for every client (the CLI's lists, the log,
replay). Squares are (x, y) as the board is drawn (x = 0..9 left to right, y = 0..7 top to bottom);
a boat is named by what it carries, not by its card id."""

from __future__ import annotations

from typing import Any

from games.bangkok_klongs.content import BOAT_INDEX, BOATS, COOKSHOP, OVERSEER, THIEF
from games.bangkok_klongs.moves import (
    HAND, Draw, EndTurn, LeaveUnmanned, MoveBoat, NoSteal, Pass, Place, ReceiveThief, Score, ShiftMerchant, Steal,
    StartPlayer,
)
from games.naming import seat_name

SPECIAL_NAME = {THIEF: "Thief boat (takes a boat of its row)", OVERSEER: "Overseer boat (catches a thief of its column)",
                COOKSHOP: "Cookshop boat"}


def boat(card: str | None) -> str:
    """"boat: 3 baskets of fish, Luk Phat"; "Thief boat (...)"."""
    b = BOATS[BOAT_INDEX[card]] if card in BOAT_INDEX else None
    if b is None:
        return f"boat {card}" if card else "a boat"
    if b.special:
        return SPECIAL_NAME[b.kind]
    load = f"{b.baskets} basket{'s' if b.baskets != 1 else ''} of {b.kind.lower()}" if b.baskets else f"empty {b.kind.lower()} boat"
    extras = []
    if b.printed_merchant:
        extras.append("printed merchant (neutral)")
    if b.luk_phat:
        extras.append("Luk Phat")
    return "boat: " + load + (", " + ", ".join(extras) if extras else "")


def where(x: int, y: int) -> str:
    return f"({x}, {y})"


def describe_move(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Draw(boat=b):
            return f"drew a boat from the pile: {boat(b).removeprefix('boat: ')}"
        case StartPlayer(seat=p):
            return f"{seat_name(view, p)} starts"
        case Place(boat=b, x=x, y=y):
            return f"place {boat(b)} on {where(x, y)}"
        case MoveBoat():
            return f"movement card: move your boat at {where(move.from_x, move.from_y)} to {where(move.to_x, move.to_y)}"
        case EndTurn():
            return "end the turn"
        case LeaveUnmanned():
            return "leave the new boat unmanned (no merchant left)"
        case ShiftMerchant(x=x, y=y):
            return f"move your merchant from the boat at {where(x, y)} onto the new boat"
        case Steal(x=x, y=y, to=to):
            return f"the thief takes the boat at {where(x, y)} {'into your hand' if to == HAND else 'to your warehouse'}"
        case NoSteal():
            return "the thief takes nothing"
        case ReceiveThief(boat=b, to=to):
            return f"keep the caught {boat(b)} {'in your hand' if to == HAND else 'in your warehouse'}"
        case Score(px=px, py=py, x=x, y=y):
            return f"market day: the market master to mooring M{px}.{py}, and the boat at {where(x, y)} is sold"
        case Pass():
            return "market day: do not score now"
    return type(move).__name__


def describe_chance(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Draw(boat=b):
            return f"a boat is drawn from the pile: {boat(b).removeprefix('boat: ')}"
    return describe_move(move, view)


def group(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Place(boat=b):
            return f"place {boat(b)}"
        case MoveBoat():
            return "movement card"
        case Score(px=px, py=py):
            return f"market day at mooring M{px}.{py}"
        case Steal() | NoSteal():
            return "the thief"
        case ReceiveThief():
            return "the caught thief"
        case LeaveUnmanned() | ShiftMerchant():
            return "no merchant left"
    return type(move).__name__.lower().replace("endturn", "end the turn").replace("pass", "market day")


def describe_choice(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Place(x=x, y=y):
            return f"on {where(x, y)}"
        case Score(x=x, y=y):
            return f"sell the boat at {where(x, y)}"
    return describe_move(move, view)
