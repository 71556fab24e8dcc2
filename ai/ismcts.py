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

Tree reuse (`search(..., reuse=1)`, what the AI players use; analysis searches afresh): when the move
played begins macro decisions that go on (Himalaya's program after its first disc), the statistics of
those macros are kept as the rest of each, keyed by the seat's view of the state it expects; the next
search of that seat starts from them if its view then is that one (nothing happened in between, so
the information set is the same), else from nothing. Plain moves keep nothing: a Bangkok Klongs seat's
second boat searched on from the first search's subtree lost to greedy more often (127/200 against
144/200 afresh, the same seeds; 22 games better, 39 worse), as that subtree's few, heavily visited
replies outweigh a fresh look at the new decision.

Chance steps are sampled and do not branch the tree (open loop: a node stands for the decisions
that led to it, averaged over dice and draws; in Kashgar, branching on the draws the searcher sees,
or keying nodes by its information set, lost the tree its depth and the search its games: README).
In a simultaneous step (several seats in `actors`) the searcher moves first and walks its own tree;
the other seats then move one at a time, lowest first, each choosing with statistics kept at the
node where the step began (decoupled UCT), so nobody's choice depends on a secret it cannot see.
An opponent's secret move (`visible_to` without the searcher) never branches the searcher's tree:
it cannot tell those worlds apart.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from games.protocol import CHANCE, Game, Seat, sample_chance

from .simple import GREEDY_MAX_EVALUATIONS, greedy_scores, own_moves, value, win_shares

EXPLORATION = 0.2  # UCT constant c, on values rescaled to [0, 1] by the range seen in this search
ROLLOUT_MOVES = 0  # random seat moves after the tree before the heuristic judges (the step in play and chance are always finished)
MAX_ROLLOUT_STEPS = 400  # chance steps included; a safety net for games with long chance chains
WIDEN_FROM = 12  # progressive widening at a root with more moves than this
WIDEN_BASE = 5  # root moves open from the start (in the prior's order)
WIDEN_SCALE = 0.5  # ... plus this times the square root of the iterations so far
MAST_EPSILON = 0.1  # with MAST, the share of expansions that still pick an untried move at random
PRIOR_DETERMINIZATIONS = 1  # hidden states each root move is scored on for the widening order
GREEDY_ROLLOUT_FROM = 1.0  # seconds a move from which a search plays the game's greedy rollout moves
GREEDY_EPSILON = 0.1  # share of greedy rollout moves played at random
GREEDY_CANDIDATES = 8  # legal moves a greedy rollout move weighs at most (a random sample of a wide turn)
LOG = [0.0] + [math.log(i) for i in range(1, 4096)]


class Node:
    """Statistics of one edge (the move that leads here) and the edges below it."""

    __slots__ = ("kids", "n", "w", "avail")

    def __init__(self) -> None:
        self.kids: dict[Any, Node] = {}
        self.n = 0  # visits
        self.w = 0.0  # summed value for the seat that chose this edge
        self.avail = 1  # times this edge was legal when its parent was visited


@dataclass
class Stats:
    iterations: int = 0
    seconds: float = 0.0
    root: list[tuple[Any, int, float]] = field(default_factory=list)  # (move, visits, mean value)
    reused: int = 0  # visits below the root carried over from the seat's previous search (tree reuse)


def _play(game: Game, d: Any, actor: Seat, move: Any) -> Any:
    """Apply a move, or each move of a macro decision (a tuple of moves of one seat, through the
    game's `apply_all`: each in turn, or a game's quicker way to the same state)."""
    if type(move) is tuple:
        return game.apply_all(d, actor, move)
    return game.apply(d, actor, move)


