"""Post-game analysis (issue #18, first slice): each decision judged by the non-cheating ISMCTS.

For one decision, `judge` searches the position from the mover's information set only (the search
determinizes for that seat, see ai/ismcts.py) and compares the mean value of the move played with
the best move found. Values are the seat's own search values (win share / heuristic, 0..1).
Chance steps are not judged here (the protocol gives no odds of a single draw in this slice).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.protocol import Game, Seat

from .ismcts import search

# loss = value(best) - value(played), on the search's 0..1 value scale
GOOD = 0.02        # loss <= GOOD (and not best): good
INACCURACY = 0.05  # loss <= INACCURACY: inaccuracy
MISTAKE = 0.15     # loss <= MISTAKE: mistake; above: blunder


@dataclass
class Verdict:
    seat: Seat
    played: Any
    best: Any
    value_played: float
    value_best: float
    loss: float
    cls: str


def classify(loss: float, is_best: bool) -> str:
    if is_best or loss <= 0.0:
        return "best"
    if loss <= GOOD:
        return "good"
    if loss <= INACCURACY:
        return "inaccuracy"
    if loss <= MISTAKE:
        return "mistake"
    return "blunder"


def judge(game: Game, state: Any, seat: Seat, played: Any, rng: Any,
          budget: float | None = 0.5, iterations: int | None = None) -> Verdict:
    """The verdict on `played` by `seat` in `state`, searched from that seat's information set."""
    best, stats = search(game, state, seat, rng, budget=budget, iterations=iterations)
    means = {m: mean for m, n, mean in stats.root if n}
    if not means:  # a forced move (or nothing searched): nothing to judge
        return Verdict(seat, played, played, 0.0, 0.0, 0.0, "best")
    vb = means.get(best, max(means.values()))
    vp = means.get(played, min(means.values()))
    loss = max(0.0, vb - vp)
    return Verdict(seat, played, best, vp, vb, loss, classify(loss, played == best))


def accuracy(verdicts: list[Verdict]) -> float:
    """Per-seat accuracy in percent: 100 * (1 - mean loss), 100 when there is nothing to judge."""
    if not verdicts:
        return 100.0
    return 100.0 * (1.0 - sum(v.loss for v in verdicts) / len(verdicts))


def costliest(verdicts: list[Verdict], k: int = 3) -> list[Verdict]:
    return sorted(verdicts, key=lambda v: v.loss, reverse=True)[:k]
