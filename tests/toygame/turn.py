"""Who acts in Toy Market (every seat yet to bid; CHANCE for the shuffle and the die) and what is random."""

from __future__ import annotations

from games.protocol import CHANCE, ChanceSpec

from .content import DECK, DIE
from .moves import Roll, Shuffle
from .state import ToyState


def actors(s: ToyState) -> frozenset:
    if s.phase in ("shuffle", "roll"):
        return frozenset({CHANCE})
    if s.phase == "bid":
        return frozenset(i for i, b in enumerate(s.bids) if b is None)
    return frozenset()


def chance(s: ToyState) -> ChanceSpec:
    if s.phase == "shuffle":
        return ChanceSpec("shuffle the deck", permute=len(DECK), make=lambda o: Shuffle(order=o), visible_to=())
    return ChanceSpec("roll the d6", outcomes=tuple(Roll(face=f) for f in range(1, DIE + 1)))
