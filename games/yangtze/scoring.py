"""Bundles and final scoring (spec 5.1 and section 8), and the AI's estimate of a final total."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from games.protocol import Result, ranks_from_keys, win_chances_of

from .content import (
    BROWN,
    CATEGORY,
    COLOUR,
    COLOURS,
    DOTS,
    EVERYDAY,
    GREEN,
    KIND,
    LAST_RULER,
    LIQUIDITY,
    LUXURY,
    MAJORITY_FIRST,
    MAJORITY_SECOND,
    SALE_VALUE,
    SET_VALUE,
    SETTLEMENT_COLOUR,
    SETTLEMENT_KINDS,
    UNUSED_LIQUIDITY_VALUE,
    WARE,
)
from .state import YangtzeState


# --- 5.1 Bundles --------------------------------------------------------------------------------
def bundle_problem(tiles: tuple[str, ...], goods: tuple[str, ...]) -> str | None:
    """Why `tiles` is not a bundle the holder of `goods` can sell (None: it is one)."""
    if not tiles:
        return "a bundle needs at least one good"
    if list(tiles) != sorted(set(tiles)):
        return "list a bundle's goods once each, in sorted order"
    for t in tiles:
        if t not in goods:
            return f"{t} is not behind your screen"
    if len({CATEGORY[t] for t in tiles}) > 1:
        return "a bundle holds only luxury goods or only everyday goods"
    if len(tiles) > 1 and len({WARE[t] for t in tiles}) > 1 and len({COLOUR[t] for t in tiles}) > 1:
        return "a bundle's goods must all show the same ware or all the same colour"
    return None


def bundle_value(tiles: tuple[str, ...]) -> int:
    """The screen's table value of a legal bundle: by category and size only (2.3)."""
    return SALE_VALUE[CATEGORY[tiles[0]]][len(tiles)]


