"""For the AI: determinize (what a seat cannot know) and a cheap heuristic.

Every collect, delivery, roll and draw is in the public log, so screens and bags are derivable; the only
true secret is the other players' programmed discs during planning. determinize redraws those: mostly
as the start of one of the good programs `programs` finds for that player (what a sensible player
would have programmed), sometimes uniformly at random.

The search hooks at the end (`search_moves`, `playout`, exposed on the Game class) let ai.ismcts
treat the rest of a program as one decision and play each sampled round out before judging it."""

from __future__ import annotations

import math
from operator import itemgetter

from msgspec.structs import replace

from . import execution, legal, rules
from .content import (
    COMMANDS, DISTANCE, LEVEL, PAUSE, REGIONS, REQUEST, RESOURCES, SLOTS, TOUCHES, TRADE, VILLAGES, YAKS, YAKS_PER_TOKEN,
)
from .moves import Fulfil, PassEvent, PlanSlot
from .scoring import majorities
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
            options = COMMANDS
            if len(new) == SLOTS - 1 and s.snowstorm:
                options = tuple(c for c in COMMANDS if not rules.ends_on_storm(s, i, new + (c,)))
            new += (options[rng.randrange(len(options))],)
        plans[i] = new
    return replace(s, plans=tuple(plans))


_cube_values: dict = {}


def _cube_value(cubes) -> float:
    """What held cubes are worth to the heuristic (worked out once per holding)."""
    value = _cube_values.get(cubes)
    if value is None:
        if len(_cube_values) > 50000:
            _cube_values.clear()
        value = _cube_values[cubes] = sum(c * (0.5 + 0.25 * (k + 1)) for k, c in enumerate(cubes))
    return value


# The planning walks (`programs`, `plan_value`) carry a caravan's cubes packed into one int, 8 bits a
# kind (salt lowest), and the villages collected or fulfilled this round as bit masks (bit v: village
# v): their many states are then cheap to copy, compare and hash. Whether packed cubes cover a packed
# request is one subtraction: every kind's field, lifted by its guard bit 0x80, keeps that bit set
# exactly when it holds enough (fields stay below 0x80: the game has at most 18 cubes of a kind).
_GUARD = sum(0x80 << (8 * k) for k in range(len(RESOURCES)))


def _pack(cubes) -> int:
    """Cubes per kind (salt, barley, tea, jade, gold) as one int, 8 bits a kind."""
    return sum(c << (8 * k) for k, c in enumerate(cubes))


def _mask(villages) -> int:
    """Villages as a bit mask (bit v: village v)."""
    out = 0
    for v in villages:
        out |= 1 << v
    return out


_PACKED_REQUEST = {ring: _pack(req) for ring, req in REQUEST.items()}
_ORDER = {ring: (req, sum(req), 2 + YAKS[ring]) for ring, req in REQUEST.items()}  # see _Board.orders
_COLLECT_VALUE = tuple(0.5 + 0.25 * (k + 1) for k in range(len(RESOURCES)))  # a cube of kind k collected


class _Cheapest(dict):
    """A village's cubes -> the kind of its cheapest cube (-1: none), worked out when first met."""

    def __missing__(self, cubes: tuple) -> int:
        kind = self[cubes] = next((k for k, c in enumerate(cubes) if c), -1)
        return kind


_CHEAPEST = _Cheapest()


class _Board:
    """What a trade is worth in each village of one board (its cubes and rings), worked out once per
    board for the search's many evaluations: village v at index v."""

    __slots__ = ("kind", "unit", "collect", "request", "fulfil", "orders", "progress", "near")

    def __init__(self, board_cubes, board_rings) -> None:
        self.kind = [-1] * (len(VILLAGES) + 1)  # the kind of the village's cheapest cube (-1: none there)
        self.unit = [0] * (len(VILLAGES) + 1)  # ... that cube packed (see _pack)
        self.collect = [0.0] * (len(VILLAGES) + 1)  # collecting the village's cheapest cube (0: none there)
        self.request: list = [None] * (len(VILLAGES) + 1)  # the packed order a trade may fulfil there (None: none)
        self.fulfil = [0.0] * (len(VILLAGES) + 1)  # ... and what fulfilling it is worth
        self.orders = []  # every ring on the board: (request, cubes it asks, 2 + yaks) for _order_progress
        self.progress: dict = {}  # _order_progress per holding of cubes, as asked
        self.near: list = [None] * (len(VILLAGES) + 1)  # for _opportunity, made when first asked (near_from)
        for v, bc, ring in zip(VILLAGES, board_cubes, board_rings):
            k = _CHEAPEST[bc]
            if k >= 0:
                self.kind[v], self.unit[v], self.collect[v] = k, 1 << (8 * k), _COLLECT_VALUE[k]
            elif ring:
                self.request[v], self.fulfil[v] = _PACKED_REQUEST[ring], 3 + YAKS[ring]
            if ring:
                self.orders.append(_ORDER[ring])

    def near_from(self, v: int) -> tuple:
        """For _opportunity: the villages offering a trade, nearest to v first, as (distance, the most
        any trade that far can be worth, village, this one's worth that far, its packed request or
        None for a cube to collect)."""
        kind, collect, request, fulfil = self.kind, self.collect, self.request, self.fulfil
        near = self.near[v] = tuple([
            (d, bound, u, (collect[u] if kind[u] >= 0 else fulfil[u]) * decay, request[u])
            for d, bound, u, decay in _REACH[v] if kind[u] >= 0 or request[u] is not None
        ])
        return near


