"""Game-agnostic AI players: `random`, `greedy` and information-set MCTS (`mcts`).

They use only the game protocol (`games.protocol.Game`), so they play every registered game, and
they decide only from what their seat may see: the seat's own legal moves and
`game.determinize(state, seat, rng)` (a full state drawn from everything the seat has seen).

    from ai import choose_move, LEVELS, parse_level
    move = choose_move(game, state, seat, "mcts", random.Random(7), budget=0.5)

Levels
------
* ``random`` -- a uniformly random legal move from the seeded rng.
* ``greedy`` -- one ply of look-ahead on `game.heuristic`, averaged over a few determinizations
  and over sampled chance outcomes that follow at once; ties broken by the rng.
* ``mcts``   -- SO-ISMCTS (see `ai.ismcts`): a time budget per move (default 1 s) and an optional
  iteration cap; stops early once the chosen move cannot change any more.
* ``easy``, ``medium``, ``hard`` -- named strengths a person can pick (`NAMED`): easy plays at
  random, medium is greedy, hard is mcts with a fixed 1000 search iterations a move (the same
  strength on any machine; a slow machine only thinks longer, up to `NAMED_TIME_CAP` seconds).
  Calibrated with `bench/bench_ai.py` so each beats the one below; the measured table is in the
  README. Stronger play: ``mcts@SECONDS`` (from 1 s a move the search also plays a game's greedy
  rollout moves, `Game.greedy_rollout_moves`: Bangkok Klongs; see `ai.ismcts`).

With a seeded rng, `random` and `greedy` are reproducible, and so is `mcts` when it is bounded by
`iterations` alone (`budget=None`) and its `player` made the same searches before: given the seat's
`ai.player.SearchPlayer` (one per game and seat), `choose_move` goes on from the statistics of the
seat's previous search when the seat moves again with nothing in between (tree reuse, `ai.ismcts`);
without one it searches afresh.

Per-seat budget
---------------
A player is written ``NAME:ai-LEVEL`` (``bob:ai-hard``); for ``mcts`` the thinking time per move may follow an ``@``:
``bob:ai-mcts@0.5`` thinks 0.5 s a move, ``bob:ai-mcts`` the default 1 s. `parse_level` reads the
part after ``ai-``: ``parse_level("mcts@0.5") == ("mcts", 0.5)``, ``parse_level("greedy") ==
("greedy", None)``. The suffix is accepted on random, greedy and mcts but only `mcts` uses it; the
named levels refuse it.
"""

from __future__ import annotations

import math
import re
from typing import Any

from games.protocol import Game, Seat

from .ismcts import search  # noqa: F401  (ai.search, as before)
from .player import SearchPlayer
from .simple import greedy_move, random_move

LEVELS = ("random", "greedy", "mcts", "easy", "medium", "hard")
# named strengths: (the level that plays, its iterations per move or None)
NAMED: dict[str, tuple[str, int | None]] = {
    "easy": ("random", None),
    "medium": ("greedy", None),
    "hard": ("mcts", 1000),
}
NAMED_TIME_CAP = 10.0  # seconds a named level may think at most, whatever the machine
DEFAULT_BUDGET = 1.0  # seconds per move for mcts
MAX_BUDGET = 600.0

__all__ = ["DEFAULT_BUDGET", "LEVELS", "NAMED", "choose_move", "parse_level"]


def parse_level(text: str) -> tuple[str, float | None]:
    """``"mcts@0.5"`` -> ``("mcts", 0.5)``; ``"random"`` -> ``("random", None)``.
    A leading ``ai-`` is allowed. ValueError with a reason for anything else."""
    level, _, budget = text.strip().removeprefix("ai-").partition("@")
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r}: choose one of {', '.join(LEVELS)}")
    if not _:
        return level, None
    if level in NAMED:
        raise ValueError(f"the {level} level thinks a fixed amount: no @ suffix")
    if not re.fullmatch(r"[0-9]+(\.[0-9]*)?|\.[0-9]+", budget):  # (float() takes ' 5', '５', '1_0', '+5')
        raise ValueError(f"the thinking time after @ must be a number of seconds (digits 0-9 and a point), not {budget!r}")
    seconds = float(budget)
    if not (math.isfinite(seconds) and 0 < seconds <= MAX_BUDGET):
        raise ValueError(f"the thinking time must be more than 0 and at most {MAX_BUDGET:g} seconds")
    return level, seconds


def choose_move(game: Game, state: Any, seat: Seat, level: str, rng: Any,
                budget: float | None = None, iterations: int | None = None,
                player: SearchPlayer | None = None) -> Any:
    """The move the AI of `level` makes for `seat`, which must be among `game.actors(state)`.

    `state` is the true state; only the seat's own information is used. `rng` is a seeded
    `random.Random`. For `mcts`: `budget` seconds per move (None: 1 s, or no time limit when
    `iterations` is given) and `iterations`, a cap on search iterations. `level` may carry the
    ``@SECONDS`` suffix; an explicit `budget` wins over it. `player`: the seat's search player in this
    game (tree reuse); None searches afresh.
    """
    level, suffix = parse_level(level)
    if level in NAMED:
        level, cap = NAMED[level]
        if level == "mcts":
            budget, iterations, suffix = NAMED_TIME_CAP, cap, None
    if level == "random":
        return random_move(game, state, seat, rng)
    if level == "greedy":
        return greedy_move(game, state, seat, rng)
    if budget is None:
        budget = suffix if suffix is not None else (None if iterations is not None else DEFAULT_BUDGET)
    player = player or SearchPlayer("", seat)  # (one that is dropped at once: a fresh search)
    move, _ = player.search(game, state, rng, budget=budget, iterations=iterations)
    return move
