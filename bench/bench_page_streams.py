"""Web pages following fast AI games: how long /health takes while N page streams
(`GET /games/{id}/view/stream`) follow G all-AI Kashgar games (mcts at 0.02 s a move), and how many
streams were dropped (issue 55, item 9).

    .venv/bin/python bench/bench_page_streams.py [--streams 300] [--games 10] [--seconds 20] [--every 0.2 0]

Each `--every` is a run with that CARAVAN_PAGE_FRAME_EVERY (0: a frame after every event). Before frames were
shared (each stream built its own after each event), 300 streams on 10 such games: /health p50 8.9 s, 11
streams dropped (the issue's figure); here, on a 2-core machine at load average 15: 4 answers in 20 s, p50
6.8 s, max 9.0 s, 319 frames sent. Shared (same machine, same load): every 0.2 s, 53 answers, p50 35 ms, p95
583 ms, max 1.6 s, 1,885 frames, 0 dropped; every event (0), 35 answers, p50 109 ms, max 4.0 s, 2,098 frames.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import percentile, running_stack, table  # noqa: E402
from tests.e2e import page_load  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--streams", type=int, default=300)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--every", type=float, nargs="+", default=[0.2])
    args = ap.parse_args()
    rows = []
    for every in args.every:
        with running_stack("caravan-bench-pages-", workers=1, CARAVAN_MAX_STREAMS_PER_CLIENT="100000",
                           CARAVAN_MAX_PAGE_STREAMS_PER_CLIENT="100000", CARAVAN_MAX_PAGE_STREAMS="100000",
                           CARAVAN_PAGE_FRAME_EVERY=str(every)) as stack:
            games = page_load.all_ai_games(stack.client(), args.games, "kashgar", "ai-mcts@0.02")
            load = page_load.run(stack.url, stack.port, games, args.streams, args.seconds)
            h = [x * 1000 for x in load.health]
            rows.append([every, args.streams, args.games, len(h), round(percentile(h, 50)), round(percentile(h, 95)),
                         round(max(h)), sum(f.frames for f in load.streams), len(load.dropped)])
    table(f"/health under page streams for {args.seconds:g} s (ms)",
          ["frame every (s)", "streams", "games", "/health asked", "p50", "p95", "max", "frames sent", "dropped"], rows)


if __name__ == "__main__":
    main()
