"""A game's log, live: `GET /games/{id}/events/stream`, server-sent events with the clocks' state
between them at a table with clocks (the stream's plumbing and bounds are service/streams.py's)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated, Any

import msgspec
from litestar import Request, get
from litestar.exceptions import HTTPException
from litestar.params import Parameter, QueryParameter
from litestar.response import ServerSentEvent

from events.kinds import Finished, SeedRevealed
from projections.fold import Folded
from service import decide, said, views
from service.clocks import clock_frame
from service.openapi import errors
from service.runtime import rt
from service.schemas import VERSION_MAX
from service.streams import open_stream


@get("/games/{game_id:str}/events/stream", media_type="text/event-stream", responses=errors(400, 401, 404, 503))
async def event_stream(request: Request, game_id: str, from_: Annotated[int, QueryParameter(name="from", ge=1, le=VERSION_MAX)] = 1,
                       words: bool = Parameter(default=False, description="add `words` to each move and draw the caller may "
                                               "read, as `GET /games/{id}/events?words=true` does"),
                       last_event_id: str | None = Parameter(header="Last-Event-ID", default=None, schema_extra={
                           "pattern": r"^\s*[0-9]{1,15}\s*$"}, description=(
                           "the version of the last event a reconnecting client got (a browser's EventSource sends "
                           "it): the stream goes on after it (after `from` - 1, whichever is later)"))) -> ServerSentEvent:
    """The game's events from `from`, live, with a keep-alive comment while it is quiet; the stream ends
    when the game has ended. At a table with clocks, while the game is active, an event of type `clock`
    (no id: not in the log) follows each event that reaches the log's head, and opens a stream that starts
    caught up: the clocks then (`GET /games/{id}`'s `clock` and `deadline`, with `version` and `server_time`). Bounded per client and per server: 503 with Retry-After past the bound."""
    if last_event_id is not None:
        got = last_event_id.strip()
        if not got.isascii() or not got.isdigit() or int(got) > VERSION_MAX:
            shown = repr(last_event_id[:20]) if last_event_id.isascii() else "a value outside ASCII"
            raise HTTPException(status_code=400, detail=f"Last-Event-ID must be an event's version (an id this stream "
                                                        f"sent), not {shown}")
        from_ = max(from_, int(got) + 1)
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    finished, seal_all = views.public(f), views.sealed(f, caller)
    shared = decide.shares_its_seed(f)
    events_ = await open_stream(r.hub, request, game_id, from_ - 1, r.cfg.stream_keepalive)
    head = f.version  # clock events follow the events that reach the log's head (not the catch-up before it)
    names = [p.name for p in f.players]

    def clock_event(at: Folded) -> dict[str, Any] | None:
        frame = None if seal_all else clock_frame(at)
        return None if frame is None else {"event": "clock", "data": msgspec.json.encode(frame).decode()}

    async def feed() -> AsyncIterator[dict[str, Any]]:
        nonlocal finished, seal_all, head
        try:
            if from_ > head and (first := clock_event(f)):
                yield first  # caught up already: the clocks as they stand
            async for e in events_:
                if e is None:
                    yield {"comment": "keep-alive"}
                else:
                    # from the end on (at a duplicate table: from its round's end on) every payload is public
                    ev = e.event()
                    if isinstance(ev, SeedRevealed) or (isinstance(ev, Finished) and not shared):
                        finished, seal_all = True, False
                    row = views.event_rows([e], caller, finished, seal_all, f.opened)[0]
                    if words and row["payload"] is not None and row["kind"] in said.TOLD:  # from the position kept
                        before = await said.views_before(r, game_id, [e], [row], caller)  # after the last event
                        row["words"] = said.words(f.type, row, before.get(e.version), names, caller)
                    elif words and row["payload"] is not None:
                        row["words"] = said.other_words(f.type, row, names)
                    yield {"id": str(e.version), "event": e.kind, "data": msgspec.json.encode(row).decode()}
                    if f.clock is not None and e.version >= head:
                        now = await r.commands.load(game_id)
                        head = now.version
                        if now.version == e.version and now.status == "active" and (tick := clock_event(now)):
                            yield tick
        finally:
            await events_.aclose()

    return ServerSentEvent(feed())
