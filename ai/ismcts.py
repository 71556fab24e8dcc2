"""Information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

Every iteration:
  1. determinize: draw a full state consistent with what the searching seat has seen;
  2. select: walk down the one tree with UCT, among the moves legal in *this* sampled state, each
     edge scored with its availability count (how often it could have been chosen) instead of the
     parent's visits; values are rescaled by the lowest and highest value seen in this search, so
     the narrow spread of a heuristic still steers the search;
  3. expand one untried move; the other seats of a secret simultaneous step finish it at random,
     chance that follows is sampled, then `ROLLOUT_MOVES` random moves (0 by default: the games'
     heuristics judge better than random play does) and `game.evaluations` gives each seat's value
     (the heuristic, or a win chance fitted to game outcomes where the game has one: Kashgar,
     Yangtze, Himalaya at three seats), or the win share if the game ended;
  4. back up each seat's own value along the path.

Optional game hooks (games/protocol.py; used when a game overrides them, else the plain search above):
  * ``game.search_moves(state, seat)`` -> a list of macro decisions (each a tuple of moves the seat
    plays in a row) or None for the legal moves. The tree branches over these instead, for every
    seat; at the root the visits of macros that begin with the same move are summed and that first
    move is played. Himalaya offers a few whole programs while planning (a disc's worth shows
    only at execution) and a pruned set of fulfil rewards.
  * ``game.playout(state, seat, rng)`` -> a tuple of moves (the playout policy), () to stop and
    judge the state with the evaluation, or None for the default rollout (`ROLLOUT_MOVES` random
    moves, then the evaluation). Himalaya plays the round to its end.
  * ``game.apply_all(state, seat, moves)`` plays a macro (games/protocol.py: each move in turn; a
    game may reach the same state with less work, as Himalaya programs a run of discs at once).
  The first two are computed on the sampled state, so they see only what the searcher may see. Where every
  macro the searcher is offered at the root begins with the same move, that move is played at once.

Progressive widening at a wide root (more than `WIDEN_FROM` moves of the searcher): before searching,
each move is scored once the way greedy scores it (one ply on `game.heuristic`, over
`PRIOR_DETERMINIZATIONS` sampled hidden states; each of these evaluations counts as one iteration of
the budget), and the root then offers only the best `WIDEN_BASE + WIDEN_SCALE * sqrt(iterations)`
moves in that order, so a few hundred iterations look two and more plies deep at the promising moves
instead of one shallow visit to each of 80 moves. Not where the game offers macro decisions
(`search_moves`) at the root. `search(..., widen=1)` switches it on (off by default: on
90 paired Bangkok Klongs games against greedy at 300 iterations it scored 0.550 against 0.511, not
a clear win; widen=2 scored lower, README).

MAST (move-average sampling, Finnsson & Björnsson 2008), on by default (`search(..., mast=0)` is
the search without it): the search keeps, for every (seat, move), the mean value that seat got
whenever it played that move anywhere in the tree (built from the searcher's own sampled worlds
only, like the tree). A node that opens a new edge opens the untried move with the best such mean (a move never
seen counts as the seat's average; `MAST_EPSILON` of the openings stay random) instead of a random
one, so a seat's replies deep in the tree start from the replies that did well elsewhere rather
than from random ones. The choice among tried edges is UCT as before.

Greedy rollouts (`search(..., greedy=k)`; by default a game's `greedy_rollout_moves` once a move has
`GREEDY_ROLLOUT_FROM` seconds or more and no iteration cap, else none): the rollout's first k seat
moves are epsilon-greedy, each the best of a few of the mover's legal moves by one ply on the
heuristic, before the evaluation judges, so a leaf is judged after the replies a sensible player
would make. Each costs a few iterations' time: in Bangkok Klongs they won 28/40 at equal iterations
(300) but beat greedy less often at 0.1 s (0.611 against 0.720: a third of the iterations), and 1 s
with them beat 0.1 s without 125/200, so only a longer search plays them (README).

Sequential halving on common random numbers (`search(..., crn=1)`; off by default: Kashgar's 1 s
search with it beat 0.1 s 114/200, level with the plain tree's 110/200 on the same seeds, README): the
root's moves are compared on the same luck. The budget goes in ceil(log2(moves)) equal phases; each
round of a phase draws one seed, and every root move still in gives one iteration whose sampled state and chance come from that seed (the
tree below the root and the search's own choices as usual), so two moves' means differ by what the moves
do more than by the draws each happened to meet; after a phase the better half by mean goes on, the last
two share the last phase and the better mean is played. It spends the whole budget (no early stop), and
is not used where the game offers macro decisions at the root.

Tree reuse (`ai.player.SearchPlayer`, one per game and seat, what the AI players use; analysis searches
afresh): when the move played begins macro decisions that go on (Himalaya's program after its first
disc), the statistics of those macros are kept as the rest of each (`ai.reuse.keep`), keyed by the seat's
view of the state it expects; the player's next search starts from them if its view then is that one
(nothing happened in between, so the information set is the same), else from nothing. Plain moves keep
nothing: a Bangkok Klongs seat's second boat searched on from the first search's subtree lost to greedy
more often (127/200 against 144/200 afresh, the same seeds; 22 games better, 39 worse), as that
subtree's few, heavily visited replies outweigh a fresh look at the new decision. The search itself
holds nothing between calls: `search(..., reuse=1, kept=...)` starts from `kept` and leaves what the
next search may go on from in `Stats.kept`.

Chance steps are sampled and do not branch the tree (open loop: a node stands for the decisions
that led to it, averaged over dice and draws; in Kashgar, branching on the draws the searcher sees,
or keying nodes by its information set, lost the tree its depth and the search its games: README).
In a simultaneous step (several seats in `actors`) the searcher moves first and walks its own tree;
the other seats then move one at a time, lowest first, each choosing with statistics kept at the
node where the step began (decoupled UCT), so nobody's choice depends on a secret it cannot see.
An opponent's secret move (`visible_to` without the searcher) never branches the searcher's tree:
it cannot tell those worlds apart.

The parts: `ai.tree` (the nodes and the statistics), `ai.iteration` (one iteration: selection and
expansion, rollout, back-up, MAST), `ai.reuse` (what a seat keeps for its next search), and here the
root's decisions: the budget and the early stop, the widening prior, sequential halving, the choice.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from games.protocol import Game, Seat

from .iteration import (
    GREEDY_CANDIDATES,
    GREEDY_EPSILON,
    MAST_EPSILON,
    MAX_ROLLOUT_STEPS,
    WIDEN_BASE,
    WIDEN_FROM,
    WIDEN_SCALE,
    best_by_mast,
    greedy_step,
    iterate,
)
from .reuse import Kept, keep, resume
from .simple import GREEDY_MAX_EVALUATIONS, greedy_scores, own_moves
from .tree import LOG, Node, Stats, first, play, root_stats

EXPLORATION = 0.2  # UCT constant c, on values rescaled to [0, 1] by the range seen in this search
ROLLOUT_MOVES = 0  # random seat moves after the tree before the heuristic judges (the step in play and chance are always finished)
PRIOR_DETERMINIZATIONS = 1  # hidden states each root move is scored on for the widening order
GREEDY_ROLLOUT_FROM = 1.0  # seconds a move from which a search plays the game's greedy rollout moves

# the names this module had before it was split (ai.analysis, tests and benches import some of them)
_iterate, _greedy_step, _best_by_mast, _play, _first, _root_stats = iterate, greedy_step, best_by_mast, play, first, root_stats
__all__ = [
    "EXPLORATION",
    "GREEDY_CANDIDATES",
    "GREEDY_EPSILON",
    "GREEDY_ROLLOUT_FROM",
    "LOG",
    "MAST_EPSILON",
    "MAX_ROLLOUT_STEPS",
    "PRIOR_DETERMINIZATIONS",
    "ROLLOUT_MOVES",
    "WIDEN_BASE",
    "WIDEN_FROM",
    "WIDEN_SCALE",
    "Kept",
    "Node",
    "Stats",
    "greedy_rollout",
    "prior_order",
    "search",
]


def greedy_rollout(game: Game, budget: float | None, iterations: int | None) -> int:
    """How many greedy rollout moves a search of this size plays: the game's `greedy_rollout_moves`
    for a time budget of `GREEDY_ROLLOUT_FROM` seconds and more with no iteration cap, else none
    (each costs a few iterations' time; README: in Bangkok Klongs they cost more than they give at 0.1 s
    and win at 1 s)."""
    if iterations is None and budget is not None and budget >= GREEDY_ROLLOUT_FROM:
        return game.greedy_rollout_moves
    return 0


def prior_order(game: Game, state: Any, seat: Seat, rng: Any, moves: list[Any],
                determinizations: int = PRIOR_DETERMINIZATIONS) -> dict[Any, int]:
    """Each move's place (0 = best) by its greedy score: one ply on the heuristic, averaged over
    `determinizations` hidden states drawn for `seat` (ties keep the moves' own order)."""
    scores = greedy_scores(game, state, seat, rng, moves, determinizations)
    order = sorted(range(len(moves)), key=lambda i: -scores[i])
    return {moves[i]: place for place, i in enumerate(order)}


def search(game: Game, state: Any, seat: Seat, rng: Any, budget: float | None = 1.0,
           iterations: int | None = None, exploration: float | None = None,
           rollout_moves: int | None = None, widen: float = 0, mast: float = 1,
           reuse: float = 0, greedy: float | None = None, crn: float = 0,
           include: Any = None, kept: Kept | None = None) -> tuple[Any, Stats]:
    """The most visited root move after `budget` seconds or `iterations` iterations, whichever
    comes first (at least one must be given), and the search statistics. The search also stops
    early once no other move can catch up with the leader in the iterations left. `widen=1` turns
    progressive widening at a wide root on (see the module docstring); the prior's evaluations
    count against `iterations` and are included in `Stats.iterations`. `widen=2` widens progressively
    at every node with more than `WIDEN_FROM` moves (opened in random order below the root). `greedy`:
    greedy seat moves at the start of each rollout (None: `greedy_rollout`, by the budget). `crn=1`: the
    root's moves compared by sequential halving on common random numbers (`_halving`; no early stop; not
    where the game offers macro decisions). `include` (the analysis: the move a player made): where the
    game offers macro decisions none of which begins with that move, the root offers it too (the game's
    playout goes on from it), and a single decision on offer is searched rather than played at once, so
    the move gets a value beside the engine's own choices. `reuse=1` (tree reuse, `ai.player.SearchPlayer`):
    start from `kept` (the seat's previous search's `Stats.kept`) where the seat's view is the one it
    predicted, and leave in `Stats.kept` what the seat's next search may go on from."""
    if budget is None and iterations is None:
        raise ValueError("give a time budget or an iteration cap")
    exploration = EXPLORATION if exploration is None else exploration
    rollout_moves = ROLLOUT_MOVES if rollout_moves is None else rollout_moves
    greedy_moves = greedy_rollout(game, budget, iterations) if greedy is None else int(greedy)
    moves = own_moves(game, state, seat)
    stats = Stats()
    # the tree, the lowest and highest value seen (UCT works on that range), MAST statistics per (actor, move)
    root, bounds, table = resume(kept if reuse else None, game, state, seat, mast, stats)
    forced, macros, extra = _forced(game, state, seat, rng, moves, include)
    if forced is not None:
        if reuse and root.kids:
            stats.kept = keep(game, state, seat, forced, root, bounds, table)
        return forced, stats
    cap = iterations if iterations is not None else 1 << 62
    if crn and macros is None:  # (a macro's worth shows only with the rest of it: as widening, not there)
        return _halving(game, state, seat, rng, moves, budget, cap, exploration, rollout_moves, bounds, table,
                        greedy_moves, root, stats)
    _run(game, state, seat, rng, moves, budget, cap, widen, exploration, rollout_moves, bounds, table,
         greedy_moves, extra, root, stats)
    best_move = _most_visited(root, seat, moves, rng, stats)
    if reuse:
        stats.kept = keep(game, state, seat, best_move, root, bounds, table)
    return best_move, stats


def _forced(game: Game, state: Any, seat: Seat, rng: Any, moves: list[Any],
            include: Any) -> tuple[Any, list | None, tuple]:
    """(the move to play without searching or None, the macro decisions the game offers at the root or
    None, the move the analysis asks about as a macro of its own where the macros leave it out)."""
    if len(moves) == 1:
        return moves[0], None, ()
    if seat not in game.actors(state):
        raise ValueError(f"seat {seat} is not to act now")
    probe = random.Random()
    probe.setstate(rng.getstate())  # (a look at the macro decisions leaves the search's draws as they were)
    macros = game.search_moves(game.determinize(state, seat, probe), seat)
    extra: tuple = ()
    if macros is not None and include is not None and include not in {first(m) for m in macros}:
        extra = ((include,),)  # the move played, as a macro of its own
    if macros is not None and len({first(m) for m in macros}) == 1 and include is None:
        return first(macros[0]), macros, extra  # one decision on offer (Himalaya's events): nothing to weigh
    return None, macros, extra


def _run(game: Game, state: Any, seat: Seat, rng: Any, moves: list[Any], budget: float | None, cap: int,
         widen: float, exploration: float, rollout_moves: int, bounds: list[float], table: dict | None,
         greedy_moves: int, extra: tuple, root: Node, stats: Stats) -> None:
    """Iterate until the budget or the cap is spent, or the leader cannot be caught (after the widening
    prior, where it applies); the work goes to `stats`."""
    start = time.perf_counter()
    deadline = start + budget if budget is not None else float("inf")
    it = 0
    open_moves = None
    if (widen and len(moves) > WIDEN_FROM and cap >= 2 * len(moves) * PRIOR_DETERMINIZATIONS
            and game.search_moves(game.determinize(state, seat, rng), seat) is None):
        # (where the game offers macro decisions, one move's worth shows only with the rest: no prior)
        open_moves = prior_order(game, state, seat, rng, moves)
        it = len(moves) * max(1, min(PRIOR_DETERMINIZATIONS, GREEDY_MAX_EVALUATIONS // len(moves)))
    searched = 0
    while it < cap:
        opened = WIDEN_BASE + int(WIDEN_SCALE * math.sqrt(searched))
        _iterate(game, root, state, seat, rng, exploration, rollout_moves, bounds, open_moves, opened, widen >= 2,
                 table, greedy_moves, None, extra)
        it += 1
        searched += 1
        now = time.perf_counter()
        if now >= deadline:
            break
        if searched % 32 == 0 and _decided(root, seat, cap - it, budget, it, deadline - now, now - start):
            break
    stats.iterations = it
    stats.seconds = time.perf_counter() - start


def _decided(root: Node, seat: Seat, left: int, budget: float | None, it: int, remaining: float,
             spent: float) -> bool:
    """Whether the leader can no longer be caught in the iterations left (`left` under the cap, or as
    many as the time `remaining` gives at the pace so far)."""
    if budget is not None:
        left = min(left, int(it * remaining / max(spent, 1e-9)) + 1)
    visits = sorted(root_stats(root, seat)[0].values(), reverse=True)
    return len(visits) >= 2 and visits[0] - visits[1] > left


def _most_visited(root: Node, seat: Seat, moves: list[Any], rng: Any, stats: Stats) -> Any:
    """The root move with the most visits (then the best mean), at random if none was visited; each move's
    (move, visits, mean) goes to `stats.root`."""
    best_move, best = None, (-1, -1.0)
    visits, values = root_stats(root, seat)
    for m in moves:
        n = visits.get(m, 0)
        mean = values.get(m, 0.0) / n if n else 0.0
        stats.root.append((m, n, mean))
        if n and (n, mean) > best:
            best_move, best = m, (n, mean)
    if best_move is None:
        best_move = moves[rng.randrange(len(moves))]
    return best_move


def _halving(game: Game, state: Any, seat: Seat, rng: Any, moves: list[Any], budget: float | None, cap: int,
             exploration: float, rollout_moves: int, bounds: list[float], table: dict | None, greedy_moves: int,
             root: Node, stats: Stats) -> tuple[Any, Stats]:
    """Sequential halving at the root on common random numbers (`search(..., crn=1)`): the budget in
    ceil(log2(moves)) equal phases (by time, or by iterations under a cap); a phase deals rounds, and a
    round draws one seed and gives every surviving root move one iteration on the state and chance that
    seed draws (the tree below the root as usual), so the moves are compared on the same luck; after each
    phase the better half by mean value goes on (two into the last phase); the best mean of the last is played."""
    start = time.perf_counter()
    alive = list(moves)
    phases = max(1, math.ceil(math.log2(len(alive))))
    total = dict.fromkeys(moves, 0.0)
    count = dict.fromkeys(moves, 0)
    gates = {m: {x: 0 if x == m else 1 for x in moves} for m in moves}  # the root offers m alone (widening's gate)
    it = 0
    for ph in range(phases):
        end = start + budget * (ph + 1) / phases if budget is not None else math.inf
        quota = cap * (ph + 1) // phases
        while True:
            seed = rng.getrandbits(64)
            got = []
            for m in alive:
                got.append((m, _iterate(game, root, state, seat, rng, exploration, rollout_moves, bounds, gates[m], 1, False,
                                        table, greedy_moves, random.Random(seed))))
                it += 1
            for m, v in got:  # a whole round or none: the survivors keep the same luck
                total[m] += v
                count[m] += 1
            if time.perf_counter() >= end or it >= quota:
                break
        if ph < phases - 1 and len(alive) > 1:
            alive.sort(key=lambda m: -total[m] / count[m])
            alive = alive[:max(2, (len(alive) + 1) // 2)] if ph < phases - 2 else alive[:2]
    stats.iterations = it
    stats.seconds = time.perf_counter() - start
    stats.root = [(m, count[m], total[m] / count[m]) for m in moves]  # (the first phase's round gave each move one)
    return max(alive, key=lambda m: total[m] / count[m]), stats
