"""Toy Market's state: a frozen Struct."""

from __future__ import annotations

import msgspec


class ToyState(msgspec.Struct, frozen=True):
    players: int
    phase: str = "shuffle"  # shuffle | bid | roll | over
    deck: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...], ...] = ()
    bids: tuple[int | None, ...] = ()
    points: tuple[int, ...] = ()
    round: int = 0
    roller: int = -1
