"""A live game page's frames and its stream (`GET /games/{id}/view/stream`).

A frame of one version for one reader (a seat, the arbiter, or any spectator) is built once per API process
and shared by every page and stream that asks for it (`SharedFrames`): before, each of 30 pages following a
fast AI game built its own after every event, and /health waited seconds behind them. A page stream sends a
frame after each event, and after a quiet spell looks at the game's head itself, so a page converges on the
latest version even if an event's notice never reached this process. Page streams are bounded per process
(503) and per client address (429), on top of the event streams' bounds (service/streams.py)."""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any
from weakref import WeakKeyDictionary

import msgspec
from litestar import Request, Response

from service import said, undo, views
from service.runtime import Runtime, rt
from service.streams import open_stream
from service.web import frames

RECENT = 40  # events in words a live page starts with (and a shared frame holds)
FrameKey = tuple[str, int, Any]  # game, version, reader


class SharedFrames:
    """The last `size` frames built, by (game, version, reader); a frame being built is awaited by every
    asker, not built again. A failed build is forgotten (the next asker tries again)."""

    def __init__(self, size: int):
        self.size = size
        self._kept: OrderedDict[FrameKey, asyncio.Future] = OrderedDict()

    async def get(self, key: FrameKey, build: Callable[[], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
        fut = self._kept.get(key)
        if fut is None:
            fut = self._kept[key] = asyncio.ensure_future(build())
            fut.add_done_callback(lambda done: self._failed(key, done))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(key)
        return await asyncio.shield(fut)  # one asker gone (its page closed) stops no one else's frame

    def _failed(self, key: FrameKey, fut: asyncio.Future) -> None:
        if (fut.cancelled() or fut.exception() is not None) and self._kept.get(key) is fut:
            del self._kept[key]


class PageStreamsRefused(Exception):
    def __init__(self, status: int, detail: str):
        super().__init__(detail)
        self.status, self.detail = status, detail


class PageStreams:
    """Page streams open in this process, in all and per client address (the arbiter is not counted per
    client)."""

    def __init__(self, total: int, per_client: int):
        self.total, self.per_client = total, per_client
        self.open = 0
        self.by_client: dict[str, int] = defaultdict(int)

    def take(self, client: str, counted: bool) -> None:
        if self.open >= self.total:
            raise PageStreamsRefused(503, f"{self.open} page streams are open on this server (the bound is {self.total})")
        if counted and self.by_client[client] >= self.per_client:
            raise PageStreamsRefused(429, f"this client holds {self.by_client[client]} page streams (the bound is "
                                          f"{self.per_client})")
        self.open += 1
        self.by_client[client] += counted

    def give_back(self, client: str, counted: bool) -> None:
        self.open -= 1
        self.by_client[client] -= counted
        if self.by_client[client] <= 0:
            del self.by_client[client]


class _PerProcess:
    def __init__(self, r: Runtime):
        self.frames = SharedFrames(r.cfg.page_frames)
        self.streams = PageStreams(r.cfg.max_page_streams, r.cfg.max_page_streams_per_client)


_state: WeakKeyDictionary[Runtime, _PerProcess] = WeakKeyDictionary()


def per_process(r: Runtime) -> _PerProcess:
    got = _state.get(r)
    if got is None:
        got = _state[r] = _PerProcess(r)
    return got


def refused(request: Request, exc: PageStreamsRefused) -> Response:
    """A page stream past its bound: 503 (the process's) or 429 (the client's), with Retry-After."""
    code = "unavailable" if exc.status == 503 else "rate-limited"
    return Response({"error": code, "detail": exc.detail}, status_code=exc.status,
                    headers={"Retry-After": str(rt(request).cfg.retry_after)})


# --- frames ----------------------------------------------------------------------------------------------

async def api_view(r: Runtime, f: Any, caller: Any) -> dict[str, Any]:
    """What `GET /games/{id}` answers this caller."""
    out = views.game_view(f, caller)
    if "time_limit" in out:
        out["deadline"] = await r.commands.deadline(f)
    return out


async def build(r: Runtime, f: Any, caller: Any) -> dict[str, Any]:
    """The frame of `f` for this reader, with its last RECENT events."""
    start = max(1, f.version - RECENT + 1)
    envelopes = await r.store.read(f.id, start, f.version) if start <= f.version else []
    rows = views.log_rows(f, envelopes, caller)
    before = await said.views_before(r, f.id, envelopes, rows, caller) if rows else {}
    out = frames.frame(f.game, await api_view(r, f, caller), rows, frames.legal_moves(f, caller), before)
    if "undo" not in out and not views.sealed(f, caller):  # a spectator sees a pending request too (it is in the log)
        out["undo"] = {"pending": undo.pending(f), "possible": False}
    return out


async def frame_now(r: Runtime, game_id: str, caller: Any, since: int | None = None, known: int = 0) -> dict[str, Any]:
    """The game as it is, for this reader: the shared frame of its version (a copy), with its events after
    `since` (at most the last RECENT: a page that fell further behind a fast game is not worth a frame of its
    own, which under load made it fall further behind still). `known`: a version the game is known to have
    reached (a stream's event): the game as this process last loaded it will do if it is that far."""
    f = r.commands.loader.cached(game_id)
    if f is None or f.version < known or not known:
        f = await r.commands.load(game_id)
    out = dict(await per_process(r).frames.get((game_id, f.version, caller), lambda: build(r, f, caller)))
    if since is not None:
        out["events"] = [e for e in out["events"] if e["version"] > since]
    out["server_time"] = time.time()  # the page counts the clocks down against the server's time
    return out


# --- the stream ------------------------------------------------------------------------------------------

def sse(fr: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(fr["version"]), "event": "frame", "data": msgspec.json.encode(fr).decode()}


async def page_stream(r: Runtime, request: Request, game_id: str, caller: Any) -> AsyncIterator[dict[str, Any]]:
    """The page stream, its place taken (PageStreamsRefused, TooManyStreams if it cannot) before its
    response starts: a frame now, then one after each event past the last frame (at most one every
    `page_frame_every` seconds: a fast AI game's events meanwhile are told by the next), and after a quiet
    spell (the keep-alive) one if the game's head moved meanwhile."""
    client, counted = request.client.host if request.client else "?", caller != "arbiter"
    places = per_process(r).streams
    places.take(client, counted)
    events = None
    try:
        first = await frame_now(r, game_id, caller)
        events = await open_stream(r.hub, request, game_id, first["version"], r.cfg.stream_keepalive)
        yield {}  # the place is held: the response may start
        seen, sent = first["version"], time.monotonic()
        yield sse(first)
        async for e in events:
            if e is None and (await r.store.head(game_id))[0] <= seen:
                yield {"comment": "keep-alive"}
            elif e is None or e.version > seen:
                await asyncio.sleep(sent + r.cfg.page_frame_every - time.monotonic())  # the events meanwhile: one frame
                fr = await frame_now(r, game_id, caller, since=seen, known=e.version if e is not None else 0)
                seen, sent = fr["version"], time.monotonic()
                yield sse(fr)
    finally:
        places.give_back(client, counted)
        if events is not None:
            await events.aclose()


async def opened(stream: AsyncIterator[dict[str, Any]]) -> AsyncIterator[dict[str, Any]]:
    """`stream` with its place taken (or its refusal raised) now."""
    await anext(stream)
    return stream
