"""Every legal move of a seat now (and only those), the reasons a move is refused, and what a seat
that ran out of time plays (the rulebook's default)."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from games.protocol import CHANCE

from . import execution, turn
from .content import COMMANDS, MARKET, MONASTERY, PATH_NUMBERS, RESOURCES, SLOTS, SNOWSTORM, TOUCHES, VILLAGES, YETI
from .moves import FIGURE_MOVE, Collect, Decline, Fulfil, PassEvent, PlaceCaravan, PlanSlot
from .paths import ends_on_storm
from .state import EVENTS, EXECUTION, PLACEMENT, PLANNING, RENEWAL, SEATING, SETUP, HimalayaState

_PLAN_MOVES = [PlanSlot(command=c) for c in COMMANDS]


def legal_moves(s: HimalayaState, seat: int) -> list:
    if seat == CHANCE:
        if s.phase in (SEATING, SETUP, RENEWAL):
            return list(turn.chance(s).outcomes)
        return []
    ph = s.phase
    if ph == PLANNING:
        plan = s.plans[seat]
        if len(plan) >= SLOTS:
            return []
        if len(plan) == SLOTS - 1 and s.snowstorm:
            return [m for m in _PLAN_MOVES if not ends_on_storm(s, seat, plan + (m.command,))]
        return list(_PLAN_MOVES)
    if seat not in turn.actors(s):
        return []
    if ph == EXECUTION:
        return pending_choices(s)
    if ph == EVENTS:
        return [PassEvent()] + [FIGURE_MOVE[f](w) for f, w in event_placements(s, seat)]
    if ph == PLACEMENT:
        return [PlaceCaravan(village=v) for v in free_villages_for_caravan(s)]
    return []


def free_villages_for_caravan(s: HimalayaState) -> list[int]:
    taken = {p.village for p in s.players}
    return [v for v in VILLAGES if v not in taken]


def event_placements(s: HimalayaState, seat: int) -> list[tuple[str, int]]:
    """(figure, path or village) for every figure `seat` may place now; empty: only passing."""
    out: list[tuple[str, int]] = []
    unused = s.players[seat].figures
    free_paths = [n for n in PATH_NUMBERS if n != s.yeti and n != s.snowstorm]
    if YETI in unused and not s.yeti:
        out += [(YETI, n) for n in free_paths]
    if SNOWSTORM in unused and not s.snowstorm:
        out += [(SNOWSTORM, n) for n in free_paths]
    if MARKET in unused and not s.market:
        out += [(MARKET, v) for v in VILLAGES if any(s.board_cubes[v - 1])]
    return out


_COLLECTS = tuple(Collect(resource=r) for r in RESOURCES)


def collect_choices(s: HimalayaState) -> list[Collect]:
    """7.4.4: the lowest-valued cube present; any cube on a Market."""
    assert s.pending is not None  # asked only while the execution asks for a choice (as below)
    v = s.pending.village
    cubes = s.board_cubes[v - 1]
    if s.market != v:
        for k, c in enumerate(cubes):
            if c:
                return [_COLLECTS[k]]
        return []
    return [_COLLECTS[k] for k, c in enumerate(cubes) if c]


_SPLITS: dict[tuple[int, int], list[tuple[str, ...]]] = {
    (v, c): list(combinations_with_replacement(TOUCHES[v], c)) for v in VILLAGES for c in range(MONASTERY + 1)
}


def fulfil_choices(s: HimalayaState) -> list[Fulfil]:
    """Up to two different rewards; offering needs a free village and a stupa, delegation a delegate."""
    assert s.pending is not None
    seat, v = s.pending.seat, s.pending.village
    offering_ok = s.board_stupas[v - 1] < 0 and s.players[seat].stupas > 0
    return list(_fulfils(v, execution.delegates_to_send(s, seat, v), offering_ok))


@cache  # at most 20 villages x 4 delegate counts x 2
def _fulfils(v: int, count: int, offering_ok: bool) -> tuple[Fulfil, ...]:
    """The fulfil choices in village v, sending `count` delegates, an offering possible or not."""
    splits = _SPLITS[(v, count)] if count else []
    out = [Fulfil(), Fulfil(trade=True)]
    if offering_ok:
        out += [Fulfil(offering=True), Fulfil(trade=True, offering=True)]
        out += [Fulfil(offering=True, delegates=d) for d in splits]
    out += [Fulfil(delegates=d) for d in splits]
    out += [Fulfil(trade=True, delegates=d) for d in splits]
    return tuple(out)


def pending_choices(s: HimalayaState) -> list:
    assert s.pending is not None
    if s.pending.kind == "collect":
        return [*collect_choices(s), Decline()]
    return [*fulfil_choices(s), Decline()]


# --- why a move is refused --------------------------------------------------------------------------
def why_not_fulfil(s: HimalayaState, move) -> str:
    assert s.pending is not None
    seat, v = s.pending.seat, s.pending.village
    if move.trade + move.offering + bool(move.delegates) > 2:
        return "choose at most two different rewards"
    if move.offering and s.board_stupas[v - 1] >= 0:
        return f"village {v} already holds a stupa"
    if move.offering and not s.players[seat].stupas:
        return "you have no stupa left"
    if move.delegates:
        count = execution.delegates_to_send(s, seat, v)
        if any(r not in TOUCHES[v] for r in move.delegates):
            return f"village {v} touches only regions {', '.join(TOUCHES[v])}"
        if len(move.delegates) != count:
            return f"a delegation from village {v} sends exactly {count} delegate(s)"
    return "that reward choice is not possible here"


def why_not_event(s: HimalayaState, seat: int, figure: str, where: int) -> str:
    if figure not in s.players[seat].figures:
        return f"you have used your {figure} figure already"
    if getattr(s, figure):
        return f"a {figure} figure is already placed this round"
    if figure == MARKET:
        return f"a Market goes on a village that offers resources; village {where} does not"
    if where not in PATH_NUMBERS:
        return f"paths are numbered {PATH_NUMBERS[0]}-{PATH_NUMBERS[-1]}"
    return f"path {where} already carries an event figure"


# --- what a seat that ran out of time plays ------------------------------------------------------
def timeout_move(s: HimalayaState, seat: int):
    """The service default when `seat` runs out of time (7.3 / 7.4.4 [F]): an empty disc is a
    pause, collect the lowest cube, fulfil with trade + offering (else trade + delegation, else
    trade), delegates into the alphabetically first region, no event figure. None: nothing due."""
    moves = legal_moves(s, seat)
    if s.phase == PLANNING and len(s.plans[seat]) < SLOTS:  # an empty slot is a pause, even one that ends on the storm (apply_timeout)
        return PlanSlot("pause")
    if not moves:
        return None
    if s.phase == EXECUTION:
        assert s.pending is not None
        if s.pending.kind == "collect":
            return collect_choices(s)[0]  # the lowest-valued cube, also on a Market
        fulfils = [m for m in moves if isinstance(m, Fulfil)]
        for want in (lambda m: m.trade and m.offering, lambda m: m.trade and m.delegates, lambda m: m.trade):
            pick = [m for m in fulfils if want(m)]
            if pick:
                return min(pick, key=lambda m: m.delegates)
    if s.phase == EVENTS:
        return PassEvent()
    return moves[0]
