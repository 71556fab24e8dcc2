"""Fit a game's win-chance evaluation to game outcomes: `.venv/bin/python -m ai.fit GAME [OPTIONS]`.

The search judges the state where its tree stops with `game.evaluations` (games/protocol.py). A game
that offers `game.features(state, seat)` can have that judgement fitted instead of written by hand:
this plays N self-play games of K seats (default 2; greedy, or the player `--player SPEC` as
`bench/bench_ai.py` names them, e.g. `mcts#300`; `EPSILON` of the moves random so the positions
vary; game i is seeded SEED + i; `--jobs J` plays them in J processes), takes every position of
the main play (not the final one) with every seat's features and the game's outcome (each seat's
win share: 1, 1/k for a first place shared by k, or 0), and fits the conditional logit
P(seat i wins) = exp(w . f_i) / sum_j exp(w . f_j) by Newton's method (a small ridge `RIDGE` keeps
it steady). With two seats that is the logistic of the difference, 1 / (1 + exp(-w . (f_0 - f_1))).
Every fifth game is held out: the log loss of the fit on those games is printed beside the
hand-written heuristic's (its chances scaled to add up to one), so a refit shows whether it predicts
better. Prints the weights to paste into the game's scoring module (Kashgar: `WIN_CHANCE_WEIGHTS`, then
`CARD_WEIGHTS` in `CARD_KINDS` order).
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from ai.arena import forked_map, parse_spec, spec_move
from ai.simple import random_move, win_shares
from games.protocol import CHANCE, Game, sample_chance, shares_of

EPSILON = 0.1  # share of self-play moves chosen at random
RIDGE = 1.0  # L2 penalty on the weights (the log loss is summed over tens of thousands of positions)
NEWTON_STEPS = 12
MAX_STEPS = 20_000
HOLD_OUT = 5  # every fifth game is held out


Position = tuple[list[tuple[float, ...]], list[float], list[float]]  # features, heuristic, shares per seat


def self_play(game: Game, seed: int, players: int = 2, player: str = "greedy") -> list[Position]:
    """One game of `players` seats, each the player `player` (a spec of `ai.arena.parse_spec`) but for
    `EPSILON` of its moves: per position, every seat's features, the heuristic's chance of every
    seat, and every seat's final win share."""
    spec = parse_spec(player)
    rng = random.Random(seed)
    ai = [random.Random(f"{seed}/{seat}") for seat in range(players)]
    state = game.setup(players, game.check_options(None))
    seats = list(range(players))
    seen: list[tuple[list[tuple[float, ...]], list[float]]] = []
    for _ in range(MAX_STEPS):
        actors = game.actors(state)
        if not actors:
            result = game.result(state)
            if result is None:
                raise ValueError(f"{game.id}: no seat acts, yet the game has no result")
            shares = win_shares(result)
            return [(x, h, shares) for x, h in seen]
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        fs = [f for f in (game.features(state, i) for i in seats) if f is not None]
        if len(fs) < len(seats):
            raise ValueError(f"{game.id} offers no features to fit")
        seen.append((fs, game.heuristics(state, seats)))
        seat = min(actors)
        if ai[seat].random() < EPSILON:
            move = random_move(game, state, seat, ai[seat])
        else:
            move = spec_move(game, state, seat, spec, ai[seat])
        state = game.apply(state, seat, move)
    raise RuntimeError(f"no end after {MAX_STEPS} steps")