def _iterate(game: Game, root: Node, state: Any, seat: Seat, rng: Any,
             c: float, rollout_moves: int, bounds: list[float], open_moves: dict[Any, int] | None = None,
             opened: int = 0, widen_all: bool = False, mast: dict | None = None, greedy_moves: int = 0,
             crng: Any = None, include: tuple = ()) -> float:
    """One iteration. `open_moves` (progressive widening): each root move's place in the prior's order;
    only the searcher's root moves placed below `opened` may be chosen. `widen_all`: below the root
    too, a node with many moves opens a new (random) one only as its visits grow. `mast`: the search's
    MAST table ((seat, move) -> [visits, summed value], seat -> the same over all its moves), read when
    a node opens an untried move and updated in the back-up; None turns MAST off. `greedy_moves`: the
    rollout's first seat moves chosen greedily (`_greedy_step`) before `rollout_moves` random ones.
    `crng`: where the sampled state and the chance come from (common random numbers, `_halving`; else
    `rng`, which always makes the search's own choices). `include`: macro decisions the searcher's root
    offers beside the game's own (`search(..., include=move)`). Returns the searcher's value of the iteration."""
    crng = crng or rng
    d = game.determinize(state, seat, crng)
    actors_of, legal, apply, chance, visible_to = game.actors, game.legal_moves, game.apply, game.chance, game.visible_to
    macros, policy = game.search_moves, game.playout
    sqrt = math.sqrt
    node = root
    path: list[tuple[Node, Seat]] = []
    block: frozenset | None = None  # who still has to move in the secret simultaneous step we are in
    block_node: Node | None = None  # where that step began: the other seats choose with its statistics
    made: dict[Seat, int] = {}  # moves each seat made in that step (an opponent's 1st, 2nd... choice)
    expanded = False
    moved_keys: list[tuple[Seat, Any]] = []  # (actor, move) along the path, for MAST
    lo = bounds[0]
    scale = 1.0 / (bounds[1] - lo) if bounds[1] > lo else 1.0
    # --- selection and expansion -----------------------------------------------------------------
    while True:
        actors = actors_of(d)
        if not actors or expanded:
            break
        if CHANCE in actors:
            d = apply(d, CHANCE, sample_chance(chance(d), crng))
            block = None
            continue
        if block is None or not actors <= block:
            if len(actors) > 1:  # a secret simultaneous step may begin here
                block_node, made = node, {}
            else:
                block_node = None
        # in a simultaneous step the searcher moves first (nobody sees its secret choice anyway) and
        # walks its own tree; the others choose with the statistics of the step's start
        if seat in actors:
            actor, sel, nth = seat, node, -1
        else:
            actor = min(actors)
            if block_node is None:
                sel, nth = node, -1
            else:
                sel, nth = block_node, made.get(actor, 0)
        moves = macros(d, actor) or legal(d, actor)
        if include and sel is root and actor == seat:
            moves = list(moves) + [m for m in include if m not in moves]
        shut = open_moves is not None and sel is root and actor == seat  # widening: some root moves wait
        get = sel.kids.get
        best = None
        best_key = None
        best_score = -1.0
        untried = []
        for m in moves:
            if shut and open_moves.get(m[0] if type(m) is tuple else m, 0) >= opened:
                continue
            key = (actor, m, nth)
            k = get(key)
            if k is None:
                untried.append(key)
                continue
            n = k.n
            a = k.avail = k.avail + 1
            if n == 0:
                untried.append(key)
                continue
            score = (k.w / n - lo) * scale + c * sqrt((LOG[a] if a < 4096 else math.log(a)) / n)
            if score > best_score:
                best_score, best, best_key = score, k, key
        kids = sel.kids
        if untried and widen_all and best is not None and not shut and \
                len(untried) > WIDEN_FROM and best_score > -1.0 and \
                len(kids) >= WIDEN_BASE + int(WIDEN_SCALE * math.sqrt(sel.n)):
            untried = []  # progressive widening: enough moves open here (in any sampled world) for its visits
        if untried:
            if mast is None or len(untried) == 1 or rng.random() < MAST_EPSILON:
                key = untried[rng.randrange(len(untried))]
            else:
                key = _best_by_mast(mast, actor, untried, rng)
            best = kids.get(key)
            if best is None:
                best = kids[key] = Node()
            expanded = True
        else:
            key = best_key
        move = key[1]
        path.append((best, actor))
        if mast is not None:
            moved_keys.append((actor, move))
        seen = visible_to(d, actor, move[0] if type(move) is tuple else move)
        if seen is None:  # a public move: no simultaneous secret step (any more)
            block = None
            if sel is node:
                node = best
        else:
            if len(actors) > 1 or block is not None:
                block = actors
                made[actor] = made.get(actor, 0) + 1
            if actor == seat or (seat in seen and sel is node):
                node = best  # the searcher knows this move; other seats' secrets do not branch
        d = _play(game, d, actor, move)
    # --- rollout: let the other seats finish the secret step, then a few random moves ------------
    last = path[-1][1] if path else seat
    moved = 0
    for _ in range(MAX_ROLLOUT_STEPS):
        actors = actors_of(d)
        if not actors:
            break
        if CHANCE in actors:
            d = apply(d, CHANCE, sample_chance(chance(d), crng))
            continue
        if block is not None and actors <= block and last not in actors:
            block = actors
        else:
            block = None
        actor = min(actors)
        macro = policy(d, actor, rng)  # also finishes the other seats' part of a secret step
        if macro:
            d = _play(game, d, actor, macro)
            continue
        if block is None:
            if macro is not None or moved >= greedy_moves + rollout_moves:
                break  # the game says judge here (), or the default rollout is done
            moved += 1
            if moved <= greedy_moves:
                d = _greedy_step(game, d, actor, rng)
                continue
        moves = legal(d, actor)
        d = apply(d, actor, moves[rng.randrange(len(moves))])
    # --- back-up ---------------------------------------------------------------------------------
    result = game.result(d)
    if result is not None:
        reward = dict(enumerate(win_shares(result)))
    else:  # the game's evaluation is asked only for the seats on the path
        seats = sorted({actor for _, actor in path})
        reward = dict(zip(seats, game.evaluations(d, seats)))
    root.n += 1
    for k, actor in path:
        r = reward[actor]
        k.n += 1
        k.w += r
        if r < bounds[0]:
            bounds[0] = r
        if r > bounds[1]:
            bounds[1] = r
    if mast is not None:
        for am in moved_keys:
            r = reward[am[0]]
            st = mast.get(am)
            if st is None:
                mast[am] = [1, r]
            else:
                st[0] += 1
                st[1] += r
            st = mast.get(am[0])  # the actor's mean over all its moves: an unknown move's guess
            if st is None:
                mast[am[0]] = [1, r]
            else:
                st[0] += 1
                st[1] += r
    return reward.get(seat, 0.0)


