"""Post-game analysis spread over the workers: `nice -n 10 .venv/bin/python bench/bench_analysis.py
[--players 4] [--budget 0.5] [--workers 1,2]`.

A Kashgar game of 4 AI seats (random, so it is over quickly) is played to its end on the real stack (an
embedded valkey, the API under granian, RQ worker processes started here). Then it is analysed through the
API (`POST /games/{id}/analysis`, a new seed each time, so nothing is reused) with 1 worker, then with 2
workers: the decisions searched, the wall time from the POST to the last row, and the ratio to the time
with 1 worker (1/W would be a perfect split). The search budget per decision is a time budget, so the
figure measures how well the jobs spread over the workers; the expected-rank samples and the chunking
add the rest."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import running_stack, table  # noqa: E402
from tests.e2e.helpers import wait_until_finished  # noqa: E402
from tests.stack import Stack  # noqa: E402


def finished_game(stack: Stack, players: int) -> str:
    c = stack.client()
    created = c.post("/games", json={"type": "kashgar", "players": [f"p{i}:ai-random" for i in range(players)]})
    created.raise_for_status()
    wait_until_finished(c, created.json()["id"], timeout=600)
    return created.json()["id"]


def analyse(stack: Stack, game_id: str, budget: float, seed: int, timeout: float) -> tuple[float, dict]:
    """Seconds from the POST until every row is written, and the final report."""
    c = stack.client()
    t0 = time.perf_counter()
    r = c.post(f"/games/{game_id}/analysis", json={"budget": budget, "seed": seed})
    if r.status_code != 202:
        raise RuntimeError(f"analysis not queued: {r.status_code} {r.text[:200]}")
    deadline = time.monotonic() + timeout
    while True:
        body = c.get(f"/games/{game_id}/analysis").json()
        if body["status"] == "done" and body["engine"]["seed"] == seed:
            return time.perf_counter() - t0, body
        if time.monotonic() > deadline:
            raise RuntimeError(f"not done after {timeout} s: {body['done']}/{body['total']}")
        time.sleep(0.05)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--budget", type=float, default=0.5, help="seconds of search per decision (the default's)")
    ap.add_argument("--workers", default="1,2", help="worker counts, comma-separated (the first is the baseline)")
    ap.add_argument("--timeout", type=float, default=3600)
    args = ap.parse_args()
    counts = [int(x) for x in args.workers.split(",")]
    with running_stack("bench-analysis-", workers=2) as stack:
        game_id = finished_game(stack, args.players)
        stack.kill_workers()
        rows, base = [], None
        for i, w in enumerate(counts):
            for _ in range(w):
                stack.start_worker()
            time.sleep(2.0)  # the workers are listening before the jobs come
            dt, body = analyse(stack, game_id, args.budget, seed=1000 + i, timeout=args.timeout)
            stack.kill_workers()
            decisions = sum(1 for r in body["rows"] if r["kind"] == "decision" and r["class"] != "forced")
            base = base or dt
            rows.append([w, decisions, body["total"], body["jobs"], dt, dt / base, f"{1 / w:.2f}"])
        table(f"analysis of one {args.players}-player Kashgar game ({game_id}), {args.budget:g} s per decision",
              ["workers", "decisions searched", "steps", "jobs", "wall s", "ratio to 1 worker", "ideal"], rows)


if __name__ == "__main__":
    main()