def conditional_logit(rows: list[tuple[list[tuple[float, ...]], list[float]]], ridge: float = RIDGE,
                      steps: int = NEWTON_STEPS) -> list[float]:
    """Weights w minimising the log loss of `shares_of(w, features)` against the seats' outcomes over
    `rows` of (features per seat, win share per seat; every row the same number of seats), plus
    ridge/2 |w|^2; no intercept (seats that hold the same have the same chance). Newton's method on
    numpy arrays (Kashgar's sixty-one weights over hundreds of thousands of positions)."""
    import numpy as np

    f = np.array([fs for fs, _ in rows], dtype=np.float64)  # positions x seats x features
    y = np.array([ys for _, ys in rows], dtype=np.float64)
    k = f.shape[2]
    w = np.zeros(k)
    for _ in range(steps):
        v = f @ w
        e = np.exp(v - v.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        fp = f * p[:, :, None]
        mean = fp.sum(axis=1)  # each position's chance-weighted features
        grad = np.einsum("ns,nsk->k", p - y, f) + ridge * w
        hess = fp.reshape(-1, k).T @ f.reshape(-1, k) - mean.T @ mean + ridge * np.eye(k)
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-9:
            break
    return [float(x) for x in w]


def logistic(rows: list[tuple[tuple[float, ...], float]], ridge: float = RIDGE,
             steps: int = NEWTON_STEPS) -> list[float]:
    """The two-seat case: weights of sigmoid(w . x) against y (y may be 1/2) over `rows` of (x, y),
    x a difference of two seats' features."""
    zero = (0.0,) * len(rows[0][0])
    return conditional_logit([([x, zero], [y, 1.0 - y]) for x, y in rows], ridge, steps)


def temperature(pairs: list[tuple[float, float]], steps: int = NEWTON_STEPS) -> float:
    """The temperature t minimising the log loss of sigmoid(t * logit(p)) against outcomes y over (p, y) pairs (a
    win chance shown and the seat's win share): t > 1 sharpens chances that were too timid, t < 1 softens them.
    Newton's method on the one weight of `logistic` with the logit as its feature (no ridge: one weight, many rows);
    a chance of exactly 0 or 1 (a game's end seen) is left out, no t moves it."""
    rows = [(logit(p), y) for p, y in pairs if 0.0 < p < 1.0]
    t = 1.0
    for _ in range(steps):
        grad = hess = 0.0
        for x, y in rows:
            q = 1.0 / (1.0 + math.exp(-t * x))
            grad += (q - y) * x
            hess += q * (1.0 - q) * x * x
        if hess <= 0:
            break
        step = grad / hess
        t -= step
        if abs(step) < 1e-9:
            break
    return t


def logit(p: float) -> float:
    p = min(max(p, 1e-6), 1.0 - 1e-6)
    return math.log(p / (1.0 - p))


def log_loss(pairs: list[tuple[float, float]]) -> float:
    """Mean log loss of predicted chances p against outcomes y, over (p, y) pairs."""
    total = 0.0
    for p, y in pairs:
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(pairs)


def cross_entropy(rows: list[tuple[list[float], list[float]]]) -> float:
    """Mean log loss of predicted chances per seat (scaled to add up to one) against the seats'
    shares, over (predicted, shares) rows; for two seats the same as `log_loss` of seat 0."""
    total = 0.0
    for ps, ys in rows:
        norm = sum(ps) or 1.0
        total -= sum(y * math.log(min(max(p / norm, 1e-9), 1.0)) for p, y in zip(ps, ys, strict=True) if y)
    return total / len(rows)


def fit(game: Game, games: int, seed: int = 10_000, players: int = 2, player: str = "greedy",
        jobs: int = 1, ridge: float = RIDGE) -> dict[str, Any]:
    """Weights fitted on the games kept, and the held-out log loss of the fit and of the heuristic
    (`ridge`: the L2 penalty; a few games and many weights want more than `RIDGE`)."""
    train: list[tuple[list[tuple[float, ...]], list[float]]] = []
    held: list[Position] = []
    played = forked_map(game, self_play, [(seed + i, players, player) for i in range(games)], jobs)
    for i, positions in enumerate(played):  # in order; `jobs` > 1 plays them in that many processes
        if i % HOLD_OUT == 0:
            held += positions
        else:
            train += [(fs, ys) for fs, _, ys in positions]
    w = conditional_logit(train, ridge)
    return {"weights": w, "positions": len(train) + len(held), "held_out": len(held),
            "fit_loss": cross_entropy([(shares_of(tuple(w), fs), ys) for fs, _, ys in held]) if held else None,
            "heuristic_loss": cross_entropy([(h, ys) for _, h, ys in held]) if held else None}


def main() -> None:
    from games.registry import get

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="a game id whose game offers features (kashgar, yangtze, himalaya)")
    ap.add_argument("--games", type=int, default=900, help="self-play games (default 900)")
    ap.add_argument("--seed", type=int, default=10_000, help="game i is seeded SEED + i (default 10000)")
    ap.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    ap.add_argument("--player", default="greedy", help="who plays the self-play games (default greedy; e.g. mcts#300)")
    ap.add_argument("--jobs", type=int, default=1, help="play the games in this many processes (default 1)")
    ap.add_argument("--ridge", type=float, default=RIDGE, help=f"the L2 penalty on the weights (default {RIDGE:g})")
    args = ap.parse_args()
    try:
        parse_spec(args.player)
    except ValueError as e:
        ap.error(str(e))
    r = fit(get(args.game), args.games, args.seed, args.players, args.player, args.jobs, args.ridge)
    print(f"{args.game}: {args.games} games of {args.players} seats by {args.player}, "
          f"{r['positions']} positions ({r['held_out']} held out)")
    print(f"held-out log loss: fitted {r['fit_loss']:.4f}, heuristic {r['heuristic_loss']:.4f}")
    print("weights:", "(" + ", ".join(f"{w:.4g}" for w in r["weights"]) + ")")


if __name__ == "__main__":
    main()
