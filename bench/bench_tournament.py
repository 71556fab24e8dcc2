"""All-AI round robin throughput: `.venv/bin/python bench/bench_tournament.py [--entrants 8] [--workers 1,2,4]`.

For each registered game: a round robin of 8 random AI entrants at tables of 2 (or the game's
smallest table when it needs more), created over HTTP and played to the end by the workers through
the real stack (Redis, the API under granian, RQ worker processes started here). Prints the games per
second with 1, 2 and 4 workers, and the events per second they appended."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import running_stack  # noqa: E402
from games import registry  # noqa: E402
from tests.stack import Stack  # noqa: E402


def run_one(stack: Stack, game: str, table: int, entrants: int, timeout: float) -> tuple[float, int, int]:
    """Seconds from creation to the last result, games played, events appended by the tables."""
    c = stack.client()
    players = [f"bot{i}:ai-random" for i in range(entrants)]
    t0 = time.perf_counter()
    r = c.post("/tournaments", json={"type": game, "table_size": table, "players": players})
    r.raise_for_status()
    tid = r.json()["id"]
    deadline = time.monotonic() + timeout
    while True:
        t = c.get(f"/tournaments/{tid}").json()
        if t["status"] == "finished":
            break
        if time.monotonic() > deadline:
            raise RuntimeError(f"{game}: not finished after {timeout} s ({t['progress']})")
        time.sleep(0.02)
    dt = time.perf_counter() - t0
    events = sum(c.get(f"/games/{g['id']}").json()["version"] for g in t["games"])
    return dt, len(t["games"]), events


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--entrants", type=int, default=8)
    ap.add_argument("--workers", default="1,2,4", help="worker counts, comma-separated")
    ap.add_argument("--games", default="", help="game ids (default: every registered game)")
    ap.add_argument("--timeout", type=float, default=600)
    args = ap.parse_args()
    counts = [int(x) for x in args.workers.split(",")]
    names = [g for g in args.games.split(",") if g] or list(registry.all_games())
    with running_stack("bench-tournament-", workers=0) as stack:
        print(f"all-AI round robin, {args.entrants} random entrants; games/s (events/s) by worker count")
        print(f"{'game':<16}{'table':>6}{'games':>6}" + "".join(f"{f'{w} worker' + ('s' if w > 1 else ''):>20}" for w in counts))
        for name in names:
            game = registry.get(name)
            table = max(2, game.min_players)
            cells, played = [], 0
            for w in counts:
                stack.kill_workers()
                for _ in range(w):
                    stack.start_worker()
                time.sleep(1.0)  # let the workers connect
                dt, played, events = run_one(stack, name, table, args.entrants, args.timeout)
                cells.append(f"{played / dt:8.1f} ({events / dt:6.0f})")
            print(f"{name:<16}{table:>6}{played:>6}" + "".join(f"{c:>20}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
