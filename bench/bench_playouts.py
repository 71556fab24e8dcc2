"""Random playouts and search speed per game: `.venv/bin/python bench/bench_playouts.py [--seconds S] [--iterations N]`.

For every registered game at its smallest player count: complete random playouts a second
(tests/contract.py's `random_playout`, seeds 0, 1, 2, … for about --seconds, default 3), and the
seconds a seeded search with a fixed iteration cap takes (ai.ismcts.search, --iterations a search,
default 2000, no clock in the search itself) summed over the decision points of
tests/ai/same_choices.py's `decision_points` (seed 11, 4 points). Each timing is the best of
--repeats runs (default 3), and the time is this process's CPU time (`time.process_time`), so other jobs
on a shared machine change the reading less than they change the wall clock. Run it before and after a
change to the games to see that no game got slower.

    .venv/bin/python bench/bench_playouts.py
"""

from __future__ import annotations

import argparse
import random
import time

from common import table  # bench/ is on sys.path when run as a script

from ai.ismcts import search
from games.registry import all_games
from tests.ai.same_choices import decision_points
from tests.contract import random_playout


def playouts_per_second(game, seconds: float) -> float:
    """Random playouts finished a CPU second, over about `seconds` of CPU time."""
    done, t0 = 0, time.process_time()
    while (took := time.process_time() - t0) < seconds:
        random_playout(game, game.min_players, done)
        done += 1
    return done / took


def search_seconds(game, points, iterations: int) -> float:
    """CPU seconds the seeded, iteration-capped searches at `points` take, all together."""
    t0 = time.process_time()
    for state, seat in points:
        search(game, state, seat, random.Random(3), budget=None, iterations=iterations)
    return time.process_time() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds of playouts a game and run (default 3)")
    ap.add_argument("--iterations", type=int, default=2000, help="iterations a search (default 2000)")
    ap.add_argument("--repeats", type=int, default=3, help="runs a timing, the best kept (default 3)")
    args = ap.parse_args()
    rows = []
    for gid, game in all_games().items():
        points = decision_points(game, game.min_players, seed=11, wanted=4)
        rate = max(playouts_per_second(game, args.seconds) for _ in range(args.repeats))
        took = min(search_seconds(game, points, args.iterations) for _ in range(args.repeats))
        rows.append([gid, game.min_players, rate, len(points), took])
    table(f"random playouts and {args.iterations}-iteration searches (best of {args.repeats})",
          ["game", "players", "playouts/CPU s", "searches", "search CPU s"], rows)


if __name__ == "__main__":
    main()
