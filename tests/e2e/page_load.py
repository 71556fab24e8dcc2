"""Many web pages following fast all-AI games at once (the page stream, `GET /games/{id}/view/stream`), while
`/health` is asked every quarter second: how long it took to answer, and which streams were dropped (closed
before their game was over, or broken). Used by tests/e2e/test_page_streams.py and bench/bench_page_streams.py."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field

import httpx

FINISHED = b'"status":"finished"'


@dataclass
class Followed:
    frames: int = 0
    finished: bool = False
    refused: int | None = None  # the status of a stream refused at its head
    dropped: str | None = None  # why the stream ended before its game did


@dataclass
class Load:
    health: list[float] = field(default_factory=list)  # seconds each /health took
    health_failed: int = 0
    streams: list[Followed] = field(default_factory=list)

    @property
    def dropped(self) -> list[str]:
        return [s.dropped for s in self.streams if s.dropped]


def all_ai_games(client: httpx.Client, n: int, game_type: str = "yangtze", level: str = "ai-random") -> list[str]:
    ids = []
    for i in range(n):
        got = client.post("/games", json={"type": game_type, "players": [f"a{i}:{level}", f"b{i}:{level}"]})
        assert got.status_code == 201, got.text
        ids.append(got.json()["id"])
    return ids


async def follow(port: int, game_id: str, out: Followed, stop: asyncio.Event) -> None:
    """One page stream read to its end (the game over and the stream closed) or until `stop`."""
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 30)
    except (OSError, asyncio.TimeoutError) as e:
        out.dropped = f"connect: {e!r}"
        return
    try:
        writer.write(f"GET /games/{game_id}/view/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     f"Accept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
        status = int(head.split()[1])
        if status != 200:
            out.refused = status
            return
        tail = b""
        while not stop.is_set():
            reading = asyncio.ensure_future(reader.read(1 << 16))
            stopping = asyncio.ensure_future(stop.wait())
            done, _ = await asyncio.wait({reading, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if reading not in done:
                reading.cancel()
                return
            stopping.cancel()
            chunk = reading.result()
            if not chunk:
                if not out.finished:
                    out.dropped = f"closed after {out.frames} frames, the game not over"
                return
            seen = tail + chunk
            out.frames += seen.count(b"event: frame")
            out.finished = out.finished or FINISHED in seen
            tail = seen[-64:]
    except (OSError, asyncio.IncompleteReadError, asyncio.TimeoutError, ValueError) as e:
        out.dropped = f"{type(e).__name__}: {e} after {out.frames} frames"
    finally:
        writer.close()


async def health_probe(url: str, load: Load, stop: asyncio.Event, every: float = 0.25) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=30) as c:
        while not stop.is_set():
            t0 = time.monotonic()
            try:
                ok = (await c.get("/health")).status_code == 200
            except httpx.HTTPError:
                ok = False
            load.health.append(time.monotonic() - t0)
            load.health_failed += not ok
            await asyncio.sleep(every)


def run(url: str, port: int, games: list[str], streams: int, seconds: float) -> Load:
    """`streams` page streams spread over `games`, held `seconds` (or until every game is over)."""
    load = Load(streams=[Followed() for _ in range(streams)])

    async def scenario() -> None:
        stop = asyncio.Event()
        readers = [asyncio.create_task(follow(port, games[i % len(games)], s, stop)) for i, s in enumerate(load.streams)]
        probe = asyncio.create_task(health_probe(url, load, stop))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not all(t.done() for t in readers):
            await asyncio.sleep(0.25)
        stop.set()
        await asyncio.gather(*readers, probe)

    asyncio.run(scenario())
    return load
