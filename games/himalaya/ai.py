"""For the AI: determinize (what a seat cannot know) and a cheap heuristic.

Every collect, delivery, roll and draw is in the public log, so screens and bags are derivable; the only
true secret is the other players' programmed discs during planning. determinize redraws those: mostly
as the start of one of the good programs `programs` finds for that player (what a sensible player
would have programmed), sometimes uniformly at random.

The search hooks at the end (`search_moves`, `playout`, exposed on the Game class) let ai.ismcts
treat the rest of a program as one decision and play each sampled round out before judging it.
What a program is worth (`plan_value`) and the good programs (`programs`) are in plans.py."""

from __future__ import annotations

import math
from functools import cache, lru_cache

from msgspec.structs import replace

from games.protocol import shares_of

from . import execution, legal, rules
from .content import COMMANDS, DELEGATES, REGIONS, ROUNDS, SLOTS, TOUCHES, YAKS_PER_TOKEN
from .moves import Fulfil, PassEvent, PlanSlot
from .plans import Board, board_of, plan_value, program_facts, programs, programs_of
from .scoring import majorities, religions, ring_yaks
from .state import EVENTS, EXECUTION, PLANNING, HimalayaState

PLAUSIBLE = 0.8  # share of determinizations that give the others a good program, the rest a random one


def determinize(s: HimalayaState, seat: int, rng) -> HimalayaState:
    if s.phase != PLANNING:
        return s
    plans = list(s.plans)
    for i, plan in enumerate(plans):
        if i == seat or not plan:
            continue
        if rng.random() < PLAUSIBLE:  # one of the programs a sensible player would make
            progs = programs(s, i, ())
            plans[i] = progs[rng.randrange(len(progs))][: len(plan)]
            continue
        new: tuple[str, ...] = ()
        for _ in range(len(plan)):
            options: tuple[str, ...] = COMMANDS
            if len(new) == SLOTS - 1 and s.snowstorm:
                options = tuple(c for c in COMMANDS if not rules.ends_on_storm(s, i, new + (c,)))
            new += (options[rng.randrange(len(options))],)
        plans[i] = new
    return replace(s, plans=tuple(plans))


@lru_cache(maxsize=50000)
def _cube_value(cubes) -> float:
    """What held cubes are worth to the heuristic (worked out once per holding)."""
    return sum(c * (0.5 + 0.25 * (k + 1)) for k, c in enumerate(cubes))


def _order_progress(board: Board, cubes) -> float:
    """How close the held cubes come to an order on the board (1 per complete order, partial less)."""
    best = board.progress.get(cubes)
    if best is not None:
        return best
    best = 0.0
    c0, c1, c2, c3, c4 = cubes
    for req, need, weight in board.orders:
        r0, r1, r2, r3, r4 = req
        have = ((c0 if c0 < r0 else r0) + (c1 if c1 < r1 else r1) + (c2 if c2 < r2 else r2)
                + (c3 if c3 < r3 else r3) + (c4 if c4 < r4 else r4)) / need
        value = have * have * weight
        if value > best:
            best = value
    board.progress[cubes] = best
    return best


def _religions(s: HimalayaState) -> list[int]:
    """Every seat's religious influence R (scoring.religious), worked out once per stupa layout
    (the same list for the same layout: never change it)."""
    return _religions_of(s.board_stupas, s.n)


_religions_of = lru_cache(maxsize=5000)(religions)


def _majorities(s: HimalayaState) -> dict[int, int]:
    """Every seat's political influence P (scoring.majorities), worked out once per delegate layout
    (the same dict for the same layout: never change it)."""
    return _majorities_of(s.board_delegates, s.n)


@lru_cache(maxsize=5000)
def _majorities_of(board_delegates: tuple, n: int) -> dict[int, int]:
    return majorities(board_delegates, range(n))


def _economic(p) -> int:
    """A player's economic influence E (scoring.economic): yaks on kept rings, 3 per token."""
    return _ring_yaks(p.rings) + YAKS_PER_TOKEN * p.tokens


_ring_yaks = lru_cache(maxsize=None)(ring_yaks)  # (at most every holding of the 12 rings)


