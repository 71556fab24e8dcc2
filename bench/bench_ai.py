"""AI strength and search speed per game: `.venv/bin/python bench/bench_ai.py [--games N] [--budget S] [--game ID]`.

For each game (every registered one, or --game; `toy` is the test toy game) and each pairing, one seat
of the first level plays the second level in every other seat at the smallest player count, seats
rotated. Prints the first level's win share with its 95 % interval and MCTS iterations per second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import PAIRINGS, play_pairing  # noqa: E402
from games.registry import all_games  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    ap.add_argument("--budget", type=float, default=0.1, help="MCTS seconds per move (default 0.1)")
    ap.add_argument("--game", action="append", help="game id (repeatable; default: all registered)")
    ap.add_argument("--pairing", action="append", help="e.g. mcts:random (repeatable; default: all three)")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    games = all_games()
    if args.game and "toy" in args.game:
        from tests.toygame import GAME as TOY

        games["toy"] = TOY
    ids = args.game or list(games)
    pairings = [tuple(p.split(":")) for p in args.pairing] if args.pairing else list(PAIRINGS)
    if not ids:
        print("no games registered")
        return
    for gid in ids:
        game = games[gid]
        print(f"\n{gid}: {game.min_players} players, {args.games} games per pairing, mcts {args.budget:g} s/move")
        print(f"{'pairing':<18}{'games':>6}{'win share':>11}{'95% CI':>16}{'iter/s':>9}{'seconds':>9}")
        for first, second in pairings:
            t = time.perf_counter()
            r = play_pairing(game, first, second, args.games, args.budget, seed=args.seed)
            lo, hi = r.ci95
            speed = f"{r.tally.per_second:,.0f}" if r.tally.seconds else "-"
            print(f"{first + ' vs ' + second:<18}{len(r.shares):>6}{r.share:>11.3f}{f'[{lo:.3f}, {hi:.3f}]':>16}"
                  f"{speed:>9}{time.perf_counter() - t:>9.1f}", flush=True)


if __name__ == "__main__":
    main()
