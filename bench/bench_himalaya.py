"""Himalaya random playouts: `.venv/bin/python bench/bench_himalaya.py [--games N] [--events on|off]`.

Prints per player count: complete random games per second on one core, microseconds per
legal_moves + apply, and moves per game (chance steps included)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.himalaya import GAME  # noqa: E402
from tests.contract import random_playout  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per player count (default 200)")
    ap.add_argument("--events", choices=("on", "off"), default="on")
    args = ap.parse_args()
    options = {"events": args.events == "on"}
    print(f"himalaya random playouts, events {args.events}, {args.games} games per player count")
    print(f"{'players':>7}{'games/s':>10}{'us/move':>10}{'moves/game':>12}")
    for players in range(GAME.min_players, GAME.max_players + 1):
        moves = 0
        t = time.perf_counter()
        for seed in range(args.games):
            _, history = random_playout(GAME, players, seed, options)
            moves += len(history)
        dt = time.perf_counter() - t
        print(f"{players:>7}{args.games / dt:>10.0f}{dt / moves * 1e6:>10.1f}{moves / args.games:>12.0f}", flush=True)


if __name__ == "__main__":
    main()
