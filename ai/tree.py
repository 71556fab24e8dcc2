"""The search tree of `ai.ismcts` and what a search reports: a node's statistics, the search's
statistics, and reading the searcher's root (macro decisions that begin alike summed)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from games.protocol import Game, Seat

LOG = [0.0] + [math.log(i) for i in range(1, 4096)]


class Node:
    """Statistics of one edge (the move that leads here) and the edges below it."""

    __slots__ = ("avail", "kids", "n", "w")

    def __init__(self) -> None:
        self.kids: dict[Any, Node] = {}
        self.n = 0  # visits
        self.w = 0.0  # summed value for the seat that chose this edge
        self.avail = 1  # times this edge was legal when its parent was visited


@dataclass
class Stats:
    iterations: int = 0
    seconds: float = 0.0
    root: list[tuple[Any, int, float]] = field(default_factory=list)  # (move, visits, mean value)
    reused: int = 0  # visits below the root carried over from the seat's previous search (tree reuse)
    kept: Any = field(default=None, repr=False, compare=False)  # with reuse: what the seat's next search may go on from (ai.reuse.Kept)


def play(game: Game, d: Any, actor: Seat, move: Any) -> Any:
    """Apply a move, or each move of a macro decision (a tuple of moves of one seat, through the
    game's `apply_all`: each in turn, or a game's quicker way to the same state)."""
    if type(move) is tuple:
        return game.apply_all(d, actor, move)
    return game.apply(d, actor, move)


def first(move: Any) -> Any:
    """The move a decision begins with (the first of a macro decision, else the move itself)."""
    return move[0] if type(move) is tuple else move


def root_stats(root: Node, seat: Seat) -> tuple[dict[Any, int], dict[Any, float]]:
    """Visits and total value per first move of the searcher (macro decisions that begin alike are summed)."""
    visits: dict[Any, int] = {}
    values: dict[Any, float] = {}
    for (actor, m, nth), k in root.kids.items():
        if actor == seat and nth == -1 and k.n:
            f = first(m)
            visits[f] = visits.get(f, 0) + k.n
            values[f] = values.get(f, 0.0) + k.w
    return visits, values
