"""Where a boat may be placed (§7.1): the first round's entry squares, the squares open to any boat
and to a thief, and why a square refuses a boat. The rules check a placement here, and the legal
moves list the squares from here."""

from __future__ import annotations

from . import board as B
from .content import BOATS, IS_THIEF, NEIGHBOURS, QUARTER, QUARTER_LIMIT, QUARTER_SQUARES, entry_squares, xy
from .describe import boat
from .state import BangkokState


def first_round(s: BangkokState) -> bool:
    return s.turn_no < s.players


def placement_squares(s: BangkokState) -> tuple[list[int], list[int]]:
    """(squares for any boat, squares for a thief)."""
    legal, thief = B.placement_mask(s.board, s.players, first_round(s))
    return B.squares_of(legal), B.squares_of(thief)


def why_not_here(s: BangkokState, b: int, sq: int) -> str:
    x, y = xy(sq)
    if s.board[sq] >= 0:
        return f"({x}, {y}) already holds a boat"
    if sum(s.board[q] >= 0 for q in QUARTER_SQUARES[QUARTER[sq]]) >= QUARTER_LIMIT:
        return f"the quarter of ({x}, {y}) already holds {QUARTER_LIMIT} boats"
    if first_round(s) or all(v < 0 for v in s.board):
        if sq not in entry_squares(s.players):
            light = " (only the light ones with 2 players)" if s.players == 2 else ""
            return "a first boat must go on an entry square" + light
    elif all(s.board[n] < 0 for n in NEIGHBOURS[sq]):
        return f"({x}, {y}) touches no boat"
    if IS_THIEF[b]:
        return f"a thief may not be placed in column {x}: an overseer guards it"
    return f"the boat ({boat(BOATS[b].id).removeprefix('boat: ')}) may not go on ({x}, {y})"
