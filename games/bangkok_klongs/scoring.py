"""The result (§10: market days, Luk Phat and the warehouse; ties) and how well a seat stands (for the
AI): points banked plus the quartets a player's merchants are building, weighted by how close they are
to being scored."""

from __future__ import annotations

from games.protocol import Result, ranks_from_keys

from .content import BASKETS, IS_COOKSHOP, QUARTET
from .market import warehouse_points
from .state import OVER, BangkokState

FILLED_WEIGHT = (0.0, 0.03, 0.1, 0.3, 0.6)  # how much of a quartet's value counts, by boats in it
SCALE = 25.0  # a lead of this many points is worth 0.75


def result(s: BangkokState) -> Result | None:
    if s.phase != OVER:
        return None
    totals = tuple(s.scores[p] + s.final[p] for p in range(s.players))
    boats = tuple(len(w) for w in s.warehouses)
    ranks = ranks_from_keys(zip(totals, boats, strict=True))
    return Result(
        scores=tuple(float(t) for t in totals), ranks=ranks,
        detail="total = market days + Luk Phat + warehouse; ties broken by more warehouse boats, then shared",
    )


def prospects(s: BangkokState) -> list[float]:
    pros = [0.0] * s.players
    board, owner = s.board, s.owner
    for quartet in QUARTET:
        filled = baskets = cooks = 0
        mine: dict[int, int] | None = None  # a seat's merchants in the quartet
        for sq in quartet:
            b = board[sq]
            if b >= 0:
                filled += 1
                baskets += BASKETS[b]
                cooks += IS_COOKSHOP[b]
                if owner[sq] >= 0:
                    mine = mine or {}
                    mine[owner[sq]] = mine.get(owner[sq], 0) + 1
        if mine:
            w = FILLED_WEIGHT[filled] * (baskets + 1) * (1 << cooks)
            for p, m in mine.items():
                pros[p] += w * m
    return pros


def values(s: BangkokState) -> list[float]:
    pros = prospects(s)
    return [s.scores[p] + warehouse_points(s.warehouses[p]) + pros[p] for p in range(s.players)]


# The analysis shows a win chance with its logit times this, by seat count (ai/analysis.py `sharpened`; none: 1):
# fitted by `ai.fit.temperature` on analysed held-out games (seeds 800000..800004 of each pairing greedy:greedy,
# hard:medium, random:greedy, 100 search iterations a decision; the win-chance fits never saw them):
#   .venv/bin/python bench/bench_calibration.py --raw --game bangkok-klongs --seed 800000 --games 5 --iterations 100 --save F
#   .venv/bin/python bench/bench_calibration.py --load F --fit
SHOWN_TEMPERATURE: dict[int, float] = {2: 1.16}

def heuristic(s: BangkokState, seat: int) -> float:
    return heuristics(s, [seat])[0]


def heuristics(s: BangkokState, seats: list[int]) -> list[float]:
    """The heuristic of each of `seats`, the board's prospects counted once."""
    r = result(s)
    if r is not None:
        firsts = sum(rank == 1 for rank in r.ranks)
        return [1.0 / firsts if r.ranks[seat] == 1 else 0.0 for seat in seats]
    v = values(s)
    out = []
    for seat in seats:
        lead = v[seat] - max(x for p, x in enumerate(v) if p != seat)
        out.append(0.5 + 0.5 * lead / (abs(lead) + SCALE))
    return out
