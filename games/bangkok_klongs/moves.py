"""The moves of Bangkok Klongs, chance outcomes included. Squares are (x, y) with x = 0..9 left to right
and y = 0..7 top to bottom; boats are named by their card id ("RICE-O2b"); a mooring place M px.py by
its grid point."""

from __future__ import annotations

from games.protocol import Move

WAREHOUSE, HAND = "warehouse", "hand"


class Draw(Move, frozen=True, tag="draw"):
    """Chance: the drawing player takes this boat from the pile (only they see which)."""

    boat: str


class StartPlayer(Move, frozen=True, tag="start-player"):
    """Chance: the start player."""

    seat: int


class Place(Move, frozen=True, tag="place"):
    boat: str
    x: int
    y: int


class MoveBoat(Move, frozen=True, tag="move-boat"):
    """Play a movement card: one own boat to an adjacent empty square."""

    from_x: int
    from_y: int
    to_x: int
    to_y: int


class EndTurn(Move, frozen=True, tag="end-turn"):
    """Finish the turn (after placing, or when no boat can be placed)."""


class LeaveUnmanned(Move, frozen=True, tag="leave-unmanned"):
    """Out of merchants: the new boat stays unmanned (neutral for good)."""


class ShiftMerchant(Move, frozen=True, tag="shift-merchant"):
    """Out of merchants: take the merchant off the own boat at (x, y) and put it on the new boat."""

    x: int
    y: int


class Steal(Move, frozen=True, tag="steal"):
    """The thief takes the boat at (x, y) of its row, `to` the warehouse or into the hand."""

    x: int
    y: int
    to: str = WAREHOUSE


class NoSteal(Move, frozen=True, tag="no-steal"):
    """The thief takes nothing."""


class ReceiveThief(Move, frozen=True, tag="receive-thief"):
    """The overseer's player keeps this caught thief, `to` the warehouse or into the hand."""

    boat: str
    to: str = WAREHOUSE


class Score(Move, frozen=True, tag="score"):
    """Market day: put the market master on mooring place M px.py and remove the boat at (x, y)."""

    px: int
    py: int
    x: int
    y: int


class Pass(Move, frozen=True, tag="pass"):
    """Market day: do not score now."""


BangkokMove = (
    Draw | StartPlayer | Place | MoveBoat | EndTurn | LeaveUnmanned | ShiftMerchant | Steal | NoSteal | ReceiveThief
    | Score | Pass
)
