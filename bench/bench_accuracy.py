"""Whether the analysis's accuracy orders players: games between two levels, every decision with a choice judged by
`ai.analysis.judge` as the workers judge it (an iteration cap, no clock: the same table on any machine;
`bench_calibration.judged_play`). Per game type and pairing: each level's mean accuracy (the share of what its
decisions put at stake that its moves kept, `ai.analysis.accuracy`), and how often the game's winner had the
higher accuracy (above the other seats' mean). Levels (ai/__init__.py): easy is random, medium greedy, hard mcts#1000.

    .venv/bin/python bench/bench_accuracy.py --game yangtze --games 2 --pairs hard:medium     # 400 iterations a decision
    .venv/bin/python bench/bench_accuracy.py --load /tmp/cal_700000.jsonl     # games bench_calibration.py --save'd
"""

from __future__ import annotations

from statistics import mean

from bench_calibration import options, played  # bench/ is on sys.path when run as a script
from common import table

PAIRS = "random:greedy,greedy:hard,random:hard"
ITERATIONS = 400  # a judge weaker than the player it judges misreads it: at 100 iterations a decision Yangtze's hard
# (mcts#1000) read 28 and 49 against greedy's 69 and 80 in the same two games, at 400 88 and 96 against 71 and 77


def summary(results: list[dict]) -> list[list]:
    """One row per pairing A:B: games, A's and B's mean accuracy (over their seats' accuracies), games with a sole
    winner, and the share of those where the winner's accuracy was above the mean of the other seats'."""
    rows = []
    for pair in sorted({r["pair"] for r in results}):
        a, b = pair.split(":")
        games = [r for r in results if r["pair"] == pair]
        accs: dict[str, list[float]] = {a: [], b: []}
        higher = decided = 0
        for r in games:
            for seat, spec in enumerate(r["specs"]):
                if r["accuracy"][seat] is not None:
                    accs[spec].append(r["accuracy"][seat])
            winners = [s for s, share in enumerate(r["shares"]) if share == 1.0]
            others = [x for s, x in enumerate(r["accuracy"]) if s not in winners and x is not None]
            if len(winners) == 1 and others and r["accuracy"][winners[0]] is not None:
                decided += 1
                higher += r["accuracy"][winners[0]] > mean(others)
        rows.append([pair, len(games), round(mean(accs[a]), 1) if accs[a] else "-",
                     round(mean(accs[b]), 1) if accs[b] else "-", decided,
                     f"{higher}/{decided}" + (f" ({100 * higher / decided:.0f} %)" if decided else "")])
    return rows


def main() -> None:
    args = options(__doc__, PAIRS, ITERATIONS).parse_args()
    for game_id, results in played(args):
        seeds = sorted(r["seed"] for r in results)
        table(f"{game_id}: mean accuracy by level ({len(results)} games, seeds {seeds[0]}..{seeds[-1]})",
              ["pairing A:B", "games", "A", "B", "sole winner", "winner's accuracy higher"], summary(results))


if __name__ == "__main__":
    main()
