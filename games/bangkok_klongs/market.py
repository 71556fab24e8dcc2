"""Market days (§8) and the warehouse (§10): which mooring places a player may score, what a scoring
pays, which boat the scorer may remove, who opens the large market day."""

from __future__ import annotations

from .content import BASKETS, GOODS, GOODS_OF, IS_COOKSHOP, LARGE, QUARTET
from .state import BangkokState


def eligible(s: BangkokState, seat: int) -> list[int]:
    """§8.1: mooring places whose 4 squares all hold boats, at least one of them an own boat of `seat`."""
    board, owner = s.board, s.owner
    out = []
    for m, (a, b, c, d) in enumerate(QUARTET):
        if (
            board[a] >= 0 and board[b] >= 0 and board[c] >= 0 and board[d] >= 0
            and (owner[a] == seat or owner[b] == seat or owner[c] == seat or owner[d] == seat)
        ):
            out.append(m)
    return out


def anyone_eligible(s: BangkokState) -> bool:
    return any(eligible(s, seat) for seat in range(s.players))


def scoring_points(s: BangkokState, mooring: int) -> tuple[int, ...]:
    """§8.2.3: every player Q scores T × m(Q) × 2^g (T baskets of the 4 boats, g cookshops among them)."""
    quartet = QUARTET[mooring]
    boats = [s.board[sq] for sq in quartet]
    total = sum(BASKETS[b] for b in boats)
    factor = 2 ** sum(IS_COOKSHOP[b] for b in boats)
    merchants = [0] * s.players
    for sq in quartet:
        if s.owner[sq] >= 0:
            merchants[s.owner[sq]] += 1
    return tuple(total * m * factor for m in merchants)


def removable(s: BangkokState, seat: int, mooring: int) -> list[int]:
    """§8.2.4: squares of the quartet the scorer may clear: an own boat; on the large day also a neutral one
    (printed merchant, unmanned or special)."""
    allowed = (seat, -1) if s.market == LARGE else (seat,)
    return [sq for sq in QUARTET[mooring] if s.owner[sq] in allowed]


def large_day_opener(s: BangkokState, trigger: int) -> int:
    """§8.5: lowest score; then fewer merchants on the board; then first clockwise from the trigger's left."""
    n = s.players
    return min(range(n), key=lambda p: (s.scores[p], -s.supply[p], (p - trigger - 1) % n))


def warehouse_points(warehouse: tuple[int, ...]) -> int:
    """§10: per goods kind, n boats score 1 + 2 + … + n; special boats score nothing."""
    counts = [0] * len(GOODS)
    for boat in warehouse:
        if GOODS_OF[boat] >= 0:
            counts[GOODS_OF[boat]] += 1
    return sum(c * (c + 1) // 2 for c in counts)
