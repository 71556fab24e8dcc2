"""A tournament, live: `GET /tournaments/{id}/stream` sends its summary (what `GET /tournaments/{id}`
answers) at once and again after each of its events — a round seated, a table finished, a withdrawal,
the end — as server-sent events named `tournament`, with the tournament's version as the SSE id. The
followers are the games' (service/streams.py): one reader per API process of the tournaments'
notification stream, fanned out to the subscribers, bounded per client and in total (503 + Retry-After
past the bound, as for a game's stream)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import msgspec
from litestar import Request, get
from litestar.response import ServerSentEvent

from projections import standings
from service.openapi import errors
from service.runtime import Runtime
from service.streams import Hub, open_stream, snapshots
from service.tournament_routes import tournaments
from service.tournaments import NOTIFY


def tournament_hub(r: Runtime) -> Hub:
    """The follower of the tournaments' notification stream, with the games' bounds."""
    return Hub(r.tournaments.store, block_ms=r.cfg.block_ms, max_total=r.cfg.max_streams,
               max_per_client=r.cfg.max_streams_per_client, notify=[NOTIFY])


def over(s: dict[str, Any]) -> bool:
    """Nothing more will happen: finished, or cancelled with every table still in play abandoned."""
    return s["status"] == "finished" or (s["status"] == "cancelled" and all(g["status"] != "active" for g in s["games"]))


def sse(s: dict[str, Any]) -> dict[str, Any]:
    return {"id": str(s["version"]), "event": "tournament", "data": msgspec.json.encode(s).decode()}


@get("/tournaments/{tournament_id:str}/stream", media_type="text/event-stream", responses=errors(404, 503))
async def tournament_stream(request: Request, tournament_id: str) -> ServerSentEvent:
    """The tournament live: an event `tournament` (its data: the `GET /tournaments/{id}` answer, its id: the
    tournament's version) now and after each of the tournament's own events (a round seated, a table
    finished, a withdrawal, the end, a cancellation); a keep-alive comment while it is quiet; the stream
    ends once nothing more can happen: the tournament has finished, or it was cancelled and its tables in
    play are abandoned. Bounded per client and per server: 503 with Retry-After past the bound."""
    ts = tournaments(request)
    t = await ts.load(tournament_id)
    runtime = request.app.state.runtime
    events = await open_stream(request.app.state.tournament_hub, request, tournament_id, t.version,
                               runtime.cfg.stream_keepalive)

    async def again(_: int) -> dict[str, Any]:
        return standings.summary(await ts.load(tournament_id))

    async def feed() -> AsyncIterator[dict[str, Any]]:
        try:
            yield sse(first := standings.summary(t))
            if over(first):
                return
            async for s in snapshots(events, t.version, again):
                if s is None:
                    yield {"comment": "keep-alive"}
                    continue
                yield sse(s)
                if over(s):
                    return
        finally:
            await events.aclose()

    return ServerSentEvent(feed())


ROUTES = [tournament_stream]
