"""Append throughput: the Lua append (expected version, idempotency, chain head, notification) vs a
plain XADD of the same envelope, on the same server, 32 concurrent writers on 32 games.

    .venv/bin/python bench/bench_append.py [--seconds 2] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import fresh_server, table  # noqa: E402

from redis.asyncio import Redis

from events import keys
from events.envelope import encoder, seal_payload
from events.store import EventStore

WRITERS = 32


async def run(url: str, seconds: float, lua: bool) -> float:
    redis = Redis.from_url(url, max_connections=WRITERS * 2)
    store = EventStore(redis)
    done = 0
    stop = time.monotonic() + seconds

    async def writer(w: int) -> None:
        nonlocal done
        game = f"bench-{'lua' if lua else 'xadd'}-{w}-{time.monotonic_ns()}"  # a fresh stream every round
        prev, v = "", 0
        while time.monotonic() < stop:
            e = seal_payload(v + 1, 0, "move", {"move": {"type": "step", "by": 1}}, prev=prev)
            if lua:
                await store.append(game, v, [e])
            else:
                await redis.xadd(keys.stream(game), {"e": encoder.encode(e)}, id=f"{v + 1}-0")
            prev, v = e.hash, v + 1
            done += 1

    t0 = time.monotonic()
    await asyncio.gather(*(writer(w) for w in range(WRITERS)))
    rate = done / (time.monotonic() - t0)
    await redis.aclose()
    return rate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    rows = []
    for durable in (True, False):
        server = fresh_server(durable=durable)
        xs, ls = [], []
        try:
            for _ in range(args.rounds):  # alternate, and take medians: robust to a busy machine
                xs.append(asyncio.run(run(server.url, args.seconds, lua=False)))
                ls.append(asyncio.run(run(server.url, args.seconds, lua=True)))
        finally:
            server.stop()
        xadd, lua = statistics.median(xs), statistics.median(ls)
        rows.append(["appendfsync always" if durable else "no AOF", xadd, lua, lua / xadd])
    table(f"append throughput, {WRITERS} writers (appends/s; target ratio >= 0.8)",
          ["store", "plain XADD", "Lua append", "ratio"], rows)


if __name__ == "__main__":
    main()