@lru_cache(maxsize=8192)
def bundles(goods: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """Every legal bundle among `goods` (sorted tuples): any non-empty subset of one ware, and any
    subset of two or more of one colour (a single tile is already counted under its ware)."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    for t in goods:
        groups.setdefault(("w", CATEGORY[t], WARE[t]), []).append(t)
        groups.setdefault(("c", CATEGORY[t], COLOUR[t]), []).append(t)
    out: list[tuple[str, ...]] = []
    for (how, _, _), tiles in groups.items():
        smallest = 1 if how == "w" else 2
        for size in range(smallest, len(tiles) + 1):
            out.extend(combinations(tiles, size))  # goods are sorted, so every subset is too
    return tuple(out)


# --- 8.1 Sell all goods: the best partition --------------------------------------------------------
def _best_category(goods: tuple[str, ...], category: str) -> int:
    """Dynamic programme over the wares; the state is the number of tiles left to each colour
    bundle. Some best partition has at most one bundle per ware and one per colour (superadditive
    tables), so each tile goes either to its ware bundle or to its colour bundle."""
    values = SALE_VALUE[category]
    colour_index = {c: i for i, c in enumerate(COLOURS[category])}
    by_ware: dict[str, list[int]] = {}
    for t in goods:
        if CATEGORY[t] == category:
            by_ware.setdefault(WARE[t], []).append(colour_index[COLOUR[t]])
    if not by_ware:
        return 0
    states = {(0,) * len(colour_index): 0}
    for cols in by_ware.values():
        n = len(cols)
        nxt: dict[tuple[int, ...], int] = {}
        for mask in range(1 << n):
            in_ware = bin(mask).count("1")
            rest = [cols[i] for i in range(n) if not mask >> i & 1]
            for st, v in states.items():
                if rest:
                    lst = list(st)
                    for c in rest:
                        lst[c] += 1
                    st2 = tuple(lst)
                else:
                    st2 = st
                v2 = v + values[in_ware]
                if nxt.get(st2, -1) < v2:
                    nxt[st2] = v2
        states = nxt
    return max(v + sum(values[k] for k in st) for st, v in states.items())


@lru_cache(maxsize=8192)
def best_sale(goods: tuple[str, ...]) -> int:
    """The highest total the goods fetch when all are sold as bundles (8.1)."""
    return _best_category(goods, LUXURY) + _best_category(goods, EVERYDAY)


# --- 8.2 Settlements ------------------------------------------------------------------------------
def colour_sets(settlements: tuple[str, ...]) -> int:
    """a) For green and for brown separately: 2, 3 or 4 different kinds score 15, 30, 50."""
    total = 0
    for colour in (GREEN, BROWN):
        kinds = {KIND[t] for t in settlements if SETTLEMENT_COLOUR[t] == colour}
        total += SET_VALUE[len(kinds)]
    return total


def majorities(all_settlements: tuple[tuple[str, ...], ...]) -> list[int]:
    """b) Per kind: most tiles 30, second most 15; ties go to the owner of the fewest-dot tile."""
    pay = [0] * len(all_settlements)
    for kind in SETTLEMENT_KINDS:
        owners = []
        for seat, owned in enumerate(all_settlements):
            mine = [DOTS[t] for t in owned if KIND[t] == kind]
            if mine:
                owners.append((-len(mine), min(mine), seat))
        owners.sort()
        for place, (_, _, seat) in enumerate(owners[:2]):
            pay[seat] += MAJORITY_FIRST if place == 0 else MAJORITY_SECOND
    return pay


def settlement_scores(all_settlements: tuple[tuple[str, ...], ...]) -> list[int]:
    maj = majorities(all_settlements)
    return [colour_sets(owned) + maj[seat] for seat, owned in enumerate(all_settlements)]


# --- 8.3 and the total ------------------------------------------------------------------------------
def unused_liquidity(cards: tuple[str, ...]) -> int:
    return UNUSED_LIQUIDITY_VALUE * sum(1 for c in cards if c in LIQUIDITY)


def final_breakdown(merchants) -> list[dict[str, int]]:
    """Per seat: money, goods sale (8.1), settlements (8.2), liquidity (8.3) and the total."""
    settle = settlement_scores(tuple(m.settlements for m in merchants))
    out = []
    for seat, m in enumerate(merchants):
        goods, liq = best_sale(m.goods), unused_liquidity(m.cards)
        out.append(
            {
                "money": m.money,
                "goods": goods,
                "settlements": settle[seat],
                "liquidity": liq,
                "total": m.money + goods + settle[seat] + liq,
            }
        )
    return out


# --- for the AI --------------------------------------------------------------------------------
def potential(goods: tuple[str, ...], progress_left: float) -> float:
    """What goods are worth beyond their sale now while the game runs: a bundle can still grow.
    Each good counts a little more the bigger the ware or colour group it could join."""
    if not goods or progress_left <= 0:
        return 0.0
    ware_n: dict[str, int] = {}
    colour_n: dict[str, int] = {}
    for t in goods:
        ware_n[WARE[t]] = ware_n.get(WARE[t], 0) + 1
        colour_n[COLOUR[t]] = colour_n.get(COLOUR[t], 0) + 1
    bonus = 0.0
    for t in goods:
        group = max(ware_n[WARE[t]], colour_n[COLOUR[t]])
        bonus += 3.0 + 1.5 * group if CATEGORY[t] == LUXURY else 2.5 + 1.0 * group
    return bonus * progress_left


def estimated_totals(merchants, progress_left: float) -> list[float]:
    """The final total each seat would reach if the game ended now, plus the goods' potential."""
    settle = settlement_scores(tuple(m.settlements for m in merchants))
    return [
        m.money + best_sale(m.goods) + potential(m.goods, progress_left) + settle[i] + unused_liquidity(m.cards)
        for i, m in enumerate(merchants)
    ]


# --- the result (7.3) and how well a seat stands (for the AI) -----------------------------------------
LEAD_SCALE = 80.0  # a lead of this many estimated coins counts as half-way to certain


def result(s: YangtzeState) -> Result | None:
    if s.phase != "over":
        return None
    rows = final_breakdown(s.merchants)
    keys = [(r["total"], len(m.settlements)) for r, m in zip(rows, s.merchants, strict=True)]
    totals = [k[0] for k in keys]
    tied_top = sum(1 for t in totals if t == max(totals)) > 1
    detail = f"ended by {s.ended_by}; " + "; ".join(
        f"seat {i}: {r['money']} money + {r['goods']} goods + {r['settlements']} settlements"
        f" + {r['liquidity']} liquidity = {r['total']}"
        for i, r in enumerate(rows)
    )
    if tied_top:
        detail += "; a tie for most money is broken by most settlement tiles, then shared"
    return Result(scores=tuple(float(t) for t in totals), ranks=ranks_from_keys(keys), detail=detail)


