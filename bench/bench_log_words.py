"""The log in words, each move told from the position it was played in (service/said.py), over HTTP on the
real stack: a finished 4-player Kashgar game between random AIs (about 1,000 events). Rows: the whole log
without and with `?words=true` (the words are worked out in the replay processes: one replay to the page's
start, then one fold of the page), the last 40 events in words, the live page's frame (`/view/frame`: its
40 events told from a kept or replayed position) and stepping the replay page forward (`/view/frame?at=N`,
N, N+1, …: each step starts from the position the step before kept).

    .venv/bin/python bench/bench_log_words.py [--requests 60]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import percentile, running_stack, table, timed_get  # noqa: E402
from tests.e2e.helpers import wait_until_finished  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=60, help="requests per row")
    args = ap.parse_args()
    with running_stack("caravan-bench-words-", workers=1) as stack:
        created = stack.client().post("/games", json={"type": "kashgar", "players": [f"p{i}:ai-random" for i in range(4)]}).json()
        game_id = created["id"]
        events = wait_until_finished(stack.client(), game_id, timeout=600)["version"]
        base = f"/games/{game_id}"
        rows = []
        with stack.client() as c:
            cases = [
                ("the whole log", f"{base}/events", {"limit": 10000}),
                ("the whole log in words", f"{base}/events", {"limit": 10000, "words": "true"}),
                ("the last 40 in words", f"{base}/events", {"from": events - 39, "words": "true"}),
                ("the live page's frame", f"{base}/view/frame", None),
            ]
            for name, path, params in cases:
                ts = [timed_get(c, path, params) for _ in range(args.requests)]
                rows.append([name, statistics.median(ts) * 1e3, percentile(ts, 95) * 1e3])
            start = events // 2
            ts = [timed_get(c, f"{base}/view/frame", {"at": start + i}) for i in range(args.requests)]
            rows.append(["the replay page, one step forward", statistics.median(ts) * 1e3, percentile(ts, 95) * 1e3])
    table(f"the log in words over HTTP, loopback (a 4-player Kashgar game of {events} events)",
          ["read", "median ms", "p95 ms"], rows)


if __name__ == "__main__":
    main()