_boards: dict = {}
_last_board: list = [None, None, None]  # the board asked for last: (board_cubes, board_rings, _Board)


def _board(s: HimalayaState) -> _Board:
    last = _last_board
    if s.board_cubes is last[0] and s.board_rings is last[1]:
        return last[2]
    key = (s.board_cubes, s.board_rings)
    b = _boards.get(key)
    if b is None:
        if len(_boards) > 5000:
            _boards.clear()
        b = _boards[key] = _Board(*key)
    last[0], last[1], last[2] = s.board_cubes, s.board_rings, b
    return b


def _order_progress(board: _Board, cubes) -> float:
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


_religions_of: dict = {}
_majorities_of: dict = {}
_yaks_of: dict = {}


def _religions(s: HimalayaState) -> list[int]:
    """Every seat's religious influence R (scoring.religious), worked out once per stupa layout."""
    key = (s.board_stupas, s.n)
    rel = _religions_of.get(key)
    if rel is None:
        if len(_religions_of) > 5000:
            _religions_of.clear()
        rel = _religions_of[key] = [0] * s.n
        for v, owner in enumerate(s.board_stupas):
            if owner >= 0:
                rel[owner] += LEVEL[v + 1]
    return rel


def _majorities(s: HimalayaState) -> dict[int, int]:
    """Every seat's political influence P (scoring.majorities), worked out once per delegate layout."""
    pol = _majorities_of.get(s.board_delegates)
    if pol is None:
        if len(_majorities_of) > 5000:
            _majorities_of.clear()
        pol = _majorities_of[s.board_delegates] = majorities(s.board_delegates, range(s.n))
    return pol


def _economic(p) -> int:
    """A player's economic influence E (scoring.economic): yaks on kept rings, 3 per token."""
    yaks = _yaks_of.get(p.rings)
    if yaks is None:
        yaks = _yaks_of[p.rings] = sum(YAKS[r] for r in p.rings)
    return yaks + YAKS_PER_TOKEN * p.tokens


def strength(p, rel: int, pol: int, board: _Board) -> float:
    """A player's standing: influences E, R and P, delegates placed, cubes held and how close they
    come to an order (`rel`, `pol`: the player's R and P)."""
    placed = 15 - p.delegates
    return (
        _economic(p) + 1.5 * rel + 2.5 * pol + 0.2 * placed
        + _cube_value(p.cubes) + 0.3 * _order_progress(board, p.cubes)
    )


NEAR = {v: tuple(sorted((d, u) for u, d in DISTANCE[v].items())) for v in VILLAGES}  # nearest first
DECAY = tuple(0.8**d for d in range(len(VILLAGES) + 1))  # a trade d steps away counts this much
TOP_VALUE = 3.0 + max(YAKS.values())  # the most a single trade can be worth


def _opportunity(board: _Board, v: int, cubes: int, collected: int, done: int, left: int) -> float:
    """The best trade still reachable with `left` discs, discounted by distance (cubes packed,
    collected and done as village masks)."""
    best = 0.0
    for d, bound, u, value, req in board.near[v] or board.near_from(v):
        if d >= left or bound <= best:
            break  # farther villages are out of reach or cannot beat the best found
        if req is None:
            if collected >> u & 1:
                continue
        elif done >> u & 1 or ((cubes | _GUARD) - req) & _GUARD != _GUARD:
            continue
        if value > best:
            best = value
    return best


_REACH = {v: tuple((d, TOP_VALUE * DECAY[d], u, DECAY[d]) for d, u in NEAR[v]) for v in VILLAGES}