def strength(p, rel: int, pol: int, board: Board) -> float:
    """A player's standing: influences E, R and P, delegates placed, cubes held and how close they
    come to an order (`rel`, `pol`: the player's R and P)."""
    placed = DELEGATES - p.delegates
    return (
        _economic(p) + 1.5 * rel + 2.5 * pol + 0.2 * placed
        + _cube_value(p.cubes) + 0.3 * _order_progress(board, p.cubes)
    )


def heuristic(s: HimalayaState, seat: int) -> float:
    return heuristics(s, [seat])[0]


def heuristics(s: HimalayaState, seats: list[int]) -> list[float]:
    """`heuristic` of each of `seats`, every seat's standing computed once."""
    if not s.order:
        return [0.5] * len(seats)
    n = s.n
    pol = _majorities(s)
    rel = _religions(s)
    board = board_of(s)
    st = [strength(p, rel[i], pol[i], board) for i, p in enumerate(s.players)]
    if n >= 4:  # the religious and political steps eliminate the lowest
        least_rel, least_pol = min(rel), min(pol.values())
        for i in range(n):
            if rel[i] == least_rel:
                st[i] -= 3.0
            if pol[i] == least_pol:
                st[i] -= 1.5
    planning = s.phase == PLANNING or s.phase == EXECUTION
    out = []
    for seat in seats:
        mine = st[seat] + (plan_value(s, seat) if planning else 0.0)
        best_other = max(x for i, x in enumerate(st) if i != seat)
        out.append(1.0 / (1.0 + math.exp(-(mine - best_other) / 6.0)))
    return out


def _standings(s: HimalayaState) -> tuple[list[int], list[int], list[int]]:
    """Every seat's E, R and P now."""
    pol = _majorities(s)
    return [_economic(p) for p in s.players], _religions(s), [pol[i] for i in range(s.n)]


def all_features(s: HimalayaState) -> list[tuple[float, ...]]:
    """What each seat holds, as the fitted evaluation weighs it: influences E, R and P; delegates
    placed; cubes held (heuristic's worth) and how close they come to an order; what the program still
    to run promises (planning and execution); then, weighed by the share of the game gone, whether the
    seat alone leads E, R, P, and whether it leads two of them (with three seats, the win)."""
    e, r, p = _standings(s)
    board = board_of(s)
    n = s.n
    gone = (s.round - 1) / ROUNDS
    planning = s.phase == PLANNING or s.phase == EXECUTION
    out: list[tuple[float, ...]] = []
    for i, pl in enumerate(s.players):
        leads = [all(v[i] > v[j] for j in range(n) if j != i) for v in (e, r, p)]
        out.append((
            float(e[i]), float(r[i]), float(p[i]), float(DELEGATES - pl.delegates),
            _cube_value(pl.cubes), _order_progress(board, pl.cubes),
            plan_value(s, i) if planning else 0.0,
            gone * leads[0], gone * leads[1], gone * leads[2], gone * (sum(leads) >= 2),
        ))
    return out


def features(s: HimalayaState, seat: int) -> tuple[float, ...]:
    return all_features(s)[seat]


# The search's leaf value (`Game.evaluations`) with three seats: each seat's chance to win, its share
# of exp(w . features) (`shares_of`), fitted by `python -m ai.fit himalaya --players 3 --games 1500`
# (greedy self-play with 10 % random moves; held-out log loss 0.9655 against the heuristic's 0.9982).
# Leading an influence late counts most (E 0.78, P 0.47, R 0.34, two of them 0.77 more at the end),
# cubes in hand more than what the program still promises. Greedy keeps `heuristic`.
WIN_CHANCE_WEIGHTS = (0.06441, 0.08983, 0.0238, 0.07104, 0.1806, -0.04194, 0.02154,  # E R P placed cubes order plan
                      0.7841, 0.3365, 0.4742, 0.7675)  # × the game gone: leads E, R, P, leads two


# The analysis shows a win chance with its logit times this, by seat count (ai/analysis.py `sharpened`; none: 1):
# fitted by `ai.fit.temperature` on analysed held-out games (seeds 800000..800004 of each pairing greedy:greedy,
# hard:medium, random:greedy, 100 search iterations a decision; the win-chance fits never saw them):
#   .venv/bin/python bench/bench_calibration.py --raw --game himalaya --seed 800000 --games 5 --iterations 100 --save F
#   .venv/bin/python bench/bench_calibration.py --load F --fit
SHOWN_TEMPERATURE: dict[int, float] = {3: 0.84}

