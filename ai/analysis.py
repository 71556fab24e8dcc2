"""Post-game analysis (issue #18): each decision judged by the non-cheating ISMCTS.

For one decision, `judge` searches the position from the mover's information set only (the search
determinizes for that seat, see ai/ismcts.py) and compares the mean value of the move played with
the best move found. The driver that walks a whole game's log is service/analysis.py.

What a verdict holds (all from the mover's seat, at that moment, with what it could see):
  value_played, value_best  the search's mean value of each move, 0..1: the win share where the
                            simulations reached the end of the game, else the game's evaluation
                            (`Game.evaluations`: its estimate of the same thing). Shown as the "win chance".
  rank_played, rank_best    the expected place (1 = first) right after the move: over `OUTLOOK_SAMPLES`
                            hidden states drawn for the mover, the move is played, the step it belongs
                            to finished at random and the chance that follows sampled, then the seats
                            are ranked by the game's result, or by the heuristic while it runs.
  loss                      value_best - value_played (never below 0).
  cls                       best / good / inaccuracy / mistake / blunder by the loss, thresholds below.
  agrees                    (only when asked, for the fair-play signal) whether a second search with
                            another seed and the same budget picked the same best move: how often the
                            engine agrees with itself at this budget.
Accuracy per seat: the mean of `move_accuracy(loss)` (lichess's curve) over the decisions that had a choice.
Chance steps: `odds` gives the probability of what was drawn, where the game's ChanceSpec tells it.
`engine_code` names the source the verdicts come from (a digest), so an analysis records which engine made it.
"""

from __future__ import annotations

import hashlib
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.protocol import Game, Seat

from .ismcts import search
from .simple import settle

# loss = value(best) - value(played), on the search's 0..1 value scale
GOOD = 0.02        # loss <= GOOD (and not best): good
INACCURACY = 0.05  # loss <= INACCURACY: inaccuracy
MISTAKE = 0.15     # loss <= MISTAKE: mistake; above: blunder
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
OUTLOOK_SAMPLES = 12  # hidden states drawn for a move's expected rank
_CODES: dict[str, str] = {}


def engine_code(game: Game) -> str:
    """A digest (16 hex digits) of the source an analysis of `game` comes from: the search and its players
    (`ai/`), the game protocol, and the game's own package (rules, heuristic, fitted win chance; a game kept
    in a module of its own: that module). Any change to them, a refit of a win chance included, changes it,
    so two analyses with the same settings and the same digest are the same engine's (a change that cannot
    alter a verdict, such as a move's wording, changes it too: the digest errs on the side of "changed")."""
    code = _CODES.get(game.id)
    if code is None:
        module = sys.modules[type(game).__module__]
        own = Path(module.__file__)
        in_package = module.__name__.count(".") >= 2  # games.<package>.<module>: the whole package
        files = sorted(own.parent.glob("*.py")) if in_package else [own]
        here = Path(__file__).parent
        files += sorted(here.glob("*.py")) + [Path(sys.modules[Game.__module__].__file__)]
        h = hashlib.sha256()
        for f in files:
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
        code = _CODES[game.id] = h.hexdigest()[:16]
    return code


@dataclass
class Verdict:
    seat: Seat
    played: Any
    best: Any
    value_played: float
    value_best: float
    loss: float
    cls: str
    rank_played: float | None = None
    rank_best: float | None = None
    iterations: int = 0
    forced: bool = False  # one legal move: nothing to judge (left out of accuracy)
    agrees: bool | None = None


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


def places(values: list[float]) -> list[float]:
    """1-based places from values where larger is better; tied seats share the mean of their places."""
    out = []
    for v in values:
        above = sum(1 for w in values if w > v)
        tied = sum(1 for w in values if w == v)
        out.append(above + (tied + 1) / 2)
    return out


def expected_rank(game: Game, state: Any, seat: Seat, move: Any, rng: Any, seats: int,
                  samples: int = OUTLOOK_SAMPLES) -> float:
    """The mover's expected place among `seats` right after `move`, from its information set (see the
    module docstring)."""
    co_actors = game.actors(state) - {seat}
    total = 0.0
    for _ in range(samples):
        d = settle(game, game.apply(game.determinize(state, seat, rng), seat, move), co_actors, rng)
        result = game.result(d)
        if result is not None:
            total += result.ranks[seat]
        else:
            total += places([game.heuristic(d, s) for s in range(seats)])[seat]
    return total / samples


def judge(game: Game, state: Any, seat: Seat, played: Any, rng: Any,
          budget: float | None = 0.5, iterations: int | None = None, seats: int | None = None,
          second_opinion: bool = False) -> Verdict:
    """The verdict on `played` by `seat` in `state`, searched from that seat's information set.
    `seats` (how many play): also the expected places; `second_opinion`: also whether a second search
    with the same budget agrees on the best move."""
    # include: where the game hands the search a few good plans (Himalaya's programs, its event figures kept),
    # the move played is searched beside them, so a decision with a choice is judged, never called forced
    best, stats = search(game, state, seat, rng, budget=budget, iterations=iterations, include=played)
    means = {m: mean for m, n, mean in stats.root if n}
    if not means:  # a forced move (or nothing searched): nothing to judge
        v = Verdict(seat, played, played, 0.0, 0.0, 0.0, "best", forced=len(stats.root) <= 1)
        if seats:
            v.rank_played = v.rank_best = expected_rank(game, state, seat, played, rng, seats)
        return v
    vb = means.get(best, max(means.values()))
    vp = means.get(played, min(means.values()))
    loss = max(0.0, vb - vp)
    v = Verdict(seat, played, best, vp, vb, loss, classify(loss, played == best), iterations=stats.iterations)
    if seats:
        v.rank_best = expected_rank(game, state, seat, best, rng, seats)
        v.rank_played = v.rank_best if played == best else expected_rank(game, state, seat, played, rng, seats)
    if second_opinion:
        other, _ = search(game, state, seat, random.Random(rng.randrange(2**62)), budget=budget, iterations=iterations)
        v.agrees = other == best
    return v


def odds(game: Game, state: Any, outcome: Any) -> tuple[float | None, int | None]:
    """The probability of a chance outcome drawn in `state` and how many outcomes there were; (None,
    None) for a shuffle (every order is as likely: no odds worth telling)."""
    spec = game.chance(state)
    if spec.permute:
        return None, None
    return spec.probability(outcome), len(spec.outcomes)


def move_accuracy(loss: float) -> float:
    """One move's accuracy in percent from its loss of win chance (0..1), on lichess's curve:
    103.1668 * exp(-0.04354 * loss in points) - 3.1669, within 0..100. A loss of 0.02 scores about 91,
    0.05 about 80, 0.15 about 50: a few blunders weigh as they should, where 1 - loss would hide them."""
    return min(100.0, max(0.0, 103.1668100711649 * math.exp(-0.04354415386753951 * 100.0 * loss)
                          - 3.166924740191411))


def accuracy(verdicts: list[Verdict]) -> float:
    """Per-seat accuracy in percent: the mean of its moves' accuracies, 100 when there is nothing to judge."""
    if not verdicts:
        return 100.0
    return sum(move_accuracy(v.loss) for v in verdicts) / len(verdicts)


def costliest(verdicts: list[Verdict], k: int = 3) -> list[Verdict]:
    return sorted(verdicts, key=lambda v: v.loss, reverse=True)[:k]
