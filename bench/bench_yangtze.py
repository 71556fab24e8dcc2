"""Yangtze random playouts: complete games per second on one core, microseconds per
legal_moves + apply, moves per game. Run: .venv/bin/python bench/bench_yangtze.py"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.protocol import CHANCE, sample_chance  # noqa: E402
from games.yangtze import GAME  # noqa: E402

SECONDS = 3.0


def playout(players: int, seed: int) -> tuple[int, float]:
    """One random game; returns (seat moves, seconds spent in legal_moves + apply for them)."""
    rng = random.Random(seed)
    s = GAME.setup(players, {})
    moves, spent = 0, 0.0
    clock = time.perf_counter
    while True:
        actors = GAME.actors(s)
        if not actors:
            return moves, spent
        if CHANCE in actors:
            s = GAME.apply(s, CHANCE, sample_chance(GAME.chance(s), rng))
            continue
        seat = next(iter(actors))
        t0 = clock()
        legal = GAME.legal_moves(s, seat)
        move = legal[rng.randrange(len(legal))]
        s = GAME.apply(s, seat, move)
        spent += clock() - t0
        moves += 1


def main() -> None:
    print(f"{'players':>7} {'games/s':>9} {'µs/move':>9} {'moves/game':>11} {'games':>6}")
    for players in (2, 3, 4):
        games = moves = 0
        spent = 0.0
        start = time.perf_counter()
        while time.perf_counter() - start < SECONDS:
            m, t = playout(players, games)
            games += 1
            moves += m
            spent += t
        elapsed = time.perf_counter() - start
        print(f"{players:>7} {games / elapsed:>9.0f} {1e6 * spent / moves:>9.1f} {moves / games:>11.1f} {games:>6}")


if __name__ == "__main__":
    main()
