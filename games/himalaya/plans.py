"""What a program is worth to the AI, for ai.py: the trades of a board (`Board`, worked out once per
board), the walk along a seat's program still to run (`plan_value`) and a beam search for good
programs (`programs`). These walks follow one caravan on the public board (the other caravans are
ignored), so every seat's values can be worked out from any determinization; the search asks for
them thousands of times a move, hence the packed states and the caches."""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

from . import rules
from .content import COMMANDS, DISTANCE, PAUSE, REQUEST, RESOURCES, SLOTS, TRADE, VILLAGES, YAKS
from .state import EXECUTION, PLANNING, HimalayaState

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
_ORDER = {ring: (req, sum(req), 2 + YAKS[ring]) for ring, req in REQUEST.items()}  # see Board.orders
_COLLECT_VALUE = tuple(0.5 + 0.25 * (k + 1) for k in range(len(RESOURCES)))  # a cube of kind k collected


@lru_cache(maxsize=1024)
def _cheapest(cubes: tuple) -> int:
    """A village's cubes -> the kind of its cheapest cube (-1: none)."""
    return next((k for k, c in enumerate(cubes) if c), -1)


class Board:
    """What a trade is worth in each village of one board (its cubes and rings), worked out once per
    board for the search's many evaluations: village v at index v."""

    __slots__ = ("collect", "fulfil", "kind", "near", "orders", "progress", "request", "unit")

    def __init__(self, board_cubes, board_rings) -> None:
        self.kind = [-1] * (len(VILLAGES) + 1)  # the kind of the village's cheapest cube (-1: none there)
        self.unit = [0] * (len(VILLAGES) + 1)  # ... that cube packed (see _pack)
        self.collect = [0.0] * (len(VILLAGES) + 1)  # collecting the village's cheapest cube (0: none there)
        self.request: list = [None] * (len(VILLAGES) + 1)  # the packed order a trade may fulfil there (None: none)
        self.fulfil = [0.0] * (len(VILLAGES) + 1)  # ... and what fulfilling it is worth
        self.orders = []  # every ring on the board: (request, cubes it asks, 2 + yaks) for ai._order_progress
        self.progress: dict = {}  # ai._order_progress per holding of cubes, as asked
        self.near: list = [None] * (len(VILLAGES) + 1)  # for _opportunity, made when first asked (near_from)
        for v, bc, ring in zip(VILLAGES, board_cubes, board_rings, strict=True):
            k = _cheapest(bc)
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


def board_of(s: HimalayaState) -> Board:
    """The Board of the state's board (one per board's cubes and rings, kept for the next asks)."""
    return _board(s.board_cubes, s.board_rings)


@lru_cache(maxsize=5000)
def _board(board_cubes: tuple, board_rings: tuple) -> Board:
    return Board(board_cubes, board_rings)


NEAR = {v: tuple(sorted((d, u) for u, d in DISTANCE[v].items())) for v in VILLAGES}  # nearest first
DECAY = tuple(0.8**d for d in range(len(VILLAGES) + 1))  # a trade d steps away counts this much
TOP_VALUE = 3.0 + max(YAKS.values())  # the most a single trade can be worth


def _opportunity(board: Board, v: int, cubes: int, collected: int, done: int, left: int) -> float:
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
    board = board_of(s)
    v, c, cubes, collected, done, gain = _walk(s, board, p, plan)
    if left and not c:
        gain += _opportunity(board, v, cubes, collected, done, left)
    return gain


PROGRAMS = 6  # candidate programs per decision
BEAM = 16


def _trade(board: Board, v: int, cubes: int, collected: int, done: int):
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


def _walk(s: HimalayaState, board: Board, p, commands: tuple[str, ...]) -> tuple:
    """The caravan of player `p` along `commands` (moves and trades, the other caravans ignored):
    (village, crossing, cubes packed, collected mask, done mask, gain of its trades)."""
    return _walk_from(board, p.village, p.crossing, p.cubes, p.collected, s.yeti, s.snowstorm, commands)


def _walk_from(board: Board, v: int, c: int, cubes, collected, yeti: int, storm: int, commands: tuple[str, ...]):
    """`_walk` from village v (crossing c) with these cubes and villages collected, the Yeti and the
    Snowstorm where they stand."""
    cubes, collected, done, gain = _pack(cubes), _mask(collected), 0, 0.0
    for cmd in commands:
        if cmd == TRADE:
            if not c:
                cubes, collected, done, g = _trade(board, v, cubes, collected, done)
                gain += g
        else:
            v, c = rules.step(v, c, cmd, yeti, storm)
    return v, c, cubes, collected, done, gain


@cache  # at most 21 villages x 21 crossings x 2 for each place of the two figures
def _discs_from(v: int, c: int, yeti: int, storm: int, last: bool) -> tuple:
    """The discs `programs` tries from village v (crossing c), in COMMANDS order, as (command, is
    it TRADE, village after, crossing after, the place after packed as its beam key part): a trade
    only off the storm, no disc without effect (a pause says the same), and for the `last` disc
    none that ends on the storm."""
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
    return tuple(out)


def programs(s: HimalayaState, seat: int, prefix: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Up to PROGRAMS good ways to finish `seat`'s program after `prefix`, best first (beam search
    on the gains of `plan_value`, the unplanned rest valued by the best trade still in reach).

    A beam state is (gain, commands, village, crossing, cubes, collected, done) with packed cubes and
    village masks; two ways to the same place, cubes and trades done are one, the better kept (the
    first on a tie). Its key packs all of that into one int: place in bits 0-9, collected from bit
    10, done from bit 31, cubes from bit 52."""
    return programs_of(program_facts(s, seat, prefix))


def program_facts(s: HimalayaState, seat: int, prefix: tuple[str, ...]) -> tuple:
    """All that `programs` reads of the state, as one hashable value: its memo key."""
    p = s.players[seat]
    return (prefix, p.village, p.crossing, p.cubes, p.collected, s.board_cubes, s.board_rings, s.yeti, s.snowstorm)


@lru_cache(maxsize=20000)
def programs_of(facts: tuple) -> list[tuple[str, ...]]:
    """`programs` from its `program_facts` (the same list for the same facts: never change it)."""
    prefix, village, crossing, held, collected, board_cubes, board_rings, yeti, storm = facts
    board = _board(board_cubes, board_rings)
    kind, unit, collect, request, fulfil = board.kind, board.unit, board.collect, board.request, board.fulfil
    v, c, cubes, collected, done, gain = _walk_from(board, village, crossing, held, collected, yeti, storm, prefix)
    beam = [(gain, (), v, c, cubes, collected, done)]
    for depth in range(len(prefix), SLOTS):
        left = SLOTS - depth - 1
        last = not left
        seen: dict = {}
        get = seen.get
        for item in beam:
            gain, cmds, v, c, cubes, collected, done = item
            rest = collected << 10 | done << 31 | cubes << 52
            for cmd, trade, nv, ncr, place in _discs_from(v, c, yeti, storm, last):
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
    return [prefix + item[1] for item in beam[:PROGRAMS]] or [prefix + ("pause",) * (SLOTS - len(prefix))]
