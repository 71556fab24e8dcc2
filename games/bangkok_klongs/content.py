"""Bangkok Klongs as data: the designed board (§3), the boat deck (§4), the Luk Phat track (§5) and the
setup table (§6) of the rules specification, in the order a person checks them against it."""

from __future__ import annotations

from typing import NamedTuple

# --- §3.1 squares ------------------------------------------------------------------------------------
WIDTH, HEIGHT = 10, 8  # columns x = 0..9, rows y = 0..7; all 80 squares are water
SQUARES = WIDTH * HEIGHT


def square(x: int, y: int) -> int:
    return y * WIDTH + x


def xy(sq: int) -> tuple[int, int]:
    return sq % WIDTH, sq // WIDTH


ROW = tuple(sq // WIDTH for sq in range(SQUARES))  # thief arrows point along the row
COLUMN = tuple(sq % WIDTH for sq in range(SQUARES))  # overseer arrows point along the column

# adjacency: side or diagonal, piers never break it
NEIGHBOURS = tuple(
    tuple(
        square(x + dx, y + dy)
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        if (dx or dy) and 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT
    )
    for x, y in map(xy, range(SQUARES))
)

# --- §3.2 quarters -----------------------------------------------------------------------------------
QUARTERS_ACROSS, QUARTERS_DOWN = 5, 4
QUARTER_LIMIT = 3  # at most 3 of a quarter's 4 squares hold boats, at any time
QUARTER = tuple((y // 2) * QUARTERS_ACROSS + x // 2 for x, y in map(xy, range(SQUARES)))
QUARTER_SQUARES = tuple(
    tuple(sq for sq in range(SQUARES) if QUARTER[sq] == q) for q in range(QUARTERS_ACROSS * QUARTERS_DOWN)
)

# --- §3.3 piers and mooring places -------------------------------------------------------------------
# grid point P(px, py) is the corner of (px-1, py-1) (px, py-1) (px-1, py) (px, py); it is a mooring
# place iff it lies on a pier: px even or py even. 43 in all (12 crossings, 31 pier midpoints).
MOORING_POINTS = tuple(
    (px, py) for py in range(1, HEIGHT) for px in range(1, WIDTH) if px % 2 == 0 or py % 2 == 0
)
MOORING_NAME = tuple(f"M{px}.{py}" for px, py in MOORING_POINTS)
MOORING_AT = {p: i for i, p in enumerate(MOORING_POINTS)}
QUARTET = tuple(
    (square(px - 1, py - 1), square(px, py - 1), square(px - 1, py), square(px, py)) for px, py in MOORING_POINTS
)
CROSSING = tuple(px % 2 == 0 and py % 2 == 0 for px, py in MOORING_POINTS)
MOORINGS_OF_SQUARE = tuple(tuple(m for m, q in enumerate(QUARTET) if sq in q) for sq in range(SQUARES))

# --- §3.4 entry squares ------------------------------------------------------------------------------
LIGHT_ENTRIES = (square(4, 0), square(0, 3), square(9, 4), square(5, 7))  # top, left, right, bottom
DARK_ENTRIES = (square(5, 0), square(0, 4), square(9, 3), square(4, 7))


def entry_squares(players: int) -> tuple[int, ...]:
    """Two players: only the 4 light squares; three or four: all 8."""
    return LIGHT_ENTRIES if players == 2 else LIGHT_ENTRIES + DARK_ENTRIES


# --- §4 the boat deck (72 boats) ---------------------------------------------------------------------
GOODS = ("BANANAS", "FISH", "FLOWERS", "RICE", "VEGETABLES", "COCONUTS", "SPICES")
THIEF, OVERSEER, COOKSHOP = "THIEF", "OVERSEER", "COOKSHOP"
SPECIALS = (THIEF, OVERSEER, COOKSHOP)


class Boat(NamedTuple):
    id: str  # "RICE-O2b", "FISH-N3L", "THIEF-1"
    kind: str  # a goods kind, or THIEF / OVERSEER / COOKSHOP
    baskets: int
    printed_merchant: bool  # True: neutral for its whole life (every special boat too)
    luk_phat: bool

    @property
    def special(self) -> bool:
        return self.kind in SPECIALS

    @property
    def ownable(self) -> bool:
        return not self.printed_merchant


# every goods kind has the same 9 boats: (suffix, printed merchant, baskets, Luk Phat)
BOATS_PER_KIND = (
    ("O0", False, 0, False),
    ("O1", False, 1, False),
    ("O2a", False, 2, False),
    ("O2b", False, 2, False),
    ("O3", False, 3, False),
    ("N0", True, 0, False),
    ("N1L", True, 1, True),
    ("N2L", True, 2, True),
    ("N3L", True, 3, True),
)
SPECIALS_EACH = 3

BOATS: tuple[Boat, ...] = tuple(
    Boat(f"{kind}-{suffix}", kind, baskets, printed, luk)
    for kind in GOODS
    for suffix, printed, baskets, luk in BOATS_PER_KIND
) + tuple(Boat(f"{kind}-{n}", kind, 0, True, False) for kind in SPECIALS for n in range(1, SPECIALS_EACH + 1))
BOAT_INDEX = {b.id: i for i, b in enumerate(BOATS)}
DECK_SIZE = len(BOATS)  # 72
BASKETS = tuple(b.baskets for b in BOATS)
IS_THIEF = tuple(b.kind == THIEF for b in BOATS)
IS_OVERSEER = tuple(b.kind == OVERSEER for b in BOATS)
IS_COOKSHOP = tuple(b.kind == COOKSHOP for b in BOATS)
IS_OWNABLE = tuple(b.ownable for b in BOATS)
HAS_LUK_PHAT = tuple(b.luk_phat for b in BOATS)
GOODS_OF = tuple(GOODS.index(b.kind) if b.kind in GOODS else -1 for b in BOATS)

# --- §5 the Luk Phat track ---------------------------------------------------------------------------
LUK_PHAT_POINTS = (0, 1, 1, 2, 2, 3, 1, 1, 2, 2, 3, 1, 1, 2, 2, 2)  # field 0 (start) .. 15
SMALL, LARGE = "small", "large"
MARKET_DAY_FIELDS = {5: SMALL, 10: SMALL, 15: LARGE}
LAST_FIELD = 15

# --- §6 setup ----------------------------------------------------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MERCHANTS_PER_PLAYER = {2: 12, 3: 10, 4: 8}
MOVEMENT_CARDS = 2
HAND_SIZE = 4
COLOURS = ("red", "yellow", "green", "blue")  # seat 0..3, clockwise = seat order

assert DECK_SIZE == 72 and sum(map(IS_OWNABLE.__getitem__, range(72))) == 35
assert sum(HAS_LUK_PHAT) == 21 and sum(BASKETS) == 98 and len(MOORING_POINTS) == 43 and sum(CROSSING) == 12
