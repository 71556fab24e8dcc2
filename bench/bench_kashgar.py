"""Kashgar random playouts: complete games per second on one core (CPU time), and µs per legal_moves + apply.

    .venv/bin/python bench/bench_kashgar.py [games per player count] [variant: none|all]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.kashgar import GAME  # noqa: E402
from games.protocol import CHANCE, sample_chance  # noqa: E402


def playout(players: int, seed: int, options) -> int:
    rng = random.Random(seed)
    state = GAME.setup(players, GAME.check_options(options))
    steps = 0
    while True:
        actors = GAME.actors(state)
        if not actors:
            return steps
        if CHANCE in actors:
            move, actor = sample_chance(GAME.chance(state), rng), CHANCE
        else:
            actor = min(actors)
            moves = GAME.legal_moves(state, actor)
            move = moves[rng.randrange(len(moves))]
        state = GAME.apply(state, actor, move)
        steps += 1


def main() -> None:
    n_games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    variant = sys.argv[2] if len(sys.argv) > 2 else "none"
    print(f"Kashgar random playouts ({n_games} games per player count, variant {variant})")
    print(f"{'players':>7} {'games/s':>9} {'µs/move':>9} {'moves/game':>11}")
    for players in (2, 3, 4):
        t0 = time.process_time()
        steps = sum(playout(players, seed, {"hauen_und_stechen": variant}) for seed in range(n_games))
        dt = time.process_time() - t0
        print(f"{players:>7} {n_games / dt:>9.1f} {1e6 * dt / steps:>9.1f} {steps / n_games:>11.0f}")


if __name__ == "__main__":
    main()
