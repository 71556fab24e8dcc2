"""Bangkok Klongs' moves and boats in the rulebook's words, for every client (the CLI's lists, the log,
replay). Squares are (x, y) as the board is drawn (x = 0..9 left to right, y = 0..7 top to bottom);
a boat is named by what it carries, not by its card id; a mooring place by the four squares around it,
as both boards number the squares and name no mooring place (the rulebook's "M4.2" is on neither)."""

from __future__ import annotations

from typing import Any

from games.bangkok_klongs.content import BOAT_INDEX, BOATS, COOKSHOP, OVERSEER, THIEF
from games.bangkok_klongs.moves import (
    HAND,
    Draw,
    EndTurn,
    LeaveUnmanned,
    MoveBoat,
    NoSteal,
    Pass,
    Place,
    ReceiveThief,
    Score,
    ShiftMerchant,
    StartPlayer,
    Steal,
)
from games.naming import does, of_another, seat_name, whose

SPECIAL_NAME = {THIEF: "Thief boat (takes a boat of its row)", OVERSEER: "Overseer boat (removes the thieves of its column and guards it)",
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


def mooring(px: int, py: int) -> str:
    """Mooring place M px.py (§3.3) as a player finds it on the board: "the mooring place where (3, 1),
    (4, 1), (3, 2) and (4, 2) meet" (its quartet, the squares whose shared corner it is)."""
    return f"the mooring place where {where(px - 1, py - 1)}, {where(px, py - 1)}, {where(px - 1, py)} and {where(px, py)} meet"


def mooring_named(name: str) -> str:
    """A mooring place as the view names it ("M4.2", the rulebook's name) in the words of `mooring`."""
    px, _, py = name.removeprefix("M").partition(".")
    return mooring(int(px), int(py))


def boat_at(view: dict[str, Any] | None, x: int, y: int) -> str:
    """" (3 baskets of fish)": the boat the view shows at (x, y), or "" when it shows none."""
    board = (view or {}).get("board") or []
    cell = board[y][x] if 0 <= y < len(board) and 0 <= x < len(board[y]) else None
    return f" ({boat(cell['boat']).removeprefix('boat: ')})" if isinstance(cell, dict) and cell.get("boat") else ""


PHASE_WORDS = {"deal": "the hands are dealt", "start": "the start player is drawn", "turn": "turns",
               "merchant": "the new boat's merchant", "steal": "the thief's choice", "catch": "a caught thief",
               "market": "market day", "draw": "a hand is refilled", "over": "game over"}
CHOICE_WORDS = {"merchant": "leave the new boat unmanned or shift a merchant onto it",
                "steal": "whether the thief takes a boat of its row", "catch": "which caught thief to keep"}


def describe_move(move: Any, view: dict[str, Any] | None = None) -> str:
    match move:
        case Draw(boat=b):
            return f"drew a boat from the pile: {boat(b).removeprefix('boat: ')}"
        case StartPlayer(seat=p):
            return f"{seat_name(view, p)} starts"
        case Place(boat=b, x=x, y=y):
            return f"{does(view, 'place')} {boat(b)} on {where(x, y)}"
        case MoveBoat():
            return f"movement card: {does(view, 'move')} {whose(view)} boat at {where(move.from_x, move.from_y)} to " \
                f"{where(move.to_x, move.to_y)}"
        case EndTurn():
            return f"{does(view, 'end')} the turn"
        case LeaveUnmanned():
            return f"{does(view, 'leave')} the new boat unmanned (no merchant left)"
        case ShiftMerchant(x=x, y=y):
            return f"{does(view, 'move')} {whose(view)} merchant from the boat at {where(x, y)} onto the new boat"
        case Steal(x=x, y=y, to=to):
            return f"the thief takes the boat at {where(x, y)}{boat_at(view, x, y)} {'into' if to == HAND else 'to'} {whose(view)} " + \
                ("hand" if to == HAND else "warehouse")
        case NoSteal():
            return "the thief takes nothing"
        case ReceiveThief(boat=b, to=to):
            return f"{does(view, 'keep')} the caught {boat(b)} in {whose(view)} {'hand' if to == HAND else 'warehouse'}"
        case Score(px=px, py=py, x=x, y=y):
            return f"market day: the market master to {mooring(px, py)}, and the boat at {where(x, y)}{boat_at(view, x, y)} " \
                f"goes to {whose(view)} warehouse"
        case Pass():
            return "market day: does not score now" if of_another(view) else "market day: do not score now"
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
            return f"market day at {mooring(px, py)}"
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
            return f"score here: the boat at {where(x, y)}{boat_at(view, x, y)} goes to your warehouse"
    return describe_move(move, view)
