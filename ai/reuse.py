"""Tree reuse for `ai.ismcts.search` (see its docstring): what a seat's search leaves for the seat's next
search (`Kept`), made by `keep` after the move is chosen and taken up by `resume` when the next search
starts. Nothing here is stored anywhere: the caller holds a `Kept` (`ai.player.SearchPlayer`, one per
game and seat)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from games.protocol import CHANCE, Game, Seat

from .tree import Node, Stats


@dataclass
class Kept:
    """The statistics a seat's next search may go on from, if the seat's view then is `view`."""

    view: Any  # the seat's view after its move, as predicted on a sampled state
    root: Node  # the tree below the move played (the rest of the macro decisions begun with it)
    bounds: list[float]  # the lowest and highest value seen
    table: dict | None  # the MAST statistics


def resume(kept: Kept | None, game: Game, state: Any, seat: Seat, mast: float,
           stats: Stats) -> tuple[Node, list[float], dict | None]:
    """The tree, bounds and MAST table a search starts from: `kept`'s if the seat's view now is the one it
    predicted (the same information set: nothing happened in between; `stats.reused` counts its visits),
    else fresh ones."""
    if kept is not None and kept.view == game.view(state, seat):
        stats.reused = sum(k.n for key, k in kept.root.kids.items() if key[0] == seat)
        return kept.root, kept.bounds, (kept.table if mast else None)
    return Node(), [math.inf, -math.inf], ({} if mast else None)


def keep(game: Game, state: Any, seat: Seat, move: Any, root: Node, bounds: list[float],
         table: dict | None) -> Kept | None:
    """Tree reuse: the statistics of the root's macro decisions that begin with `move`, as the rest of
    each, for the seat's next search (it starts from them if the seat's view then is the one predicted
    here: nothing happened in between); None where nothing goes on. The view is worked out on a sampled
    state, never on the true one."""
    below = Node()
    for (actor, m, nth), k in root.kids.items():
        if actor == seat and nth == -1 and type(m) is tuple and len(m) > 1 and m[0] == move:
            below.kids[(actor, m[1:], -1)] = k  # a macro begun with `move`: the rest of it goes on
    if not below.kids:
        return None
    after = game.apply(game.determinize(state, seat, random.Random(0)), seat, move)
    actors = game.actors(after)
    if seat not in actors or CHANCE in actors:
        return None
    for key, k in root.kids.items():
        if key[0] != seat:  # the other seats' statistics of a simultaneous step stay at its root
            below.kids[key] = k
    return Kept(game.view(after, seat), below, bounds, table)
