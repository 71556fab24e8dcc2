"""Questions about the board (§3, §7.1, §7.4, §9): where a boat may go, where a boat may move, what a
thief may take. Squares are bits of an 80-bit mask, so the frontier of the boats is a few shifts."""

from __future__ import annotations

from functools import lru_cache

from .content import (
    COLUMN,
    HEIGHT,
    IS_OVERSEER,
    IS_THIEF,
    NEIGHBOURS,
    QUARTER,
    QUARTER_LIMIT,
    QUARTER_SQUARES,
    ROW,
    SQUARES,
    WIDTH,
    entry_squares,
)

OVERSEERS = tuple(b for b, o in enumerate(IS_OVERSEER) if o)
BIT = tuple(1 << sq for sq in range(SQUARES))
ALL = (1 << SQUARES) - 1
COLUMN_MASK = tuple(sum(BIT[y * WIDTH + x] for y in range(HEIGHT)) for x in range(WIDTH))
NOT_LEFT = ALL & ~COLUMN_MASK[0]  # a square that has a left neighbour
NOT_RIGHT = ALL & ~COLUMN_MASK[WIDTH - 1]
QUARTER_MASK = tuple(sum(BIT[sq] for sq in squares) for squares in QUARTER_SQUARES)
ENTRY_MASK = {n: sum(BIT[sq] for sq in entry_squares(n)) for n in (2, 3, 4)}


def occupied(board: tuple[int, ...]) -> int:
    occ = 0
    for sq, boat in enumerate(board):
        if boat >= 0:
            occ |= BIT[sq]
    return occ


def around(occ: int) -> int:
    """Every square adjacent (side or diagonal) to a square of `occ`."""
    right = (occ << 1) & NOT_LEFT  # shifted one column to the right: must not wrap into column 0
    left = (occ >> 1) & NOT_RIGHT
    row = occ | right | left
    return (right | left | (row << WIDTH) | (row >> WIDTH)) & ALL


def full_quarters(occ: int) -> int:
    """The squares of every quarter that already holds 3 boats."""
    full = 0
    for qm in QUARTER_MASK:
        if (occ & qm).bit_count() >= QUARTER_LIMIT:
            full |= qm
    return full


def overseer_columns(board: tuple[int, ...]) -> int:
    cols = 0
    for boat in OVERSEERS:
        if boat in board:
            cols |= COLUMN_MASK[COLUMN[board.index(boat)]]
    return cols


def squares_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@lru_cache(maxsize=4096)  # memoised by value: the same board is asked about again and again
def placement_mask(board: tuple[int, ...], players: int, first_round: bool) -> tuple[int, int]:
    """(squares where any boat may be placed, the same for a thief) — §7.1."""
    occ = occupied(board)
    if first_round or not occ:
        candidates = ENTRY_MASK[players] & ~occ  # round 1 (or an empty board): entry squares, no adjacency
    else:
        candidates = around(occ) & ~occ
    legal = candidates & ~full_quarters(occ)
    return legal, legal & ~overseer_columns(board)


def move_destinations(board: tuple[int, ...], sq: int) -> list[int]:
    """Empty neighbours of `sq` a boat may move to (§7.4): a move inside its own quarter is always
    quarter-legal; into another quarter only if that holds at most 2 boats."""
    out = []
    for dest in NEIGHBOURS[sq]:
        if board[dest] >= 0:
            continue
        q = QUARTER[dest]
        if q != QUARTER[sq] and sum(board[s] >= 0 for s in QUARTER_SQUARES[q]) >= QUARTER_LIMIT:
            continue
        out.append(dest)
    return out


def thief_targets(board: tuple[int, ...], thief_sq: int) -> list[int]:
    """Boats in the thief's row it may take (§9.1): not itself, no overseer, nothing in an overseer column."""
    protected = overseer_columns(board)
    y = ROW[thief_sq]
    return [
        sq
        for sq in range(y * WIDTH, y * WIDTH + WIDTH)
        if sq != thief_sq and board[sq] >= 0 and not IS_OVERSEER[board[sq]] and not protected & BIT[sq]
    ]


def thieves_in_column(board: tuple[int, ...], overseer_sq: int) -> list[int]:
    x = COLUMN[overseer_sq]
    return [y * WIDTH + x for y in range(HEIGHT) if board[y * WIDTH + x] >= 0 and IS_THIEF[board[y * WIDTH + x]]]
