"""Loading a game cold (no state in process): snapshot + tail, so move 2,000 should cost about what
move 10 does. Target: load at move 2,000 / load at move 10 <= 1.3.

    .venv/bin/python bench/bench_load.py [--loads 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import fresh_server, table  # noqa: E402

os.environ.setdefault("CARAVAN_GAME_MODULES", "bench.stepgame")

from redis.asyncio import Redis  # noqa: E402

from events.store import EventStore  # noqa: E402
from projections.loader import SNAPSHOT_EVERY, Loader  # noqa: E402
from service.commands import Commands, CreateGame  # noqa: E402


async def play(games: Commands, moves: int) -> str:
    game_id, seats = await games.create(CreateGame(type="step", players=("solo",)))
    for _ in range(moves):
        await games.submit(game_id, 0, {"type": "step"})
    return game_id


async def cold_loads(redis: Redis, game_id: str, n: int) -> list[float]:
    times = []
    for _ in range(n):
        loader = Loader(EventStore(redis))  # nothing in process
        t0 = time.perf_counter()
        await loader.load(game_id)
        times.append(time.perf_counter() - t0)
    return times


async def run(url: str, loads: int) -> list[list]:
    redis = Redis.from_url(url)
    store = EventStore(redis)
    games = Commands(store, Loader(store))
    rows = []
    ids = {m: await play(games, m) for m in (10, 2000)}
    # the last snapshot of the long game is up to SNAPSHOT_EVERY-1 events old: measure the worst tail too
    ids[2000 + SNAPSHOT_EVERY - 1] = await play(games, 2000 + SNAPSHOT_EVERY - 1)
    medians = {}
    for _ in range(3):  # interleave, medians: robust to a busy machine
        for moves, game_id in ids.items():
            medians.setdefault(moves, []).extend(await cold_loads(redis, game_id, loads // 3))
    base = statistics.median(medians[10])
    for moves, ts in medians.items():
        rows.append([moves, statistics.median(ts) * 1e6, sorted(ts)[int(0.99 * len(ts))] * 1e6, statistics.median(ts) / base])
    await redis.aclose()
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--loads", type=int, default=300)
    args = ap.parse_args()
    server = fresh_server(durable=False)
    try:
        rows = asyncio.run(run(server.url, args.loads))
    finally:
        server.stop()
    table(f"cold load (snapshot every {SNAPSHOT_EVERY} events + tail; target ratio <= 1.3)",
          ["at move", "median µs", "p99 µs", "ratio to move 10"], rows)


if __name__ == "__main__":
    main()
