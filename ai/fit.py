"""Fit a game's win-chance evaluation to game outcomes: `.venv/bin/python -m ai.fit GAME [--games N]`.

The search judges the state where its tree stops with `game.evaluations` (games/protocol.py). A game
that offers `game.features(state, seat)` can have that judgement fitted instead of written by hand:
this plays N two-seat self-play games (greedy, `EPSILON` of the moves random so the positions vary;
game i is seeded SEED + i), takes every position of the main play (not the final one) with seat 0's
features minus seat 1's and the game's outcome for seat 0 (its win share: 1, 1/2 or 0), and fits
the logistic model P(seat 0 wins) = 1 / (1 + exp(-w . (f0 - f1))) by Newton's method (a small ridge
`RIDGE` keeps it steady). Every fifth game is held out: the log loss of the fit on those games is
printed beside the hand-written heuristic's, so a refit shows whether it predicts better. Prints the
weights to paste into the game's scoring module (Kashgar: `WIN_CHANCE_WEIGHTS`).
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from ai.simple import greedy_move, random_move, win_shares
from games.protocol import CHANCE, Game, sample_chance, sigmoid

EPSILON = 0.1  # share of self-play moves chosen at random
RIDGE = 1.0  # L2 penalty on the weights (the log loss is summed over tens of thousands of positions)
NEWTON_STEPS = 12
MAX_STEPS = 20_000
HOLD_OUT = 5  # every fifth game is held out


def self_play(game: Game, seed: int) -> list[tuple[tuple[float, ...], float, float]]:
    """One two-seat game: per position (features of seat 0 minus seat 1's, the heuristic's chance
    for seat 0, seat 0's final win share)."""
    rng = random.Random(seed)
    ai = [random.Random(f"{seed}/{seat}") for seat in range(2)]
    state = game.setup(2, game.check_options(None))
    seen: list[tuple[tuple[float, ...], float]] = []
    for _ in range(MAX_STEPS):
        actors = game.actors(state)
        if not actors:
            share = win_shares(game.result(state))[0]
            return [(x, h, share) for x, h in seen]
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        f0, f1 = game.features(state, 0), game.features(state, 1)
        if f0 is None or f1 is None:
            raise ValueError(f"{game.id} offers no features to fit")
        seen.append((tuple(a - b for a, b in zip(f0, f1)), game.heuristic(state, 0)))
        seat = min(actors)
        mover = random_move if ai[seat].random() < EPSILON else greedy_move
        state = game.apply(state, seat, mover(game, state, seat, ai[seat]))
    raise RuntimeError(f"no end after {MAX_STEPS} steps")


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small and positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            k = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= k * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def logistic(rows: list[tuple[tuple[float, ...], float]], ridge: float = RIDGE,
             steps: int = NEWTON_STEPS) -> list[float]:
    """Weights w minimising the log loss of sigmoid(w . x) against y (y may be 1/2) over `rows` of
    (x, y), plus ridge/2 |w|^2; no intercept (a position and its mirror image must sum to 1)."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in rows:
            p = sigmoid(sum(wi * xi for wi, xi in zip(w, x)))
            g, h = p - y, p * (1.0 - p)
            for i in range(k):
                grad[i] += g * x[i]
                hx = h * x[i]
                row = hess[i]
                for j in range(i + 1):
                    row[j] += hx * x[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def log_loss(pairs: list[tuple[float, float]]) -> float:
    """Mean log loss of predicted chances p against outcomes y, over (p, y) pairs."""
    total = 0.0
    for p, y in pairs:
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(pairs)


def fit(game: Game, games: int, seed: int = 10_000) -> dict[str, Any]:
    """Weights fitted on the games kept, and the held-out log loss of the fit and of the heuristic."""
    train: list[tuple[tuple[float, ...], float]] = []
    held: list[tuple[tuple[float, ...], float, float]] = []
    for i in range(games):
        positions = self_play(game, seed + i)
        if i % HOLD_OUT == 0:
            held += positions
        else:
            train += [(x, y) for x, _, y in positions]
    w = logistic(train)
    return {"weights": w, "positions": len(train) + len(held), "held_out": len(held),
            "fit_loss": log_loss([(sigmoid(sum(a * b for a, b in zip(w, x))), y) for x, _, y in held]) if held else None,
            "heuristic_loss": log_loss([(h, y) for _, h, y in held]) if held else None}


def main() -> None:
    from games.registry import get

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", help="a game id whose game offers features (kashgar)")
    ap.add_argument("--games", type=int, default=900, help="self-play games (default 900)")
    ap.add_argument("--seed", type=int, default=10_000, help="game i is seeded SEED + i (default 10000)")
    args = ap.parse_args()
    r = fit(get(args.game), args.games, args.seed)
    print(f"{args.game}: {args.games} games, {r['positions']} positions ({r['held_out']} held out)")
    print(f"held-out log loss: fitted {r['fit_loss']:.4f}, heuristic {r['heuristic_loss']:.4f}")
    print("weights:", "(" + ", ".join(f"{w:.4g}" for w in r["weights"]) + ")")


if __name__ == "__main__":
    main()
