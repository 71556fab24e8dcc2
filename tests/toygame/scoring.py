"""Toy Market's scoring: the points rolled; the heuristic for the AI."""

from __future__ import annotations

from games.protocol import Result, ranks_from_keys

from .content import DECK
from .state import ToyState


def result(s: ToyState) -> Result | None:
    if s.phase != "over":
        return None
    return Result(scores=tuple(float(p) for p in s.points), ranks=ranks_from_keys(s.points))


def heuristic(s: ToyState, seat: int) -> float:
    """While running: the seat's points against the best, and a little for a strong hand."""
    best = max(s.points) or 1
    return 0.5 * s.points[seat] / best + 0.05 * (sum(s.hands[seat]) / len(DECK) if s.hands else 0)
