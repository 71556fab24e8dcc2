"""Whether the analysis's accuracy tells play apart: one seat moves at random, the others are the engine (or
`--other`), and every decision with a choice is judged by `ai.analysis.judge` as the workers judge it (an
iteration cap, no clock: the same table on any machine). One row a game: the random seat's accuracy and each
other seat's (the share of what its decisions put at stake that its moves kept, `ai.analysis.accuracy`).

    .venv/bin/python bench/bench_accuracy.py --game yangtze --games 12            # 2,000 iterations a decision
    .venv/bin/python bench/bench_accuracy.py --game himalaya --games 2 --iterations 400 --other mcts#300
"""

from __future__ import annotations

import argparse
import random

from common import table  # bench/ is on sys.path when run as a script

from ai.analysis import accuracy, judge
from ai.arena import parse_spec, spec_move
from games.protocol import CHANCE, sample_chance
from games.registry import get


def judged_game(game, players: int, other: str, seed: int, iterations: int) -> tuple[int, list[float | None]]:
    """Seat 0 at random, the rest `other`; (the random seat's judged decisions, each seat's accuracy)."""
    rng, specs = random.Random(seed), [parse_spec("random")] + [parse_spec(other)] * (players - 1)
    ai_rngs = [random.Random(f"{seed}/{s}") for s in range(players)]
    losses: list[list[float]] = [[] for _ in range(players)]
    stakes: list[list[float]] = [[] for _ in range(players)]
    state = game.setup(players, game.check_options(None))
    while actors := game.actors(state):
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        seat = min(actors)
        move = spec_move(game, state, seat, specs[seat], ai_rngs[seat], None, None)
        if len(game.legal_moves(state, seat)) > 1:
            v = judge(game, state, seat, move, random.Random(f"{seed}:{seat}:{len(losses[seat])}"),
                      budget=None, iterations=iterations, seats=players)
            if not v.forced:
                losses[seat].append(v.loss)
                stakes[seat].append(v.stakes)
        state = game.apply(state, seat, move)
    return len(losses[0]), [accuracy(losses[s], stakes[s]) for s in range(players)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="kashgar")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--iterations", type=int, default=2000, help="search iterations a decision")
    ap.add_argument("--other", default="mcts#1000", help="the other seats' player (bench_ai.py's spec)")
    args = ap.parse_args()
    game = get(args.game)
    players = game.min_players
    rows = []
    for seed in range(args.seed, args.seed + args.games):
        n, accs = judged_game(game, players, args.other, seed, args.iterations)
        rows.append([seed, n] + ["-" if a is None else round(a, 1) for a in accs])
    table(f"{args.game}: accuracy of a random seat and of {args.other} ({args.iterations} iterations a decision)",
          ["seed", "random's decisions", "random"] + [f"{args.other} (seat {s})" for s in range(1, players)], rows)


if __name__ == "__main__":
    main()
