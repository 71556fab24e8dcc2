"""Post-game analysis (issue #18): each decision judged by the non-cheating ISMCTS.

For one decision, `judge` searches the position from the mover's information set only (the search
determinizes for that seat, see ai/ismcts.py) and compares the mean value of the move played with
the best move found. The driver that walks a whole game's log is service/analysis.py.

What a verdict holds (all from the mover's seat, at that moment, with what it could see):
  value_played, value_best  the search's mean value of each move, 0..1: the win share where the
                            simulations reached the end of the game, else the game's evaluation
                            (`Game.evaluations`: its estimate of the same thing), its logit times the game's
                            `shown_temperature` (`sharpened`; fitted on held-out analysed games). Shown as the "win chance",
                            kept to `SHOWN` digits. Like with like: where the move played or the engine's pick
                            ends the game (on any of `OUTLOOK_SAMPLES` hidden states drawn for the mover), an
                            exact win share would meet an estimate, so both are played to the end on those
                            samples (`to_the_end`) and valued by the mean win share there. A decided position
                            then costs nothing: winning at once or playing on to a certain win are both 1.
  best                      the engine's pick (the most visited move), or the move played where that is valued
                            at least as high (then it is shown as the best, with no loss).
  rank_played, rank_best    the expected final place (1 = first) after the move, consistent with its win
                            chance: over the same samples, the place where the game is over, else first with
                            the win chance and otherwise second or further back, as the game's evaluation
                            orders the seats that do not win (`place`; with two seats, 2 - the win chance).
  loss                      value_best - value_played, as shown (never below 0).
  stakes                    what a move drawn at random from the seat's choices would have lost on average: the
                            mean of value_best - value over the moves the search looked at (one it never tried
                            valued as the worst tried), at least `loss`. What the decision put at stake.
  cls                       best / good / inaccuracy / mistake / blunder by that loss, thresholds below.
  agrees                    (only when asked, for the fair-play signal) whether a second search with
                            another seed and the same budget picked a move valued at least as the first
                            search's pick (the rule the move played meets to match): how often the engine
                            agrees with itself at this budget.
Accuracy per seat: the share of what its decisions put at stake that its moves kept, 100 × (1 − Σ loss / Σ stakes)
(`accuracy`): 100 is the engine's pick every time, 0 no better than a move drawn at random.
Chance steps: `odds` gives the probability of what was drawn, where the game's ChanceSpec tells it.
`engine_code` names the source the verdicts come from (a digest), so an analysis records which engine made it.
"""

from __future__ import annotations

import hashlib
import inspect
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from games.protocol import CHANCE, Game, Seat, sample_chance

from .ismcts import _greedy_step, search
from .simple import settle, win_shares

