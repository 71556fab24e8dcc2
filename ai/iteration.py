"""One iteration of `ai.ismcts` (SO-ISMCTS): draw a state the searcher cannot tell from the true one,
walk down the tree and open one edge (selection and expansion), finish the step in play and a few
moves (the rollout), and back each seat's value up the path. The module docstring of `ai.ismcts`
says how each part behaves; MAST and the greedy rollout moves are chosen here too."""

from __future__ import annotations

import math
from typing import Any

from games.protocol import CHANCE, Game, Seat, sample_chance

from .simple import value, win_shares
from .tree import LOG, Node, play

MAX_ROLLOUT_STEPS = 400  # chance steps included; a safety net for games with long chance chains
WIDEN_FROM = 12  # progressive widening at a root with more moves than this
WIDEN_BASE = 5  # root moves open from the start (in the prior's order)
WIDEN_SCALE = 0.5  # ... plus this times the square root of the iterations so far
MAST_EPSILON = 0.1  # with MAST, the share of expansions that still pick an untried move at random
GREEDY_EPSILON = 0.1  # share of greedy rollout moves played at random
GREEDY_CANDIDATES = 8  # legal moves a greedy rollout move weighs at most (a random sample of a wide turn)


def iterate(game: Game, root: Node, state: Any, seat: Seat, rng: Any,
            c: float, rollout_moves: int, bounds: list[float], open_moves: dict[Any, int] | None = None,
            opened: int = 0, widen_all: bool = False, mast: dict | None = None, greedy_moves: int = 0,
            crng: Any = None, include: tuple = ()) -> float:
    """One iteration. `open_moves` (progressive widening): each root move's place in the prior's order;
    only the searcher's root moves placed below `opened` may be chosen. `widen_all`: below the root
    too, a node with many moves opens a new (random) one only as its visits grow. `mast`: the search's
    MAST table ((seat, move) -> [visits, summed value], seat -> the same over all its moves), read when
    a node opens an untried move and updated in the back-up; None turns MAST off. `greedy_moves`: the
    rollout's first seat moves chosen greedily (`greedy_step`) before `rollout_moves` random ones.
    `crng`: where the sampled state and the chance come from (common random numbers, halving; else
    `rng`, which always makes the search's own choices). `include`: macro decisions the searcher's root
    offers beside the game's own (`search(..., include=move)`). Returns the searcher's value of the iteration."""
    crng = crng or rng
    d = game.determinize(state, seat, crng)
    d, path, moved_keys, block = _descend(game, root, d, seat, rng, crng, c, bounds, open_moves, opened,
                                          widen_all, mast, include)
    d = _rollout(game, d, seat, path, block, rng, crng, greedy_moves, rollout_moves)
    reward = _reward(game, d, path)
    _back_up(root, path, reward, bounds)
    if mast is not None:
        _learn(mast, moved_keys, reward)
    return reward.get(seat, 0.0)


def _descend(game: Game, root: Node, d: Any, seat: Seat, rng: Any, crng: Any, c: float, bounds: list[float],
             open_moves: dict[Any, int] | None, opened: int, widen_all: bool, mast: dict | None,
             include: tuple) -> tuple[Any, list[tuple[Node, Seat]], list[tuple[Seat, Any]], frozenset | None]:
    """Selection and expansion from the sampled state `d`: (the state reached, the path of (edge, the seat
    that chose it), the (seat, move)s along it for MAST, who still has to move in the secret simultaneous
    step the walk stopped in or None)."""
    actors_of, legal, apply, chance, visible_to = game.actors, game.legal_moves, game.apply, game.chance, game.visible_to
    macros = game.search_moves
    node = root
    path: list[tuple[Node, Seat]] = []
    block: frozenset | None = None  # who still has to move in the secret simultaneous step we are in
    block_node: Node | None = None  # where that step began: the other seats choose with its statistics
    made: dict[Seat, int] = {}  # moves each seat made in that step (an opponent's 1st, 2nd... choice)
    expanded = False
    moved_keys: list[tuple[Seat, Any]] = []  # (actor, move) along the path, for MAST
    lo = bounds[0]
    scale = 1.0 / (bounds[1] - lo) if bounds[1] > lo else 1.0
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
        shut = open_moves if (open_moves is not None and sel is root and actor == seat) else None
        key, best, expanded = _edge(sel, moves, actor, nth, shut, opened, lo, scale, c, widen_all, mast, rng)
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
        d = play(game, d, actor, move)
    return d, path, moved_keys, block