def remaining_program(s: HimalayaState, seat: int) -> tuple[tuple[str, ...], int]:
    """The seat's discs not yet executed, and how many slots are still unprogrammed."""
    plan = s.plans[seat] if s.plans else ()
    if s.phase == PLANNING:
        return plan, SLOTS - len(plan)
    if s.phase == EXECUTION:
        seq = rules.clockwise(s)
        done = s.slot + (1 if seq.index(seat) < s.turn else 0)  # a pending trade of the seat still counts
        return plan[done:], 0
    return (), 0


def plan_value(s: HimalayaState, seat: int) -> float:
    """What the seat's program still to run is likely to gain, ignoring the other caravans."""
    p = s.players[seat]
    plan, left = remaining_program(s, seat)
    board = _board(s)
    v, c = p.village, p.crossing
    cubes, collected, done, gain = _pack(p.cubes), _mask(p.collected), 0, 0.0
    for cmd in plan:
        if cmd == TRADE:
            if not c:
                cubes, collected, done, g = _trade(board, v, cubes, collected, done)
                gain += g
        else:
            v, c = rules.step(v, c, cmd, s.yeti, s.snowstorm)
    if left and not c:
        gain += _opportunity(board, v, cubes, collected, done, left)
    return gain


def heuristic(s: HimalayaState, seat: int) -> float:
    return heuristics(s, [seat])[0]


def heuristics(s: HimalayaState, seats: list[int]) -> list[float]:
    """`heuristic` of each of `seats`, every seat's standing computed once."""
    if not s.order:
        return [0.5] * len(seats)
    n = s.n
    pol = _majorities(s)
    rel = _religions(s)
    board = _board(s)
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


# --- search hooks (optional, found by ai/ with getattr) ------------------------------------------
# A program is the value of six discs only at execution, so the search treats the rest of a program as
# one macro decision among a few good ones, and its playouts run the round to its end with sensible
# choices. Programs are judged by `plan_value`'s reading of one caravan (the others are ignored), which
# depends only on public facts and the seat's own plan, so every seat's candidates can be computed
# from any determinization.

PROGRAMS = 6  # candidate programs per decision
BEAM = 16
_cache: dict = {}


def _trade(board: _Board, v: int, cubes: int, collected: int, done: int):
    """One TRADE disc in village v along a planned route: (cubes, collected, done, gain), the cubes
    packed and the villages collected and fulfilled as masks."""
    if board.kind[v] >= 0:
        if not collected >> v & 1:
            return cubes + board.unit[v], collected | 1 << v, done, board.collect[v]
        return cubes, collected, done, 0.0
    req = board.request[v]
    if req is not None and not done >> v & 1 and ((cubes | _GUARD) - req) & _GUARD == _GUARD:
        return cubes - req, collected, done | 1 << v, board.fulfil[v]
    return cubes, collected, done, 0.0


_step_tables: dict = {}


def _discs_from(v: int, c: int, yeti: int, storm: int, last: bool) -> tuple:
    """The discs `programs` tries from village v (crossing c), in COMMANDS order, as (command, is
    it TRADE, village after, crossing after, the place after packed as its beam key part): a trade
    only off the storm, no disc without effect (a pause says the same), and for the `last` disc
    none that ends on the storm. Kept in the table of these event figures (_disc_tables)."""
    out = []
    for cmd in COMMANDS:
        if cmd == TRADE:
            if not c:
                out.append((cmd, True, v, 0, v))
            continue
        nv, ncr = rules.step(v, c, cmd, yeti, storm)
        if cmd != PAUSE and (nv, ncr) == (v, c):
            continue
        if last and ncr:
            continue
        out.append((cmd, False, nv, ncr, nv | ncr << 5))
    out = _disc_tables(yeti, storm)[last][v << 5 | c] = tuple(out)
    return out


def _disc_tables(yeti: int, storm: int) -> tuple[list, list]:
    """Per event figures, for any disc and for the last one: `_discs_from` of each place at index
    village * 32 + crossing (None until asked)."""
    tables = _step_tables.get((yeti, storm))
    if tables is None:
        tables = _step_tables[(yeti, storm)] = ([None] * (32 * 32), [None] * (32 * 32))
    return tables


