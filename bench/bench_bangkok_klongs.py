"""Random playouts of Bangkok Klongs: complete games per second on one core (CPU time, so other load on the machine does not count), and microseconds per
legal_moves + apply. Run: .venv/bin/python bench/bench_bangkok_klongs.py [games per player count]"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bangkok_klongs import GAME  # noqa: E402
from games.protocol import CHANCE, sample_chance  # noqa: E402


def playout(players: int, seed: int) -> tuple[int, float]:
    """One random game; (decisions made, seconds spent in legal_moves + apply for them)."""
    rng = random.Random(seed)
    state = GAME.setup(players, {})
    moves, spent = 0, 0.0
    while True:
        actors = GAME.actors(state)
        if not actors:
            return moves, spent
        t = time.process_time()
        if CHANCE in actors:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance(state), rng))
        else:
            actor = min(actors)
            state = GAME.apply(state, actor, rng.choice(GAME.legal_moves(state, actor)))
        spent += time.process_time() - t
        moves += 1


def main() -> None:
    n_games = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"{'players':>7} {'games/s':>9} {'us/move':>9} {'moves/game':>11}")
    for players in (2, 3, 4):
        start = time.process_time()
        total_moves, spent = 0, 0.0
        for seed in range(n_games):
            m, t = playout(players, seed)
            total_moves += m
            spent += t
        elapsed = time.process_time() - start
        print(f"{players:>7} {n_games / elapsed:>9.0f} {1e6 * spent / total_moves:>9.1f} {total_moves / n_games:>11.1f}")


if __name__ == "__main__":
    main()
