"""Sign-in time under concurrent sign-ins (issue 57): `--concurrent` accounts sign in at once (POST
/sessions, argon2id in the API's threads), `--rounds` times, on the real stack (the API over HTTP);
prints p50, p99 and the slowest, and how long a `/health` took meanwhile (the event loop is not held
by the hashing).

    .venv/bin/python bench/bench_accounts.py --concurrent 20 --rounds 5
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time

import httpx

from bench.common import percentile, running_stack, table

PASSWORD = "a long enough passphrase"


async def one_sign_in(c: httpx.AsyncClient, name: str) -> float:
    t0 = time.perf_counter()
    r = await c.post("/sessions", json={"name": name, "password": PASSWORD})
    took = time.perf_counter() - t0
    assert r.status_code == 200, r.text
    return took


async def health_meanwhile(c: httpx.AsyncClient, stop: asyncio.Event) -> list[float]:
    took = []
    while not stop.is_set():
        t0 = time.perf_counter()
        assert (await c.get("/health")).status_code == 200
        took.append(time.perf_counter() - t0)
        await asyncio.sleep(0.05)
    return took


async def measure(url: str, concurrent: int, rounds: int) -> tuple[list[float], list[float], list[float]]:
    names = [f"bench{secrets.token_hex(4)}" for _ in range(concurrent)]
    limits = httpx.Limits(max_connections=concurrent + 2)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as c:
        for name in names:
            assert (await c.post("/accounts", json={"name": name, "password": PASSWORD})).status_code == 201
        alone = [await one_sign_in(c, n) for n in names]  # one at a time: the work of one sign-in, no queue
        sign_ins: list[float] = []
        stop = asyncio.Event()
        health = asyncio.create_task(health_meanwhile(c, stop))
        for _ in range(rounds):
            sign_ins += await asyncio.gather(*(one_sign_in(c, n) for n in names))
        stop.set()
        return alone, sign_ins, await health


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--concurrent", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    with running_stack("caravan-bench-accounts-", workers=0) as stack:
        alone, sign_ins, health = asyncio.run(measure(stack.url, args.concurrent, args.rounds))
    rows = [["sign-in (one at a time)", len(alone), percentile(alone, 50) * 1000, percentile(alone, 99) * 1000,
             max(alone) * 1000],
            [f"sign-in ({args.concurrent} at once)", len(sign_ins), percentile(sign_ins, 50) * 1000,
             percentile(sign_ins, 99) * 1000, max(sign_ins) * 1000],
            ["GET /health meanwhile", len(health), percentile(health, 50) * 1000, percentile(health, 99) * 1000,
             max(health) * 1000]]
    table("sign-in time (ms)", ["what", "n", "p50", "p99", "max"], rows)


if __name__ == "__main__":
    main()