def programs(s: HimalayaState, seat: int, prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Up to PROGRAMS good ways to finish `seat`'s program after `prefix`, best first (beam search
    on the gains of `plan_value`, the unplanned rest valued by the best trade still in reach).

    A beam state is (gain, commands, village, crossing, cubes, collected, done) with packed cubes and
    village masks; two ways to the same place, cubes and trades done are one, the better kept (the
    first on a tie). Its key packs all of that into one int: place in bits 0-9, collected from bit
    10, done from bit 31, cubes from bit 52."""
    p = s.players[seat]
    key = (prefix, p.village, p.crossing, p.cubes, p.collected, s.board_cubes, s.board_rings, s.yeti, s.snowstorm)
    hit = _cache.get(key)
    if hit is not None:
        return hit
    board = _board(s)
    kind, unit, collect, request, fulfil = board.kind, board.unit, board.collect, board.request, board.fulfil
    yeti, storm = s.yeti, s.snowstorm
    v, c = p.village, p.crossing
    cubes, collected, done, gain = _pack(p.cubes), _mask(p.collected), 0, 0.0
    for cmd in prefix:
        if cmd == TRADE:
            if not c:
                cubes, collected, done, g = _trade(board, v, cubes, collected, done)
                gain += g
        else:
            v, c = rules.step(v, c, cmd, yeti, storm)
    beam = [(gain, (), v, c, cubes, collected, done)]
    any_disc, last_disc = _disc_tables(yeti, storm)
    for depth in range(len(prefix), SLOTS):
        left = SLOTS - depth - 1
        steps = any_disc if left else last_disc
        seen: dict = {}
        get = seen.get
        for item in beam:
            gain, cmds, v, c, cubes, collected, done = item
            rest = collected << 10 | done << 31 | cubes << 52
            for cmd, trade, nv, ncr, place in steps[v << 5 | c] or _discs_from(v, c, yeti, storm, not left):
                if trade:  # as _trade does
                    if kind[v] >= 0:
                        if collected >> v & 1:
                            continue
                        nc, ncol, nd, total = cubes + unit[v], collected | 1 << v, done, gain + collect[v]
                    else:
                        req = request[v]
                        if req is None or done >> v & 1 or ((cubes | _GUARD) - req) & _GUARD != _GUARD:
                            continue
                        nc, ncol, nd, total = cubes - req, collected, done | 1 << v, gain + fulfil[v]
                    state_key = place | ncol << 10 | nd << 31 | nc << 52
                    old = get(state_key)
                    if old is None or old[0] < total:
                        seen[state_key] = (total, cmds + (cmd,), nv, ncr, nc, ncol, nd)
                else:  # a move or pause: only the place changes, the gain stays
                    state_key = place | rest
                    old = get(state_key)
                    if old is None or old[0] < gain:
                        seen[state_key] = (gain, cmds + (cmd,), nv, ncr, cubes, collected, done)
        items = list(seen.values())
        if left:
            def score(item: tuple, left: int = left) -> float:  # the gain so far and the best trade in reach
                total, _, v, c, cubes, collected, done = item
                return total + _opportunity(board, v, cubes, collected, done, left) if not c else total + 0.0
            items.sort(key=score, reverse=True)  # stable: ties keep their order
        else:
            items.sort(key=itemgetter(0), reverse=True)
        beam = items[:BEAM]
    out = [prefix + item[1] for item in beam[:PROGRAMS]] or [prefix + ("pause",) * (SLOTS - len(prefix))]
    if len(_cache) > 20000:
        _cache.clear()
    _cache[key] = out
    return out


_disc_moves: dict = {}


def _discs(commands: tuple[str, ...]) -> tuple:
    """The PlanSlot moves that program `commands` (made once per command sequence)."""
    moves = _disc_moves.get(commands)
    if moves is None:
        moves = _disc_moves[commands] = tuple(PlanSlot(command=c) for c in commands)
    return moves


_macros: dict = {}  # id of an answer of `programs` -> (that answer, the rest of each program as PlanSlot moves)


def search_moves(s: HimalayaState, seat: int):
    """Macro decisions for the search: while planning, the rest of a few good programs, each a
    tuple of PlanSlot moves; None elsewhere (the legal moves)."""
    if s.phase == PLANNING:
        plan = s.plans[seat]
        progs = programs(s, seat, plan)  # (the same list while cached; kept alive here, so its id is its own)
        hit = _macros.get(id(progs))
        if hit is None or hit[0] is not progs:
            if len(_macros) > 20000:
                _macros.clear()
            hit = _macros[id(progs)] = (progs, [_discs(prog[len(plan):]) for prog in progs])
        return list(hit[1])
    if s.phase == EVENTS:  # a figure's worth is beyond a short search: the search keeps them
        return [(PassEvent(),)]
    if s.phase == EXECUTION and s.pending.kind == "fulfil":
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
    if s.pending.kind == "collect":
        return (legal.collect_choices(s)[-1],)
    return (max(_fulfil_options(s, seat), key=lambda m: heuristic(execution.fulfil(s, m), seat)),)


def _fulfil_options(s: HimalayaState, seat: int) -> list:
    """The reward pairs worth weighing: trade, trade + offering, offering + delegation and trade +
    delegation, the delegates all into the region where they help most."""
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