def win_chances(s: HimalayaState, seats: list[int]) -> list[float]:
    """Each of `seats`' chance to win (three seats; others and a state before the caravans are
    placed: the heuristic)."""
    if s.n != 3 or not s.order:
        return heuristics(s, seats)
    chances = shares_of(WIN_CHANCE_WEIGHTS, all_features(s))
    return [chances[i] for i in seats]


# --- search hooks (optional, found by ai/ with getattr) ------------------------------------------
# A program is the value of six discs only at execution, so the search treats the rest of a program as
# one macro decision among a few good ones, and its playouts run the round to its end with sensible
# choices. Programs are judged by `plan_value`'s reading of one caravan (the others are ignored), which
# depends only on public facts and the seat's own plan, so every seat's candidates can be computed
# from any determinization.

@cache  # at most 5^6 + 5^5 + … sequences of discs
def _discs(commands: tuple[str, ...]) -> tuple:
    """The PlanSlot moves that program `commands` (made once per command sequence)."""
    return tuple(PlanSlot(command=c) for c in commands)


@lru_cache(maxsize=20000)
def _macros(facts: tuple) -> tuple:
    """The rest of each of `programs_of(facts)` as PlanSlot moves (facts: plans.program_facts)."""
    prefix = facts[0]
    return tuple(_discs(prog[len(prefix):]) for prog in programs_of(facts))


def search_moves(s: HimalayaState, seat: int):
    """Macro decisions for the search: while planning, the rest of a few good programs, each a
    tuple of PlanSlot moves; None elsewhere (the legal moves)."""
    if s.phase == PLANNING:
        return list(_macros(program_facts(s, seat, s.plans[seat])))
    if s.phase == EVENTS:  # a figure's worth is beyond a short search: the search keeps them
        return [(PassEvent(),)]
    if s.phase == EXECUTION and s.pending is not None and s.pending.kind == "fulfil":
        return [(m,) for m in _fulfil_options(s, seat)]
    return None


def _best_region(s: HimalayaState, seat: int, village: int, count: int) -> str:
    """Where `count` delegates from `village` help most: a region they win, else one they hold."""
    best, best_score = TOUCHES[village][0], -1.0
    for r in TOUCHES[village]:
        row = s.board_delegates[REGIONS.index(r)]
        own = row[seat]
        other = max((x for i, x in enumerate(row) if i != seat), default=0)
        score = 2.0 if own <= other < own + count else (1.0 if own > other else 0.0) - 0.01 * (other - own)
        if score > best_score:
            best, best_score = r, score
    return best


def playout(s: HimalayaState, seat: int, rng):
    """The search's playout policy: a tuple of moves for `seat`, or () to stop and judge here.
    Planning: the rest of one of the better programs; execution: collect the best cube, fulfil
    with the reward pair the heuristic likes best; anything else (a new round) ends the playout."""
    if s.phase == PLANNING:
        if not any(s.plans):
            return ()  # a new round: judge here
        plan = s.plans[seat]
        progs = programs(s, seat, plan)
        prog = progs[0] if rng.random() < 0.5 else progs[rng.randrange(len(progs))]
        return _discs(prog[len(plan):])
    if s.phase == EVENTS:
        return (PassEvent(),)
    if s.phase != EXECUTION:
        return ()
    assert s.pending is not None  # the execution phase waits on a choice
    if s.pending.kind == "collect":
        return (legal.collect_choices(s)[-1],)
    return (max(_fulfil_options(s, seat), key=lambda m: heuristic(execution.fulfil(s, m), seat)),)


def _fulfil_options(s: HimalayaState, seat: int) -> list:
    """The reward pairs worth weighing: trade, trade + offering, offering + delegation and trade +
    delegation, the delegates all into the region where they help most."""
    assert s.pending is not None  # an order is being fulfilled
    v = s.pending.village
    count = execution.delegates_to_send(s, seat, v)
    split = (_best_region(s, seat, v, count),) * count if count else ()
    options = [Fulfil(trade=True)]
    if s.board_stupas[v - 1] < 0 and s.players[seat].stupas > 0:
        options.append(Fulfil(trade=True, offering=True))
        if split:
            options.append(Fulfil(offering=True, delegates=split))
    if split:
        options.append(Fulfil(trade=True, delegates=split))
    return options
