"""Who acts and what is random in Himalaya: the seats to act in each phase, and the chance step due
(seat order, d20 rolls, cube and order-ring draws of the renewal, 6 and 7.5). Kept apart from rules.py
so the legal moves and the rules both read it, and neither imports the other."""

from __future__ import annotations

from functools import lru_cache

from games.protocol import CHANCE, ChanceSpec

from . import execution
from .content import D20, MAX_PLAYERS, RESOURCES, SLOTS
from .moves import DrawCube, DrawRing, RollD20, Seating
from .state import EVENTS, EXECUTION, OVER, PLACEMENT, PLANNING, SEATING, HimalayaState, clockwise

_CHANCE = frozenset({CHANCE})
_NOBODY: frozenset[int] = frozenset()
_ONLY = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))  # one seat acting
_ROLLS = tuple(RollD20(face=f) for f in range(1, D20 + 1))
_CUBE_DRAWS = tuple(DrawCube(resource=r) for r in RESOURCES)


def _make_seating(order: tuple[int, ...]) -> Seating:
    return Seating(order=tuple(order))


@lru_cache(maxsize=4096)
def _planners(lengths: tuple[int, ...]) -> frozenset[int]:
    """The seats still programming, from the discs programmed per seat."""
    return frozenset([i for i, k in enumerate(lengths) if k < SLOTS])


def actors(s: HimalayaState) -> frozenset[int]:
    ph = s.phase
    if ph == PLANNING:
        return _planners(tuple(map(len, s.plans)))
    if ph == EXECUTION:
        assert s.pending is not None  # the execution phase waits on a choice asked of a seat
        return _ONLY[s.pending.seat]
    if ph in (EVENTS, PLACEMENT):
        return _ONLY[clockwise(s)[s.turn]]
    if ph == OVER:
        return _NOBODY
    return _CHANCE  # seating, setup, renewal


_ROLL_FOR = {
    True: ChanceSpec("roll the d20 for a village with resources", _ROLLS),
    False: ChanceSpec("roll the d20 for a village with an order", _ROLLS),
}


@lru_cache(maxsize=20000)
def _cube_draws_for(village: int, bag: tuple[int, ...]) -> ChanceSpec:
    """The spec of drawing a cube for the village from the cube bag."""
    outs = tuple(m for m, c in zip(_CUBE_DRAWS, bag, strict=True) if c)
    return ChanceSpec(f"draw a cube for village {village}", outs, tuple(c for c in bag if c))


@lru_cache(maxsize=20000)
def _ring_draws_for(village: int, bag: tuple[int, ...]) -> ChanceSpec:
    """The spec of drawing an order ring for the village from the ring bag."""
    return ChanceSpec(f"draw an order ring for village {village}", tuple(DrawRing(ring=r) for r in bag))


def chance(s: HimalayaState) -> ChanceSpec:
    if s.phase == SEATING:
        return ChanceSpec("draw the seat order and the first start player", permute=s.n, make=_make_seating)
    if s.awaiting == "cubes":
        return _cube_draws_for(s.target, s.cube_bag)
    if s.awaiting == "ring":
        return _ring_draws_for(s.target, s.ring_bag)
    return _ROLL_FOR[execution.needs_resources(s)]