def features(s: YangtzeState, seat: int) -> tuple[float, ...]:
    """What `seat` holds, as the fitted evaluation weighs it: money, its goods' best sale now, their
    bundle potential, its settlements' points, unused liquidity, and money + sale + settlements
    again times the share of the game left (what is banked counts for less early)."""
    settle = settlement_scores(tuple(m.settlements for m in s.merchants))
    return _features(s.merchants[seat], settle[seat], 1.0 - len(s.rulers) / LAST_RULER)


def _features(m, settle: int, progress_left: float) -> tuple[float, ...]:
    sale = best_sale(m.goods)
    return (m.money, sale, potential(m.goods, progress_left), settle, unused_liquidity(m.cards),
            progress_left * (m.money + sale + settle))


# The search's leaf value (`Game.evaluations`): a seat's chance to win, a logistic model of its lead in
# `features` over the best other seat, fitted by `python -m ai.fit yangtze` (900 two-seat self-play
# games, greedy with 10 % random moves). Greedy keeps `heuristic`.
WIN_CHANCE_WEIGHTS = (0.04429, 0.04156, 0.00592, 0.03, 0.02865, -0.02234)


# The analysis shows a win chance with its logit times this, by seat count (ai/analysis.py `sharpened`; none: 1):
# fitted by `ai.fit.temperature` on analysed held-out games (seeds 800000..800004 of each pairing greedy:greedy,
# hard:medium, random:greedy, 100 search iterations a decision; the win-chance fits never saw them):
#   .venv/bin/python bench/bench_calibration.py --raw --game yangtze --seed 800000 --games 5 --iterations 100 --save F
#   .venv/bin/python bench/bench_calibration.py --load F --fit
SHOWN_TEMPERATURE: dict[int, float] = {2: 1.28}

def win_chances(s: YangtzeState, seats: list[int]) -> list[float]:
    """Each of `seats`' chance to win (`WIN_CHANCE_WEIGHTS`); as `heuristics` once the game is over
    or the active seat can end it by passing."""
    if s.phase == "over" or (s.phase == "turn" and s.pass_turns == s.players - 1 and not s.acted):
        return heuristics(s, seats)
    settle = settlement_scores(tuple(m.settlements for m in s.merchants))
    progress_left = 1.0 - len(s.rulers) / LAST_RULER
    return win_chances_of(WIN_CHANCE_WEIGHTS, [_features(m, settle[i], progress_left)
                                               for i, m in enumerate(s.merchants)], seats)


def heuristic(s: YangtzeState, seat: int) -> float:
    """The estimated final total (money, goods with their bundle potential, settlements, unused
    liquidity) against the best other seat, squashed into [0, 1]."""
    return heuristics(s, [seat])[0]


def heuristics(s: YangtzeState, seats: list[int]) -> list[float]:
    """`heuristic` of each of `seats`, every seat's total estimated once."""
    if s.phase == "over":
        over = result(s)
        assert over is not None  # the game is over: it has a result
        ranks = over.ranks
        return [1.0 / ranks.count(1) if ranks[seat] == 1 else 0.0 for seat in seats]
    if s.phase == "turn" and s.pass_turns == s.players - 1 and not s.acted:
        # the active player can end the game by passing (7.2): it will if that wins
        keys = [(r["total"], len(m.settlements)) for r, m in zip(final_breakdown(s.merchants), s.merchants, strict=True)]
        best = max(keys)
        if keys[s.active] == best:
            return [1.0 / keys.count(best) if keys[seat] == best else 0.0 for seat in seats]
    progress_left = 1.0 - len(s.rulers) / LAST_RULER
    est = estimated_totals(s.merchants, progress_left)
    out = []
    for seat in seats:
        lead = (est[seat] - max(e for i, e in enumerate(est) if i != seat)) / LEAD_SCALE
        out.append(0.5 + 0.5 * lead / (1.0 + abs(lead)))
    return out
