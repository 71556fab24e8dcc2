"""Replaying (`GET /games/{id}/state?at=N`) and verifying (`GET /games/{id}/verify`) over HTTP on the real
stack (loopback), at N = 10 and N = 2,000: a replay starts from the snapshot kept at or before N, so it
should cost about the same at both. Target: replay at 2,000 / replay at 10 <= 1.3. Verifying checks every
event (the hash chain, each chance outcome and move through the rules), so its cost grows with the log:
the table shows by how much.

    .venv/bin/python bench/bench_replay_service.py [--requests 150]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import percentile, running_stack, table, timed_get  # noqa: E402
from tests.stack import Stack  # noqa: E402

LENGTHS = (10, 2000, 2000 + 63)  # the last: the longest tail a replay folds on top of its snapshot


def long_game(stack: Stack, events: int) -> str:
    created = stack.client().post("/games", json={"type": "step", "players": ["solo"]}).json()
    game_id = created["id"]
    with stack.client(created["seats"][0]["token"]) as c:
        for v in range(1, events + 1):  # one more than N: state?at=N is then a replay, not the live state
            r = c.post(f"/games/{game_id}/moves", json={"move": {"type": "step"}, "expected_version": v})
            assert r.status_code == 201, r.text
    return game_id


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=150, help="requests per row (in 3 interleaved rounds)")
    args = ap.parse_args()
    with running_stack("caravan-bench-replay-", workers=1, CARAVAN_GAME_MODULES="bench.stepgame") as stack:
        games = {n: long_game(stack, n) for n in LENGTHS}
        times: dict[tuple[str, int], list[float]] = {}
        with stack.client() as c:
            for _ in range(3):  # interleaved rounds, medians: robust to a busy machine
                for n, game_id in games.items():
                    for what, path in (("replay", f"/games/{game_id}/state?at={n}"), ("verify", f"/games/{game_id}/verify")):
                        times.setdefault((what, n), []).extend(timed_get(c, path) for _ in range(args.requests // 3))
    rows = []
    for what in ("replay", "verify"):
        base = statistics.median(times[(what, 10)])
        for n in LENGTHS:
            ts = times[(what, n)]
            rows.append([what, n, statistics.median(ts) * 1e3, percentile(ts, 99) * 1e3, statistics.median(ts) / base])
    table("replay (state?at=N) and verify over HTTP, loopback (target: replay ratio <= 1.3)",
          ["read", "N", "median ms", "p99 ms", "ratio to N=10"], rows)


if __name__ == "__main__":
    main()
