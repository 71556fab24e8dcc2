"""Tournament routes: HTTP into tournament commands (service/tournaments.py) and the record into answers.

POST /tournaments                 create (and seat round 1): {"id", "entrants": [{"name", "ai"?, "token"?}], …}
GET  /tournaments                 every tournament, newest first (a summary line each)
GET  /tournaments/{id}            status, standings, games (`?rebuild=true`: folded from scratch)
GET  /tournaments/{id}/events     the tournament's own events (envelopes with the hash chain)
GET  /tournaments/{id}/export     JSON lines: the tournament's events, then every table's events
POST /tournaments/{id}/advance    seat what is due (idempotent; `caravan tournament run` nudges with it);
                                  needs the organiser's token (returned by the create) or the arbiter's
GET  /tournaments/{id}/tables     an entrant's tables with their game tokens (Bearer: the entrant's token)
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Request, Response, get, post

from projections import standings
from service import tournament_schemas as answers
from service.decide import check_ai_budgets
from service.errors import Forbidden, Invalid, NotFound, Unauthorized
from service.openapi import errors
from service.players import check_name
from service.runtime import bearer
from service.schemas import NoBody
from service.tournament_config import Searches
from service.tournaments import Tournaments
from service.views import log_rows, seal_row

MAX_OPTIONS = 4096


class CreateTournament(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    type: str
    players: Annotated[list[str], msgspec.Meta(min_length=1)]  # (how many a format takes: a 422)
    format: str = "round-robin"
    table_size: int = 2
    rounds: int | None = None
    duplicate: bool = False
    options: dict[str, Any] | None = None
    name: str | None = None


def tournaments(request: Request) -> Tournaments:
    return request.app.state.runtime.tournaments


def searches(request: Request) -> Searches:
    """This API process's round-robin schedule searches: off the event loop, bounded (503 past the bound)."""
    state = request.app.state
    if getattr(state, "schedule_searches", None) is None:
        runtime = state.runtime
        state.schedule_searches = Searches(runtime.reads, runtime.cfg.schedule_searches)
    return state.schedule_searches


@post("/tournaments", status_code=201, responses=errors(400, 413, 422, 503, ok=answers.CREATED))
async def create_tournament(request: Request, data: CreateTournament) -> dict[str, Any]:
    ts = tournaments(request)
    if data.name is not None:
        check_name(data.name, "a tournament's name")
    if data.options is not None and len(msgspec.json.encode(data.options)) > MAX_OPTIONS:
        raise Invalid(f"options take at most {MAX_OPTIONS} bytes of JSON")
    check_ai_budgets(data.players, request.app.state.runtime.cfg.ai_max_budget)
    created = await ts.create(data.type, data.format, data.table_size, data.players, data.rounds, data.duplicate,
                              data.options, data.name, search=searches(request))
    return {**standings.summary(await ts.load(created["id"])), "entrants": created["entrants"],
            "organiser_token": created["organiser_token"]}


async def organiser(request: Request, ts: Tournaments, tournament_id: str) -> str:
    """Who may write to a tournament: its organiser (the token its creation returned) or the arbiter. As on
    the game routes, no token or one that is nobody's in this tournament is 401; an entrant's token (known
    here, without the right) is 403."""
    token = bearer(request)
    if token is None:
        raise Unauthorized("the organiser's token (returned when the tournament was created) or the arbiter's "
                           "is needed")
    if request.app.state.runtime.is_arbiter(token):
        return "arbiter"
    if await ts.is_organiser(tournament_id, token):
        return "organiser"
    try:
        await ts.entrant_of(tournament_id, token)
    except Unauthorized:
        raise Unauthorized("this token is not the organiser's of this tournament, nor the arbiter's") from None
    raise Forbidden("only the tournament's organiser or the arbiter may do this, not an entrant")


@get("/tournaments", responses=errors(503, ok=answers.LIST))
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


@get("/tournaments/{tournament_id:str}", responses=errors(400, 404, 503, ok=answers.SUMMARY))
async def show_tournament(request: Request, tournament_id: str, rebuild: bool = False) -> dict[str, Any]:
    ts = tournaments(request)
    t = await (ts.rebuild(tournament_id) if rebuild else ts.load(tournament_id))
    return standings.summary(t)


def event_rows(request: Request, t: Any, events: list[Any]) -> list[dict[str, Any]]:
    """The tournament's events as the caller may read them: at a duplicate tournament a table's result
    is withheld, hashes too (scores are few: a hash would give them away), until its round is over;
    the arbiter reads everything."""
    hidden = set() if is_arbiter(request) else standings.withheld(t)
    rows = [msgspec.structs.asdict(e) for e in events]
    for row in rows:
        if row["kind"] == "table-finished" and row["payload"].get("game") in hidden:
            seal_row(row)
    return rows


def is_arbiter(request: Request) -> bool:
    token = bearer(request)
    return token is not None and request.app.state.runtime.is_arbiter(token)


@get("/tournaments/{tournament_id:str}/events", responses=errors(401, 404, 503, ok=answers.EVENTS))
async def tournament_events(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    """The tournament's own events (a duplicate round's results withheld until the round is over, but for
    the arbiter)."""
    ts = tournaments(request)
    t = await ts.load(tournament_id)
    return event_rows(request, t, await ts.events(tournament_id))


@get("/tournaments/{tournament_id:str}/export", media_type="application/x-ndjson", responses=errors(401, 404, 503))
async def export_tournament(request: Request, tournament_id: str) -> Response:
    """One JSON document per line, each {"stream", "event"}: the tournament's events first, then each
    table's (payloads of tables still in play are withheld where secret, as for a spectator)."""
    ts = tournaments(request)
    t = await ts.load(tournament_id)
    enc = msgspec.json.Encoder()
    lines = [enc.encode({"stream": tournament_id, "kind": "tournament", "event": row})
             for row in event_rows(request, t, await ts.events(tournament_id))]
    store = ts.games.store
    for r in t.rounds:
        for x in r.tables:
            rows = log_rows(await ts.games.load(x.game), await store.read(x.game), None)
            lines += [enc.encode({"stream": x.game, "kind": "game", "round": x.round, "table": x.table,
                                  "event": row}) for row in rows]
    return Response(b"\n".join(lines) + b"\n", media_type="application/x-ndjson")


@post("/tournaments/{tournament_id:str}/advance", status_code=200, responses=errors(400, 401, 403, 404, 413, 503, ok=answers.ADVANCED))
async def advance_tournament(request: Request, tournament_id: str, data: NoBody | None = None) -> dict[str, Any]:
    ts = tournaments(request)
    await ts.load(tournament_id)
    await organiser(request, ts, tournament_id)
    said = await ts.advance(tournament_id)
    return {**standings.summary(await ts.load(tournament_id)), "advance": said}


@get("/tournaments/{tournament_id:str}/tables", responses=errors(401, 404, 503, ok=answers.TABLES))
async def entrant_tables(request: Request, tournament_id: str) -> list[dict[str, Any]]:
    ts = tournaments(request)
    await ts.load(tournament_id)
    token = bearer(request)
    if token is None:
        raise Unauthorized("an entrant's token is needed: 'Authorization: Bearer <token>'")
    return await ts.tables_of(tournament_id, await ts.entrant_of(tournament_id, token))


ROUTES = [create_tournament, list_tournaments, show_tournament, tournament_events, export_tournament,
          advance_tournament, entrant_tables]