def _greedy_step(game: Game, d: Any, actor: Seat, rng: Any) -> Any:
    """One rollout move of `actor` in the sampled state `d`, epsilon-greedy: at random with chance
    `GREEDY_EPSILON`, else the best of at most `GREEDY_CANDIDATES` of its legal moves (all, or a random
    sample of a wide turn) by one ply on `game.heuristic` (the win share where the move ends the game)."""
    moves = game.legal_moves(d, actor)
    if len(moves) == 1 or rng.random() < GREEDY_EPSILON:
        return game.apply(d, actor, moves[rng.randrange(len(moves))])
    if len(moves) > GREEDY_CANDIDATES:
        moves = rng.sample(moves, GREEDY_CANDIDATES)
    best, best_value = d, -math.inf
    for m in moves:
        after = game.apply(d, actor, m)
        v = value(game, after, actor)
        if v > best_value:
            best, best_value = after, v
    return best


def greedy_rollout(game: Game, budget: float | None, iterations: int | None) -> int:
    """How many greedy rollout moves a search of this size plays: the game's `greedy_rollout_moves`
    for a time budget of `GREEDY_ROLLOUT_FROM` seconds and more with no iteration cap, else none
    (each costs a few iterations' time; README: in Bangkok Klongs they cost more than they give at 0.1 s
    and win at 1 s)."""
    if iterations is None and budget is not None and budget >= GREEDY_ROLLOUT_FROM:
        return game.greedy_rollout_moves
    return 0


def _best_by_mast(mast: dict, actor: Seat, untried: list, rng: Any) -> Any:
    """The untried edge whose move has done best for `actor` anywhere in this search so far (MAST:
    a move good in one line tends to be good in others); a move never tried counts as the actor's
    average; ties at random."""
    own = mast.get(actor)
    guess = own[1] / own[0] if own else 0.5
    best_key, best_v = None, -1.0
    for key in untried:
        st = mast.get((actor, key[1]))
        v = (st[1] / st[0] if st else guess) + rng.random() * 1e-6
        if v > best_v:
            best_key, best_v = key, v
    return best_key


def _first(move: Any) -> Any:
    return move[0] if type(move) is tuple else move


