"""Tournament routes: HTTP into tournament commands (service/tournaments.py) and the record into answers.

POST /tournaments                 create (and seat round 1): {"id", "entrants": [{"name", "ai"?, "token"?}], …}
GET  /tournaments                 every tournament, newest first (a summary line each)
GET  /tournaments/{id}            status, standings, games (`?rebuild=true`: folded from scratch)
GET  /tournaments/{id}/events     the tournament's own events (envelopes with the hash chain)
GET  /tournaments/{id}/export     JSON lines: the tournament's events, then every table's events
POST /tournaments/{id}/advance    seat what is due (idempotent; `caravan tournament run` nudges with it)
GET  /tournaments/{id}/tables     an entrant's tables with their game tokens (Bearer: the entrant's token)
"""

from __future__ import annotations

from typing import Any

import msgspec
from litestar import Request, Response, get, post

from events.envelope import redacted
from events.kinds import Finished
from projections import standings
from service.errors import NotFound, Unauthorized
from service.runtime import bearer
from service.tournaments import Tournaments


class CreateTournament(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    type: str
    players: list[str]
    format: str = "round-robin"
    table_size: int = 2
    rounds: int | None = None
    duplicate: bool = False
    options: dict[str, Any] | None = None
    name: str | None = None


def tournaments(request: Request) -> Tournaments:
    return request.app.state.runtime.tournaments


@post("/tournaments", status_code=201)
async def create_tournament(request: Request, data: CreateTournament) -> dict[str, Any]:
    ts = tournaments(request)
    created = await ts.create(data.type, data.format, data.table_size, data.players, data.rounds, data.duplicate,
                              data.options, data.name)
    return {**standings.summary(await ts.load(created["id"])), "entrants": created["entrants"]}


@get("/tournaments")
async def list_tournaments(request: Request) -> list[dict[str, Any]]:
    ts = tournaments(request)
    out = []
    for tid in await ts.ids():
        try:
            t = await ts.load(tid)
        except NotFound:
            continue
        out.append({"id": t.id, "name": t.created.name, "status": t.status, "game": t.game,
                    "format": t.format, "table_size": t.table_size, "round": len(t.rounds), "rounds": t.total_rounds,
                    "players": [e.name for e in t.entrants], "games_done": t.games_done,
                    "games_total": t.games_total, "created": t.created_at})
    return out


@get("/tournaments/{tournament_id:str}")
async def show_tournament(request: Request, tournament_id: str, rebuild: bool = False) -> dict[str, Any]:
    ts = tournaments(request)
    t = await (ts.rebuild(tournament_id) if rebuild else ts.load(tournament_id))
    return standings.summary(t)


@get("/tournaments/{tournament_id:str}/events")
async def tournament_events(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    ts = tournaments(request)
    await ts.load(tournament_id)
    return [msgspec.structs.asdict(e) for e in await ts.events(tournament_id)]


@get("/tournaments/{tournament_id:str}/export", media_type="application/x-ndjson")
async def export_tournament(request: Request, tournament_id: str) -> Response:
    """One JSON document per line, each {"stream", "event"}: the tournament's events first, then each
    table's (payloads of tables still in play are withheld where secret, as for a spectator)."""
    ts = tournaments(request)
    t = await ts.load(tournament_id)
    enc = msgspec.json.Encoder()
    lines = [enc.encode({"stream": tournament_id, "kind": "tournament", "event": msgspec.structs.asdict(e)})
             for e in await ts.events(tournament_id)]
    store = ts.games.store
    for r in t.rounds:
        for x in r.tables:
            events = await store.read(x.game)
            finished = any(isinstance(e.event(), Finished) for e in events)
            lines += [enc.encode({"stream": x.game, "kind": "game", "round": x.round, "table": x.table,
                                  "event": redacted(e, None, finished)}) for e in events]
    return Response(b"\n".join(lines) + b"\n", media_type="application/x-ndjson")


@post("/tournaments/{tournament_id:str}/advance", status_code=200)
async def advance_tournament(request: Request, tournament_id: str) -> dict[str, Any]:
    ts = tournaments(request)
    said = await ts.advance(tournament_id)
    return {**standings.summary(await ts.load(tournament_id)), "advance": said}


@get("/tournaments/{tournament_id:str}/tables")
async def entrant_tables(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    ts = tournaments(request)
    await ts.load(tournament_id)
    token = bearer(request)
    if token is None:
        raise Unauthorized("an entrant's token is needed: 'Authorization: Bearer <token>'")
    return await ts.tables_of(tournament_id, await ts.entrant_of(tournament_id, token))


ROUTES = [create_tournament, list_tournaments, show_tournament, tournament_events, export_tournament,
          advance_tournament, entrant_tables]
