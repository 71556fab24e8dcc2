"""AI strength and search speed per game: `.venv/bin/python bench/bench_ai.py [--game ID] [--pairing A:B] [--games N]`.

For each game (every registered one, or --game; `toy` is the test toy game) and each pairing A:B, one
seat of A plays B in every other seat (at --players, default the game's smallest count), A's seat
rotated; game i is seeded --seed + i, so pairings that share seeds meet the same deals and dice.
A side is a spec of ai.arena.parse_spec: `random`, `greedy`, `easy`, `medium`, `hard`, `mcts` (with
--budget seconds or --iterations a move), `mcts@0.1` (seconds a move), `mcts#300` (iterations a move:
the same work on any machine), `mcts#300/mast=0` (search settings: here without MAST). Prints per pairing: A's wins
(win shares summed: a shared first place counts 1/k), N, the win rate with its Wilson 95 % interval,
the MCTS iterations per second of the whole pairing and the seconds per game; at more than two seats
also how often A finished ahead of each other seat (a tie 1/2; ai.arena.ahead_of_others) with its
interval over the N games. A running tally after every game goes to stderr (so a run cut short still
tells its real N and interval).

    nice -n 19 .venv/bin/python bench/bench_ai.py --game bangkok-klongs --pairing mcts#300:greedy --games 200
"""

from __future__ import annotations

import argparse
import sys
import time

from common import table  # bench/ is on sys.path when run as a script

from ai.arena import PAIRINGS, parse_spec, play_pairing, wilson
from games.registry import all_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per pairing (default 20)")
    ap.add_argument("--budget", type=float, default=0.1, help="seconds a move for a plain `mcts` side (default 0.1)")
    ap.add_argument("--iterations", type=int, help="iterations a move for a plain `mcts` side (instead of --budget)")
    ap.add_argument("--game", action="append", help="game id (repeatable; default: all registered)")
    ap.add_argument("--pairing", action="append", help="A:B, e.g. mcts#300:greedy (repeatable; default: "
                    + ", ".join(f"{a}:{b}" for a, b in PAIRINGS) + ")")
    ap.add_argument("--players", type=int, help="seats per game (default: the game's smallest count)")
    ap.add_argument("--seed", type=int, default=0, help="game i is seeded SEED + i (default 0)")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games side by side (default 1)")
    args = ap.parse_args()

    games = all_games()
    if args.game and "toy" in args.game:
        from tests.toygame import GAME as TOY

        games["toy"] = TOY
    ids = args.game or list(games)
    pairings = [tuple(p.split(":")) for p in args.pairing] if args.pairing else list(PAIRINGS)
    for p in pairings:
        if len(p) != 2:
            ap.error(f"a pairing is A:B, not {':'.join(p)!r}")
        for side in p:
            try:
                parse_spec(side)
            except ValueError as e:
                ap.error(str(e))
    budget = None if args.iterations else args.budget
    for gid in ids:
        game = games[gid]
        players = args.players or game.min_players
        rows = []
        for first, second in pairings:
            t = time.perf_counter()
            wins = [0.0, 0.0]  # win shares, ahead_of_others

            def running(i: int, share: float, ahead: float, wins=wins, name=f"{first} vs {second}") -> None:
                wins[0] += share
                wins[1] += ahead
                lo, hi = wilson(wins[0] / (i + 1), i + 1)
                line = (f"  {name}: game {i + 1} (seed {args.seed + i}) share {share:g}; so far {wins[0]:g}/{i + 1}"
                        f" = {wins[0] / (i + 1):.3f} [{lo:.3f}, {hi:.3f}]")
                if players > 2:
                    lo, hi = wilson(wins[1] / (i + 1), i + 1)
                    line += f"; ahead {ahead:g}, so far {wins[1]:g}/{i + 1} = {wins[1] / (i + 1):.3f} [{lo:.3f}, {hi:.3f}]"
                print(line, file=sys.stderr, flush=True)

            r = play_pairing(game, first, second, args.games, budget, players=players,
                             iterations=args.iterations, seed=args.seed, jobs=args.jobs, on_game=running)
            lo, hi = r.ci95
            n = len(r.shares)
            rows.append([f"{first} vs {second}", f"{sum(r.shares):g}", n, f"{r.share:.3f}", f"[{lo:.3f}, {hi:.3f}]",
                         f"{r.tally.per_second:,.0f}" if r.tally.seconds else "-",
                         f"{(time.perf_counter() - t) * args.jobs / max(n, 1):.1f}"])
            if players > 2:
                lo, hi = wilson(r.ahead_share, n)
                rows[-1][5:5] = [f"{r.ahead_share:.3f} [{lo:.3f}, {hi:.3f}]"]
            print(f"  {rows[-1][0]}: {rows[-1][3]} {rows[-1][4]} over {n}", flush=True)
        plain = f"plain mcts {args.iterations} iterations a move" if args.iterations else f"plain mcts {args.budget:g} s a move"
        head = ["pairing", "wins", "N", "win rate", "Wilson 95%", "iter/s", "s/game"]
        if players > 2:
            head[5:5] = ["ahead of each other seat"]
        table(f"{gid}: {players} players, seeds {args.seed}..{args.seed + args.games - 1}, {plain}", head, rows)


if __name__ == "__main__":
    main()
