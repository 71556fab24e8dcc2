"""300 anonymous live streams cannot starve the API: streams hold no Redis connection each (one follower
per API process fans out), they are bounded in total and per client (503 + Retry-After past the bound,
never a 500), and while they are open /health, a game, the lobby and moves keep answering."""

from __future__ import annotations

import asyncio
import time
from collections import Counter

import httpx
import pytest

from tests.e2e.helpers import wait_for_human
from tests.stack import Stack

pytestmark = pytest.mark.e2e

STREAMS = 300
BOUND = 250  # CARAVAN_MAX_STREAMS of this stack: 50 of the 300 are past it
POOL = 24  # the API's Redis connections: far fewer than the streams it serves


@pytest.fixture(scope="module")
def flood_stack(redis_url, tmp_path_factory):
    s = Stack(redis_url, tmp_path_factory.mktemp("flood"), CARAVAN_MAX_STREAMS=str(BOUND),
              CARAVAN_MAX_STREAMS_PER_CLIENT="1000", CARAVAN_REDIS_CONNECTIONS=str(POOL),
              CARAVAN_RETRY_AFTER="7").start(workers=1)
    yield s
    s.stop()


async def open_stream(port: int, path: str) -> tuple[int, dict[str, str], asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw HTTP/1.1 GET held open: its status, headers and the connection (to read on or close)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)}
    return status, headers, reader, writer


async def read_until(reader: asyncio.StreamReader, needle: bytes, timeout: float) -> bytes:
    got = b""
    deadline = time.monotonic() + timeout
    while needle not in got:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{needle!r} not seen in {timeout} s; got {got[-300:]!r}")
        chunk = await asyncio.wait_for(reader.read(65536), left)
        if not chunk:
            raise AssertionError(f"the stream closed before {needle!r}; got {got[-300:]!r}")
        got += chunk
    return got


def test_300_streams_starve_nothing_and_past_the_bound_get_503(flood_stack):
    s = flood_stack
    created = s.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, tokens = created["id"], {x["seat"]: x["token"] for x in created["seats"]}
    g = wait_for_human(s.client(tokens[0]), game_id, 0)
    path = f"/games/{game_id}/events/stream?from={g['version'] + 1}"

    async def scenario():
        opened = await asyncio.gather(*(open_stream(s.port, path) for _ in range(STREAMS)), return_exceptions=True)
        failed = [o for o in opened if isinstance(o, BaseException)]
        assert not failed, failed[:3]
        statuses = Counter(o[0] for o in opened)
        assert statuses == {200: BOUND, 503: STREAMS - BOUND}, statuses
        refused = [o for o in opened if o[0] == 503]
        assert all(o[1].get("retry-after") == "7" for o in refused)
        for _, _, reader, writer in refused:
            body = await reader.read(65536)
            assert b'"error":"unavailable"' in body and b"bound" in body, body
            writer.close()
        live = [o for o in opened if o[0] == 200]

        # while every place is taken, the API answers everything else
        async with httpx.AsyncClient(base_url=s.url, timeout=10) as c:
            ann = {"Authorization": f"Bearer {tokens[0]}"}
            answers = await asyncio.gather(
                *(c.get("/health") for _ in range(20)), *(c.get(f"/games/{game_id}") for _ in range(20)),
                *(c.get("/games") for _ in range(20)))
            assert [a.status_code for a in answers] == [200] * 60, [a.text for a in answers if a.status_code != 200][:3]
            move = (await c.get(f"/games/{game_id}/moves", headers=ann)).json()[0]
            moved = await c.post(f"/games/{game_id}/moves", json={"move": move}, headers=ann)
            assert moved.status_code == 201, moved.text
            version = moved.json()["version"]
            one_more = await c.get(path)  # still past the bound
            assert one_more.status_code == 503 and one_more.headers["retry-after"] == "7"

        # the move reached every open stream (fanned out by the one follower)
        got = await asyncio.gather(*(read_until(o[2], f"id: {version}\r\n".encode(), 30) for o in live),
                                   return_exceptions=True)
        missed = [x for x in got if isinstance(x, BaseException)]
        assert not missed, f"{len(missed)} streams missed the move: {missed[:2]}"
        for o in live:
            o[3].close()

    asyncio.run(scenario())
    # the closed streams gave their places back: a new one is taken at once
    deadline = time.monotonic() + 15
    while True:
        with httpx.stream("GET", s.url + path, timeout=10) as r:
            if r.status_code == 200:
                break
        assert time.monotonic() < deadline, "closed streams still hold their places"
        time.sleep(0.2)
    assert s.client().get("/health").status_code == 200


def test_one_client_is_bounded_on_its_own(stack):
    """The per-client bound of the shared test stack (32 by default): the 33rd stream of one address is a 503."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    path = f"/games/{game_id}/events/stream"

    async def scenario():
        opened = [await open_stream(stack.port, path) for _ in range(33)]
        try:
            assert [o[0] for o in opened] == [200] * 32 + [503]
            assert opened[-1][1].get("retry-after")
            body = await opened[-1][2].read(65536)
            assert b"this client holds 32 live streams" in body, body
        finally:
            for o in opened:
                o[3].close()

    asyncio.run(scenario())