def _edge(sel: Node, moves: Any, actor: Seat, nth: int, shut: dict[Any, int] | None, opened: int, lo: float,
          scale: float, c: float, widen_all: bool, mast: dict | None, rng: Any) -> tuple[Any, Node, bool]:
    """The edge `actor` takes at `sel`: (its key, its node, whether it was opened now). UCT on the range
    seen (availability counts for the parent's visits) among tried edges, else an untried one (MAST's best
    or at random). `shut` (widening at the root): each move's place in the prior's order; only places
    below `opened` are open. `widen_all`: a node with many moves opens another only as its visits grow."""
    sqrt = math.sqrt
    get = sel.kids.get
    best = None
    best_key = None
    best_score = -1.0
    untried = []
    for m in moves:
        if shut is not None and shut.get(m[0] if type(m) is tuple else m, 0) >= opened:
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
    if untried and widen_all and best is not None and shut is None and \
            len(untried) > WIDEN_FROM and best_score > -1.0 and \
            len(kids) >= WIDEN_BASE + int(WIDEN_SCALE * math.sqrt(sel.n)):
        untried = []  # progressive widening: enough moves open here (in any sampled world) for its visits
    if not untried:
        if best is None:
            raise ValueError("a node searched with no move to take")
        return best_key, best, False
    if mast is None or len(untried) == 1 or rng.random() < MAST_EPSILON:
        key = untried[rng.randrange(len(untried))]
    else:
        key = best_by_mast(mast, actor, untried, rng)
    node = kids.get(key)
    if node is None:
        node = kids[key] = Node()
    return key, node, True


def _rollout(game: Game, d: Any, seat: Seat, path: list[tuple[Node, Seat]], block: frozenset | None, rng: Any,
             crng: Any, greedy_moves: int, rollout_moves: int) -> Any:
    """Let the other seats finish the secret step, then the game's playout or a few (greedy, then
    random) moves; returns the state to judge."""
    actors_of, legal, apply, chance, policy = game.actors, game.legal_moves, game.apply, game.chance, game.playout
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
            d = play(game, d, actor, macro)
            continue
        if block is None:
            if macro is not None or moved >= greedy_moves + rollout_moves:
                break  # the game says judge here (), or the default rollout is done
            moved += 1
            if moved <= greedy_moves:
                d = greedy_step(game, d, actor, rng)
                continue
        moves = legal(d, actor)
        d = apply(d, actor, moves[rng.randrange(len(moves))])
    return d


def _reward(game: Game, d: Any, path: list[tuple[Node, Seat]]) -> dict[Seat, float]:
    """Each seat's value of the state reached: the win shares if the game ended, else the game's
    evaluation, asked only for the seats on the path."""
    result = game.result(d)
    if result is not None:
        return dict(enumerate(win_shares(result)))
    seats = sorted({actor for _, actor in path})
    return dict(zip(seats, game.evaluations(d, seats), strict=True))


def _back_up(root: Node, path: list[tuple[Node, Seat]], reward: dict[Seat, float], bounds: list[float]) -> None:
    """Each edge of the path gets the value of the seat that chose it; `bounds` widen to the values seen."""
    root.n += 1
    for k, actor in path:
        r = reward[actor]
        k.n += 1
        k.w += r
        if r < bounds[0]:
            bounds[0] = r
        if r > bounds[1]:
            bounds[1] = r


def _learn(mast: dict, moved_keys: list[tuple[Seat, Any]], reward: dict[Seat, float]) -> None:
    """MAST: each (seat, move) played along the path, and the seat's mean over all its moves, take the value."""
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


def greedy_step(game: Game, d: Any, actor: Seat, rng: Any) -> Any:
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


def best_by_mast(mast: dict, actor: Seat, untried: list, rng: Any) -> Any:
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
