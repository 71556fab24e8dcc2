"""The whole service under load, on one machine (loopback only): 200 live event streams open, then at once a
burst of 2,000 moves from 32 clients (each playing its own game) and 100 AI games created together, while
/health is polled. Prints moves/s, move latency p50/p99, /health latency during the burst, how long the
workers took to drain the queues (every AI game finished), and the error count, which must be 0.

    .venv/bin/python bench/bench_load_service.py [--moves 2000] [--clients 32] [--streams 200] [--ai-games 100]
                                                 [--workers 2] [--level ai-greedy]

Every count is bounded and every wait has a timeout (--timeout, per phase).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import percentile, running_stack, table  # noqa: E402
from tests.stack import Stack  # noqa: E402


class Errors:
    def __init__(self):
        self.lock, self.seen = threading.Lock(), []

    def add(self, what: str) -> None:
        with self.lock:
            self.seen.append(what)


async def hold_streams(port: int, paths: list[str], opened: threading.Event, stop: threading.Event,
                       errors: Errors, received: list[int]) -> None:
    """Open one raw SSE connection per path and read them until `stop`; count the events received."""
    async def one(i: int, path: str):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
        if b" 200 " not in head.split(b"\r\n")[0]:
            errors.add(f"stream {i}: {head.split(chr(13).encode())[0]!r}")
        return reader, writer

    conns = await asyncio.gather(*(one(i, p) for i, p in enumerate(paths)), return_exceptions=True)
    live = [c for c in conns if not isinstance(c, BaseException)]
    for c in conns:
        if isinstance(c, BaseException):
            errors.add(f"stream: {c!r}")
    opened.set()

    async def drain(i: int, reader: asyncio.StreamReader):
        tail = b""
        while not stop.is_set():
            try:
                chunk = await asyncio.wait_for(reader.read(65536), 0.5)
            except asyncio.TimeoutError:
                continue
            if not chunk:
                errors.add(f"stream {i} closed early")
                return
            received[0] += (tail + chunk).count(b"\nid: ")  # an event's id line (split chunks: the tail)
            tail = chunk[-5:]

    await asyncio.gather(*(drain(i, r) for i, (r, _) in enumerate(live)))
    for _, w in live:
        w.close()


def player(stack: Stack, game_id: str, token: str, moves: int, go: threading.Barrier, lat: list[float],
           errors: Errors) -> None:
    with stack.client(token) as c:
        go.wait()
        for v in range(1, moves + 1):
            t0 = time.perf_counter()
            r = c.post(f"/games/{game_id}/moves", json={"move": {"type": "step"}, "expected_version": v})
            lat.append(time.perf_counter() - t0)
            if r.status_code != 201:
                errors.add(f"move {game_id}@{v}: {r.status_code} {r.text[:100]}")


def arguments() -> argparse.Namespace:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=2000)
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--streams", type=int, default=200)
    ap.add_argument("--ai-games", type=int, default=100)
    ap.add_argument("--workers", type=int, default=2, help="general workers (a fast worker runs besides)")
    ap.add_argument("--level", default="ai-greedy", help="the AI level of the AI games' seats")
    ap.add_argument("--timeout", type=float, default=300)
    return ap.parse_args()


def main() -> None:
    args = arguments()
    errors, lat, health = Errors(), [], []
    bound = str(args.streams + 10)
    with running_stack("caravan-bench-loadsvc-", workers=args.workers, CARAVAN_GAME_MODULES="tests.toygame,bench.stepgame",
                       CARAVAN_MAX_STREAMS_PER_CLIENT=bound, CARAVAN_MAX_STREAMS=bound) as stack:
        stack.start_worker(fast=True)
        c = stack.client()
        games = []
        for _ in range(args.clients):
            created = c.post("/games", json={"type": "step", "players": ["solo"]}).json()
            games.append((created["id"], created["seats"][0]["token"]))
        paths = [f"/games/{games[i % len(games)][0]}/events/stream" for i in range(args.streams)]
        opened, stop, received = threading.Event(), threading.Event(), [0]
        streams = threading.Thread(target=lambda: asyncio.run(hold_streams(stack.port, paths, opened, stop, errors, received)))
        streams.start()
        if not opened.wait(args.timeout):
            errors.add("the streams did not open in time")

        per = [args.moves // args.clients + (i < args.moves % args.clients) for i in range(args.clients)]
        t0, burst, ai_ids = the_burst(stack, args, games, per, errors, lat, health)
        deadline = time.monotonic() + args.timeout
        left = set(ai_ids)
        while left and time.monotonic() < deadline:
            left = {g for g in left if c.get(f"/games/{g}").json()["status"] != "finished"}
            time.sleep(0.1)
        drained = time.perf_counter() - t0
        if left:
            errors.add(f"{len(left)} AI games not finished after {args.timeout:g} s")
        expected = sum(per[i % len(per)] + 1 for i in range(args.streams))  # its game's created event and moves
        time.sleep(1.0)
        stop.set()
        streams.join(30)
        if received[0] < expected:
            errors.add(f"the streams received {received[0]} of {expected} move events")
    rows = [
        ["moves", len(lat)], ["moves/s", len(lat) / burst], ["move p50 ms", statistics.median(lat) * 1e3],
        ["move p99 ms", percentile(lat, 99) * 1e3],
        ["/health answers during the burst", len(health)], ["/health p50 ms", statistics.median(health) * 1e3],
        ["/health p99 ms", percentile(health, 99) * 1e3], ["/health max ms", max(health) * 1e3],
        [f"{len(ai_ids)} AI games ({args.level}): all finished after s", drained],
        [f"stream events received ({args.streams} streams)", received[0]], ["errors", len(errors.seen)],
    ]
    table(f"service under load: {args.streams} streams, {args.moves} moves from {args.clients} clients, "
          f"{args.ai_games} AI games at once; {args.workers} workers + 1 fast", ["measure", "value"], rows)
    for e in errors.seen[:10]:
        print("error:", e)


def the_burst(stack: Stack, args: argparse.Namespace, games: list[tuple[str, str]], per: list[int], errors: Errors,
              lat: list[float], health: list[float]) -> tuple[float, float, list[str]]:
    """At once: each client plays its moves, the AI games are created, and /health is polled until the
    clients are done. When it began (perf_counter), how long the clients took, and the AI games' ids."""
    go = threading.Barrier(args.clients + 2)
    burst_done = threading.Event()

    def poll_health():
        with stack.client() as hc:
            go.wait()
            while not burst_done.is_set():
                t0 = time.perf_counter()
                r = hc.get("/health")
                health.append(time.perf_counter() - t0)
                if r.status_code != 200:
                    errors.add(f"/health {r.status_code}")
                time.sleep(0.01)

    def create_ai(_):
        with stack.client() as ac:
            r = ac.post("/games", json={"type": "toy", "players": [f"a:{args.level}", f"b:{args.level}"]})
        if r.status_code != 201:
            errors.add(f"AI game: {r.status_code} {r.text[:100]}")
            return None
        return r.json()["id"]

    players = [threading.Thread(target=player, args=(stack, g, t, n, go, lat, errors)) for (g, t), n in zip(games, per)]
    hp = threading.Thread(target=poll_health)
    for t in [*players, hp]:
        t.start()
    go.wait()
    t0 = time.perf_counter()
    with ThreadPoolExecutor(16) as pool:
        ai_ids = [g for g in pool.map(create_ai, range(args.ai_games)) if g]
    for t in players:
        t.join(args.timeout)
    burst = time.perf_counter() - t0
    burst_done.set()
    hp.join()
    return t0, burst, ai_ids


if __name__ == "__main__":
    main()
