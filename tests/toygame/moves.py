"""Toy Market's moves: the shuffle and the die (chance), and a bid."""

from __future__ import annotations

from games.protocol import Move


class Shuffle(Move, tag="shuffle"):
    order: tuple[int, ...]


class Roll(Move, tag="roll"):
    face: int


class Bid(Move, tag="bid"):
    card: int


ToyMove = Shuffle | Roll | Bid