def _root_stats(root: Node, seat: Seat) -> tuple[dict[Any, int], dict[Any, float]]:
    """Visits and total value per first move of the searcher (macro decisions that begin alike are summed)."""
    visits: dict[Any, int] = {}
    values: dict[Any, float] = {}
    for (actor, m, nth), k in root.kids.items():
        if actor == seat and nth == -1 and k.n:
            f = _first(m)
            visits[f] = visits.get(f, 0) + k.n
            values[f] = values.get(f, 0.0) + k.w
    return visits, values


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
           include: Any = None) -> tuple[Any, Stats]:
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
    the move gets a value beside the engine's own choices."""
    if budget is None and iterations is None:
        raise ValueError("give a time budget or an iteration cap")
    exploration = EXPLORATION if exploration is None else exploration
    rollout_moves = ROLLOUT_MOVES if rollout_moves is None else rollout_moves
    greedy_moves = greedy_rollout(game, budget, iterations) if greedy is None else int(greedy)
    moves = own_moves(game, state, seat)
    stats = Stats()
    root = Node()
    bounds = [math.inf, -math.inf]  # the lowest and highest value seen: UCT works on that range
    table: dict | None = {} if mast else None  # MAST statistics per (actor, move), shared by the whole search
    if reuse:
        kept = _KEPT.pop((getattr(game, "id", ""), seat), None)
        if kept is not None and kept[0] == game.view(state, seat):  # the same information set: go on from there
            root, bounds, table = kept[1], kept[2], (kept[3] if mast else None)
            stats.reused = sum(k.n for key, k in root.kids.items() if key[0] == seat)
    forced = moves[0] if len(moves) == 1 else None
    extra: tuple = ()
    if forced is None:
        if seat not in game.actors(state):
            raise ValueError(f"seat {seat} is not to act now")
        probe = random.Random()
        probe.setstate(rng.getstate())  # (a look at the macro decisions leaves the search's draws as they were)
        macros = game.search_moves(game.determinize(state, seat, probe), seat)
        if macros is not None and include is not None and include not in {_first(m) for m in macros}:
            extra = ((include,),)  # the move played, as a macro of its own
        if macros is not None and len({_first(m) for m in macros}) == 1 and include is None:
            forced = _first(macros[0])  # one decision on offer (Himalaya's events): nothing to weigh
    if forced is not None:
        if reuse and root.kids:
            _keep(game, state, seat, forced, root, bounds, table)
        return forced, stats
    cap = iterations if iterations is not None else 1 << 62
    if crn and macros is None:  # (a macro's worth shows only with the rest of it: as widening, not there)
        return _halving(game, state, seat, rng, moves, budget, cap, exploration, rollout_moves, bounds, table,
                        greedy_moves, root, stats)
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
        if searched % 32 == 0:  # stop when the leader cannot be caught any more
            left = cap - it
            if budget is not None:
                left = min(left, int(it * (deadline - now) / max(now - start, 1e-9)) + 1)
            visits = sorted(_root_stats(root, seat)[0].values(), reverse=True)
            if len(visits) >= 2 and visits[0] - visits[1] > left:
                break
    stats.iterations = it
    stats.seconds = time.perf_counter() - start
    best_move, best = None, (-1, -1.0)
    visits, values = _root_stats(root, seat)
    for m in moves:
        n = visits.get(m, 0)
        mean = values.get(m, 0.0) / n if n else 0.0
        stats.root.append((m, n, mean))
        if n and (n, mean) > best:
            best_move, best = m, (n, mean)
    if best_move is None:
        best_move = moves[rng.randrange(len(moves))]
    if reuse:
        _keep(game, state, seat, best_move, root, bounds, table)
    return best_move, stats


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


_KEPT: dict = {}  # (game id, seat) -> (the seat's view after its move, the tree below it, bounds, MAST table)


def _keep(game: Game, state: Any, seat: Seat, move: Any, root: Node, bounds: list[float], table: dict | None) -> None:
    """Tree reuse: keep the statistics of the root's macro decisions that begin with `move`, as the rest
    of each, for the seat's next search (it starts from them if the seat's view then is the one
    predicted here: nothing happened in between). The view is worked out on a sampled state, never
    on the true one."""
    below = Node()
    for (actor, m, nth), k in root.kids.items():
        if actor == seat and nth == -1 and type(m) is tuple and len(m) > 1 and m[0] == move:
            below.kids[(actor, m[1:], -1)] = k  # a macro begun with `move`: the rest of it goes on
    if not below.kids:
        return
    after = game.apply(game.determinize(state, seat, random.Random(0)), seat, move)
    actors = game.actors(after)
    if seat not in actors or CHANCE in actors:
        return
    for key, k in root.kids.items():
        if key[0] != seat:  # the other seats' statistics of a simultaneous step stay at its root
            below.kids[key] = k
    _KEPT[(getattr(game, "id", ""), seat)] = (game.view(after, seat), below, bounds, table)