# loss = value(best) - value(played), on the search's 0..1 value scale
GOOD = 0.02        # loss <= GOOD (and not best): good
INACCURACY = 0.05  # loss <= INACCURACY: inaccuracy
MISTAKE = 0.15     # loss <= MISTAKE: mistake; above: blunder
Class = Literal["best", "good", "inaccuracy", "mistake", "blunder"]
CLASSES: tuple[Class, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
OUTLOOK_SAMPLES = 12  # hidden states drawn for a move's expected rank (and its play to the end)
SHOWN = 4  # digits a win chance and a loss are kept to: the class is read from the loss as shown
END_STEPS = 2000  # steps at most of a play to the end (then the evaluation judges)
NEAR_END_STEPS = 40  # a game that play ends within this many steps on every sample, one way, is decided
DECIDED_LEAN = 0.25  # ... where the search's estimate is already this near that outcome (at most 0.25, at least 0.75)
WINNING_LOOK = 24  # legal moves at most looked through for one that wins at once, at each step of a play to the end
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
        own = Path(inspect.getfile(module))
        in_package = module.__name__.count(".") >= 2  # games.<package>.<module>: the whole package
        files = sorted(own.parent.glob("*.py")) if in_package else [own]
        here = Path(__file__).parent
        files += sorted(here.glob("*.py")) + [Path(inspect.getfile(Game))]
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
    cls: Class
    rank_played: float | None = None
    rank_best: float | None = None
    iterations: int = 0
    forced: bool = False  # one legal move: nothing to judge (left out of accuracy)
    agrees: bool | None = None
    stakes: float = 0.0  # a random move's mean loss here (at least `loss`): what the decision put at stake


def classify(loss: float, is_best: bool) -> Class:
    if is_best or loss <= 0.0:
        return "best"
    if loss <= GOOD:
        return "good"
    if loss <= INACCURACY:
        return "inaccuracy"
    if loss <= MISTAKE:
        return "mistake"
    return "blunder"


def plies(game: Game, state: Any, seat: Seat, move: Any, seeds: list[int]) -> list[tuple[Any, Any]]:
    """The position right after `move`, once per seed, with the seed's generator: the hidden parts drawn for
    `seat` (its information set only), the step it belongs to finished at random, the chance that follows
    sampled. Two moves given the same seeds meet the same hidden parts (common random numbers)."""
    co_actors = game.actors(state) - {seat}
    out = []
    for seed in seeds:
        r = random.Random(seed)
        out.append((settle(game, game.apply(game.determinize(state, seat, r), seat, move), co_actors, r), r))
    return out


def to_the_end(game: Game, d: Any, rng: Any, steps: int = END_STEPS) -> Any:
    """`d` played on to the end of the game (at most `END_STEPS` steps): a move that ends the game with its
    mover first where there is one (`winning_now`), else the game's playout policy where it has one, else
    each seat's epsilon-greedy move (one ply on the heuristic), chance sampled."""
    for _ in range(steps):
        actors = game.actors(d)
        if not actors:
            break
        if CHANCE in actors:
            d = game.apply(d, CHANCE, sample_chance(game.chance(d), rng))
            continue
        actor = min(actors)
        won = winning_now(game, d, actor)
        if won is not None:
            return won
        macro = game.playout(d, actor, rng)
        d = game.apply_all(d, actor, tuple(macro)) if macro else _greedy_step(game, d, actor, rng)
    return d


def decided(game: Game, after: dict, played: Any, seat: Seat, estimate: float | None) -> bool:
    """Whether the game is decided for `seat` after `played`, as far as it can see: on every hidden state drawn for
    it (`after[played]`), play to the end (`to_the_end`) ends within `NEAR_END_STEPS` steps with the same outcome
    for the seat (won every time, or lost every time). Then `after[played]` holds those ends, so the move is valued
    by them (and the engine's pick likewise, on the same samples): a decided game reads 1 or 0, not the search's
    estimate, which near the end of some games stays near the middle (Bangkok Klongs read 0.81 to 0.91 for the
    seat that won whatever anyone played, Yangtze 0.83). Costs one sample's short play-out where it is not.
    Only where the search's `estimate` already leans that way by `DECIDED_LEAN` (a play-out can end a game
    early by choice: Yangtze's passes at the first turn read as decided, lost in truth)."""
    if estimate is None or DECIDED_LEAN < estimate < 1.0 - DECIDED_LEAN:
        return False
    ended, outcomes = [], set()
    for d, r in after[played]:
        r2 = random.Random()
        r2.setstate(r.getstate())
        d = to_the_end(game, d, r2, NEAR_END_STEPS)
        if game.result(d) is None:
            return False
        outcomes.add(end_value(game, d, seat))
        if len(outcomes) > 1 or 0.0 < min(outcomes) < 1.0 or (min(outcomes) == 1.0) != (estimate > 0.5):
            return False
        ended.append((d, r2))
    after[played] = ended
    return True


def winning_now(game: Game, d: Any, actor: Seat) -> Any:
    """`d` after a move of `actor` that ends the game with `actor` first, or None (none, or more than
    `WINNING_LOOK` moves to look through). A player who can end the game as its winner does: the playout
    policies do not always (a Yangtze winner who had only to end its turn cashed a card first, played on,
    and was overtaken in one play-out of twelve, so a harmless move read as a mistake)."""
    moves = game.legal_moves(d, actor)
    if len(moves) > WINNING_LOOK:
        return None
    for m in moves:
        after = game.apply(d, actor, m)
        result = game.result(after)
        if result is not None and result.ranks[actor] == 1:
            return after
    return None


def end_value(game: Game, d: Any, seat: Seat) -> float:
    """The seat's win share where the game is over, else the game's evaluation (its estimate of it)."""
    result = game.result(d)
    return win_shares(result)[seat] if result is not None else game.evaluations(d, [seat])[0]


def place(game: Game, d: Any, seat: Seat, seats: int, win: float | None = None) -> float:
    """The seat's expected final place (1 = first) in `d`: its place where the game is over; else first with
    its win chance (`win`, or its own evaluation when not given), and otherwise second, or further back by
    each other seat the game's evaluation puts ahead of it, the likeliest winner of the others aside (a tie
    counts half). With two seats: 2 - win."""
    result = game.result(d)
    if result is not None:
        return float(result.ranks[seat])
    values = game.evaluations(d, list(range(seats)))
    win = values[seat] if win is None else win
    others = sorted((v for s, v in enumerate(values) if s != seat), reverse=True)[1:]
    ahead = sum(1.0 if v > values[seat] else 0.5 if v == values[seat] else 0.0 for v in others)
    return win + (1 - win) * (2 + ahead)


def judge(game: Game, state: Any, seat: Seat, played: Any, rng: Any,
          budget: float | None = 0.5, iterations: int | None = None, seats: int | None = None,
          second_opinion: bool = False) -> Verdict:
    """The verdict on `played` by `seat` in `state`, searched from that seat's information set.
    `seats` (how many play): also the expected places; `second_opinion`: also whether a second search
    with the same budget picks a move valued at least as the first one's pick (the rule a move played meets
    to be shown as the best)."""
    # include: where the game hands the search a few good plans (Himalaya's programs, its event figures kept),
    # the move played is searched beside them, so a decision with a choice is judged, never called forced
    pick, stats = search(game, state, seat, rng, budget=budget, iterations=iterations, include=played)
    t = temperature_of(game, state)
    means = {m: sharpened(mean, t) for m, n, mean in stats.root if n}
    seeds = [rng.randrange(2**62) for _ in range(OUTLOOK_SAMPLES)]
    if not means:  # a forced move (or nothing searched): nothing to judge
        v = Verdict(seat, played, played, 0.0, 0.0, 0.0, "best", forced=len(stats.root) <= 1)
        if seats:
            v.rank_played = v.rank_best = average(place(game, d, seat, seats)
                                                  for d, _ in plies(game, state, seat, played, seeds))
        return v
    after = {played: plies(game, state, seat, played, seeds)}
    after.setdefault(pick, plies(game, state, seat, pick, seeds))
    # like with like: a move that ends the game is valued exactly (its win share), any other by the search's
    # estimate; where either of the two ends it on some sample, both are played to the end on the same samples
    ends = (any(game.result(d) is not None for afters in after.values() for d, _ in afters)
            or decided(game, after, played, seat, means.get(played)))

    def worth(move: Any) -> float:
        if not ends:
            return round(means.get(move, min(means.values())), SHOWN)
        if move not in after:
            after[move] = plies(game, state, seat, move, seeds)
        after[move] = [(to_the_end(game, d, r), r) for d, r in after[move]]
        return round(sharpened(average(end_value(game, d, seat) for d, _ in after[move]), t), SHOWN)

    vp = worth(played)
    vb = worth(pick) if pick != played else vp
    best = pick if vb > vp else played  # the move played, valued at least as the engine's pick, is the best shown
    vb = max(vb, vp)
    loss = round(vb - vp, SHOWN)
    v = Verdict(seat, played, best, vp, vb, loss, classify(loss, played == best), iterations=stats.iterations,
                stakes=max(loss, at_stake(means, [m for m, _, _ in stats.root], pick)))
    if seats:
        v.rank_played = average(place(game, d, seat, seats, None if ends else vp) for d, _ in after[played])
        v.rank_best = average(place(game, d, seat, seats, None if ends else vb) for d, _ in after[best])
    if second_opinion:
        other, _ = search(game, state, seat, random.Random(rng.randrange(2**62)), budget=budget, iterations=iterations)
        v.agrees = other == pick or worth(other) >= worth(pick)
    return v


def temperature_of(game: Game, state: Any) -> float:
    """The temperature the game declares for its shown win chances at this many seats (`shown_temperature`, a
    dict seats -> t, fitted on held-out analysed games by `bench/bench_calibration.py --fit`), else 1."""
    players = getattr(state, "players", None)
    n = players if isinstance(players, int) else len(players) if players is not None else None
    return getattr(game, "shown_temperature", {}).get(n, 1.0)


def sharpened(p: float, t: float) -> float:
    """`p` with its logit times `t` (t = 1: unchanged; 0 and 1 stay, a decided game stays decided)."""
    if t == 1.0 or p <= 0.0 or p >= 1.0:
        return p
    return 1.0 / (1.0 + math.exp(-t * math.log(p / (1.0 - p))))


def average(xs: Any) -> float:
    xs = list(xs)
    return sum(xs) / len(xs)


def odds(game: Game, state: Any, outcome: Any) -> tuple[float | None, int | None]:
    """The probability of a chance outcome drawn in `state` and how many outcomes there were; (None,
    None) for a shuffle (every order is as likely: no odds worth telling)."""
    spec = game.chance(state)
    if spec.permute:
        return None, None
    return spec.probability(outcome), len(spec.outcomes)


def at_stake(means: dict[Any, float], moves: list[Any], pick: Any) -> float:
    """What a move drawn at random from `moves` would lose against the search's pick, by the search's means (a
    move it never tried valued as the worst it tried), kept to `SHOWN` digits."""
    worst = min(means.values())
    top = means.get(pick, max(means.values()))
    return round(sum(max(0.0, top - means.get(m, worst)) for m in moves) / len(moves), SHOWN)


def accuracy(losses: list[float], stakes: list[float]) -> float | None:
    """Per-seat accuracy in percent: the share of what its decisions put at stake (each a random move's mean loss
    there) that its moves kept, 100 × (1 − Σ loss / Σ stakes), within 0..100; None with nothing at stake. A
    decision where every move is worth about the same (a game already decided, a choice of equals) weighs
    little, one that could cost much weighs much; a seat that moves at random keeps about none of it.
    (lichess's curve of each move's loss of win chance, used before, read 94 to 99 for a random player: a
    single move here seldom moves the win chance by more than a few hundredths.)"""
    total = sum(stakes)
    if total <= 0:
        return None
    return min(100.0, max(0.0, 100.0 * (1.0 - sum(losses) / total)))


def costliest(verdicts: list[Verdict], k: int = 3) -> list[Verdict]:
    return sorted(verdicts, key=lambda v: v.loss, reverse=True)[:k]
