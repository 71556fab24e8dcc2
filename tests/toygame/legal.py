"""Toy Market's legal moves: a card of one's hand to bid, or the chance outcomes."""

from __future__ import annotations

from games.protocol import CHANCE

from .moves import Bid
from .state import ToyState
from .turn import actors, chance


def legal_moves(s: ToyState, seat: int) -> list:
    if seat == CHANCE:
        return list(chance(s).outcomes) if s.phase in ("shuffle", "roll") else []
    if seat not in actors(s):
        return []
    return [Bid(card=c) for c in sorted(set(s.hands[seat]))]
