"""A real move over HTTP (POST /games/{id}/moves: auth, load, validate, append → 201) against a bare
endpoint on the same app and server that only does one Lua append, at 32 connections.

    .venv/bin/python bench/bench_move.py [--seconds 5]

Each connection plays its own game of the bench-only step game (bench/stepgame.py), so the numbers are
the platform's cost, not a rulebook's. Target: the move reaches >= 90 % of the bare append's
throughput and <= 1.2x its p99. The same moves over one WebSocket per connection
(GET /games/{id}/play) are measured beside. Beside req/s it prints the API process's CPU time per request (user +
system, read from /proc), the cost that decides throughput once the machine is busy.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.common import ROOT, fresh_server, percentile, table  # noqa: E402

import httpx
from litestar import Request, post

from service.embedded import free_port

CONNECTIONS = 32


@post("/bare/{game_id:str}", status_code=201)
async def bare_append(request: Request, game_id: str) -> dict:
    """One Lua append of a sealed envelope, nothing else (the floor a move cannot go below)."""
    from events.envelope import seal_payload

    rt = request.app.state.runtime
    heads = request.app.state.setdefault("bare_heads", {})
    v, prev = heads.get(game_id, (0, ""))
    e = seal_payload(v + 1, 0, "move", {"move": {"type": "step", "by": 1}}, prev=prev)
    await rt.store.append("bare-" + game_id, v, [e])
    heads[game_id] = (v + 1, e.hash)
    return {"version": v + 1}


def app_with_bare():
    from service.app import create_app

    return create_app(extra_handlers=[bare_append])


async def timed(port: int, clients: list[tuple], opener, seconds: float) -> tuple[float, list[float]]:
    """Each client on its own connection (`opener(reader, writer, *client)` sets it up and returns
    the coroutine function that makes one request), as many requests as fit in `seconds`."""
    latencies: list[float] = []
    stop = time.monotonic() + seconds

    async def conn(*client) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        one = await opener(reader, writer, *client)
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            await one()
            latencies.append(time.perf_counter() - t0)
        writer.close()

    t0 = time.monotonic()
    await asyncio.gather(*(conn(*c) for c in clients))
    return len(latencies) / (time.monotonic() - t0), latencies


async def http_post(reader, writer, path: str, body: bytes, headers: dict):
    """Keep-alive HTTP/1.1 from a raw socket (a Python HTTP client would be the bottleneck)."""
    head = "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    req = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{head}"
           f"Content-Length: {len(body)}\r\n\r\n").encode() + body

    async def one() -> None:
        writer.write(req)
        status = await reader.readline()
        length = 0
        while (line := await reader.readline()) not in (b"\r\n", b""):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        await reader.readexactly(length)
        if b" 201 " not in status:
            raise RuntimeError(f"{path}: {status!r}")

    return one


async def ws_move(reader, writer, path: str, body: bytes, token: str):
    """The same move over one WebSocket (GET /games/{id}/play), raw frames."""
    writer.write((f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                  f"Authorization: {token}\r\n\r\n").encode())
    if b" 101 " not in await reader.readline():
        raise RuntimeError(f"{path}: no WebSocket")
    await reader.readuntil(b"\r\n\r\n")
    mask = b"\x01\x02\x03\x04"
    frame = bytes([0x81, 0x80 | len(body)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(body))

    async def one() -> None:
        writer.write(frame)
        head = await reader.readexactly(2)
        n = head[1] & 0x7F
        if n == 126:
            n = int.from_bytes(await reader.readexactly(2), "big")
        answer = await reader.readexactly(n)
        if b'"version"' not in answer:
            raise RuntimeError(f"{path}: {answer!r}")

    return one


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def api_pids(pid: int) -> list[int]:
    """The server process and its children (granian serves from a worker process)."""
    out = [pid]
    for child in Path(f"/proc/{pid}/task").iterdir():
        kids = Path(f"/proc/{pid}/task/{child.name}/children")
        if kids.exists():
            out += [int(x) for x in kids.read_text().split()]
    return out


def measured(port: int, pids: list[int], clients, seconds: float, opener) -> tuple[float, list[float], float]:
    """(req/s, latencies, API CPU ms per request) of one run."""
    cpu0 = sum(cpu_seconds(p) for p in pids)
    rate, lat = asyncio.run(timed(port, clients, opener, seconds))
    cpu = sum(cpu_seconds(p) for p in pids) - cpu0
    return rate, lat, cpu / max(1, len(lat)) * 1e3


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    server = fresh_server(durable=True)
    port = free_port()
    # one address plays every connection: its quota of games and of sockets lifted (the checks still run)
    env = {**os.environ, "REDIS_URL": server.url, "CARAVAN_GAME_MODULES": "bench.stepgame", "PYTHONPATH": str(ROOT),
           "CARAVAN_QUOTA_GAMES": "0", "CARAVAN_MAX_SOCKETS_PER_CLIENT": "0"}
    api = subprocess.Popen([sys.executable, "-m", "granian", "--interface", "asgi", "--factory", "bench.bench_move:app_with_bare",
                            "--host", "127.0.0.1", "--port", str(port), "--workers", "1", "--loop", "uvloop",
                            "--log-level", "error"], env=env, cwd=ROOT)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                if httpx.get(base + "/health").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        moves, bares, sockets = [], [], []
        for i in range(CONNECTIONS):
            g = httpx.post(base + "/games", json={"type": "step", "players": ["solo"]}).json()
            moves.append((f"/games/{g['id']}/moves", json.dumps({"move": {"type": "step"}}).encode(),
                          {"Authorization": f"Bearer {g['seats'][0]['token']}"}))
            bares.append((f"/bare/{i}", b"{}", {}))
            g = httpx.post(base + "/games", json={"type": "step", "players": ["solo"]}).json()
            sockets.append((f"/games/{g['id']}/play", json.dumps({"move": {"type": "step"}}).encode(),
                            f"Bearer {g['seats'][0]['token']}"))
        pids = api_pids(api.pid)
        results = {"move": [], "bare": [], "move (WebSocket)": []}
        for _ in range(args.rounds):
            for name, clients, opener in (("bare", bares, http_post), ("move", moves, http_post),
                                          ("move (WebSocket)", sockets, ws_move)):
                results[name].append(measured(port, pids, clients, args.seconds, opener))
        rows = []
        for name in ("bare", "move", "move (WebSocket)"):
            rate = statistics.median(r for r, _, _ in results[name])
            lat = [x for _, ls, _ in results[name] for x in ls]
            cpu = statistics.median(c for _, _, c in results[name])
            rows.append([name, rate, percentile(lat, 50) * 1e3, percentile(lat, 99) * 1e3, cpu])
        bare, move, ws = rows
        rows.append(["move / bare", move[1] / bare[1], move[2] / bare[2], move[3] / bare[3], move[4] / bare[4]])
        rows.append(["WebSocket / bare", ws[1] / bare[1], ws[2] / bare[2], ws[3] / bare[3], ws[4] / bare[4]])
        table(f"POST over HTTP, {CONNECTIONS} connections, 1 API process, appendfsync always "
              "(targets: throughput ratio >= 0.90, p99 ratio <= 1.2)",
              ["endpoint", "req/s", "p50 ms", "p99 ms", "API CPU ms/req"], rows)
    finally:
        api.terminate()
        api.wait()
        server.stop()


if __name__ == "__main__":
    main()
