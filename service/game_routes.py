"""The game resource's routes: the game types, a new game, a game as its caller may see it, its legal
moves, a move, its log and its state at a version. Each checks the caller and the request, hands commands
to service/commands.py and reads to the loader, and shapes the answer with service/views.py. The live log
is service/game_stream.py's; the app's wiring is service/app.py's."""

from __future__ import annotations

from typing import Annotated, Any, Literal, cast

import msgspec
from litestar import Request, Response, get, post
from litestar.datastructures import ResponseHeader
from litestar.exceptions import HTTPException
from litestar.params import Parameter, QueryParameter

from games import registry
from games.protocol import CHANCE
from service import backlog, decide, join_routes, open_tables, outage, said, schemas, views
from service import options as game_options
from service import seats as seats_of
from service.commands import ARBITER, fingerprint
from service.errors import Forbidden, NotFound, Unauthorized
from service.openapi import errors
from service.runtime import bearer, rt
from service.schemas import VERSION_MAX, GameCreated, SeatInfo

# --- request and response bodies -----------------------------------------------------------------

class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    players: Annotated[list[str], msgspec.Meta(min_length=1)]  # (how many a game type takes: a 422)
    seed: str | None = None  # the arbiter's only (reproducible tables, tests); otherwise the server draws it
    options: dict[str, Any] | None = None
    entropy: list[str] | None = None  # strings the creator mixes into every chance draw (seats: POST …/entropy)
    on_decline: Literal["cancel", "open"] = "cancel"  # an invited `@NAME` declines: the game is off, or its seat opens


class MoveRequest(msgspec.Struct, forbid_unknown_fields=True):
    move: dict[str, Any]
    expected_version: Annotated[int, msgspec.Meta(ge=1, le=VERSION_MAX)] | None = None  # (a game's versions)


class MoveAccepted(msgspec.Struct):
    version: int
    status: str


class GameType(msgspec.Struct):
    id: str
    name: str
    min_players: int
    max_players: int
    options: list[schemas.ListedOption]

# --- routes ---------------------------------------------------------------------------------------

@get("/game-types", responses=errors())
async def game_types() -> list[GameType]:
    return [
        GameType(id=g.id, name=g.name, min_players=g.min_players, max_players=g.max_players,
                 options=game_options.listed(g))
        for g in registry.all_games().values()
    ]


@post("/games", responses=errors(400, 401, 403, 413, 422, 503))
async def create_game(request: Request, data: CreateGame) -> GameCreated:
    r = rt(request)
    fixed_by = None
    if data.seed is not None:
        token = bearer(request)
        if token is None:
            raise Unauthorized("only the arbiter may fix a seed: send the arbiter's token")
        if not r.is_arbiter(token):
            raise Forbidden("only the arbiter may fix a seed; the server draws a secret one otherwise")
        fixed_by = ARBITER
    players, accounts = await seats_of.resolve(r, data.players)  # `@NAME`: an account's seat
    decide.check_ai_budgets([p for p in players if not open_tables.is_open(p)], r.cfg.ai_max_budget)
    if any(open_tables.is_open(p) for p in players) or (accounts and data.on_decline == "open"):
        # `open`: it waits for accounts to join, or for the invited accounts' answers (signed in to make)
        return await join_routes.create_open(request, players, accounts, on_decline=data.on_decline, type=data.type,
                                             options=data.options or {}, entropy=tuple(data.entropy or ()))
    count = await backlog.ai_game_count(r, request, players)  # 429: this address's all-AI games, bounded
    game_id, seats = await r.commands.create(decide.CreateGame(
        type=data.type, players=tuple(players), seed=data.seed, options=data.options or {},
        entropy=tuple(data.entropy or ()), seed_fixed_by=fixed_by, accounts=accounts))
    if count is not None:
        await count(game_id)
    await seats_of.invite(r, request, accounts, game_id)  # (GET /me/invitations)
    return GameCreated(id=game_id, seats=[msgspec.convert(s, SeatInfo) for s in seats])


@get("/games/{game_id:str}", responses=errors(401, 404, 503, ok=schemas.GAME))
async def show_game(request: Request, game_id: str) -> dict[str, Any]:
    r = rt(request)
    try:
        caller = await r.caller(request, game_id)
    except NotFound:
        await open_tables.not_made(r, game_id)  # (a game whose open seats wait says so)
        raise
    if outage.owing:  # an outage's time is being given back: this game's first
        await outage.settle(r.commands, r.redis, game_id)
    f = await r.commands.load(game_id)
    out = views.game_view(f, caller)
    if "time_limit" in out:
        out["deadline"] = await r.commands.deadline(f)  # unix time when the acting seats' clock runs out
    return out


@get("/games/{game_id:str}/moves", responses=errors(401, 404, 503), response_headers=[ResponseHeader(
    name="X-Game-Version", description="the version the moves were listed at (post it back as expected_version)",
    documentation_only=True)])
async def legal_moves(request: Request, game_id: str) -> Response[list[dict[str, Any]]]:
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    game = f.game
    if caller is None:
        raise Unauthorized("a seat's token is needed to list its moves")
    if f.status != "active":
        moves = []
    elif isinstance(caller, int):
        moves = game.legal_moves(f.state, caller)
    else:  # the arbiter, the one caller that is no seat: the chance outcomes due
        moves = game.legal_moves(f.state, CHANCE) if CHANCE in game.actors(f.state) else []
    return Response([msgspec.to_builtins(m) for m in moves], headers={"X-Game-Version": str(f.version)})


@post("/games/{game_id:str}/moves", status_code=201, responses=errors(400, 401, 403, 404, 409, 413, 422, 503))
async def submit_move(request: Request, game_id: str, data: MoveRequest,
                      idempotency_key: str | None = Parameter(header="Idempotency-Key", default=None, min_length=1,
                                                              max_length=128, schema_extra={"pattern": r"^[ -~]*[!-~][ -~]*$"})) -> Response[MoveAccepted]:
    """With an `Idempotency-Key` (1 to 128 printable ASCII characters), a retry of the same request (same seat, route and
    body) gets the first answer byte for byte, marked `Idempotent-Replayed: true`; the same key with
    another request gets 422 `idempotency-key-reused`."""
    key = idempotency_key
    if key is not None and not (key.isascii() and key.isprintable() and key.strip()):
        raise HTTPException(status_code=400, detail="Idempotency-Key is 1 to 128 printable ASCII characters, not blank")
    r = rt(request)
    caller = await r.caller(request, game_id)
    if caller is None:
        raise Unauthorized("a seat's token is needed to move")
    fp = fingerprint(caller, request.method, request.url.path, msgspec.to_builtins(data)) if key else ""
    acc = await r.commands.submit(game_id, caller, data.move, data.expected_version, key, fp)
    body = msgspec.json.encode(MoveAccepted(version=acc.version, status=acc.status))
    headers = {"Idempotent-Replayed": "true"} if acc.replayed else {}
    # the body is the MoveAccepted encoded above; Litestar sends bytes as they are, but its Response[T] takes a T
    return cast("Response[MoveAccepted]", Response(body, status_code=201, media_type="application/json", headers=headers))


@get("/games/{game_id:str}/events", responses=errors(400, 401, 404, 503, ok=schemas.EVENTS))
async def events(request: Request, game_id: str, from_: Annotated[int, QueryParameter(name="from", ge=1, le=VERSION_MAX)] = 1,
                 limit: int = Parameter(default=1000, ge=1, le=10000),
                 words: bool = Parameter(default=False, description="add `words` to each event the caller may read: "
                                         "a move or draw in the game's words, told from the position it was played "
                                         "in; an undo, a resignation… as the web page tells it")) -> list[dict[str, Any]]:
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    rows = views.log_rows(f, await r.store.read(game_id, from_, count=limit), caller)
    if words and any(row["payload"] is not None and row["kind"] in said.TOLD for row in rows):
        told = await r.reads.said(game_id, from_, limit, caller)  # in a process of its own, bounded (503 past the bound)
        for row in rows:
            if row["payload"] is not None and row["version"] in told:
                row["words"] = told[row["version"]]
    if words:
        names = [p.name for p in f.players]
        for row in rows:
            if row["payload"] is not None and row["kind"] not in said.TOLD:
                row["words"] = said.other_words(f.type, row, names)
    return rows


@get("/games/{game_id:str}/state", responses=errors(400, 401, 404, 503, ok=schemas.GAME))
async def state_at(request: Request, game_id: str, at: int | None = Parameter(
        default=None, le=VERSION_MAX, schema_extra={"minimum": 1})) -> dict[str, Any]:
    r = rt(request)
    caller = await r.caller(request, game_id)
    f = await r.commands.load(game_id)
    if at is None or at >= f.version:
        return views.game_view(f, caller)
    if at < 1:
        raise HTTPException(status_code=400, detail="at must be a version from 1")
    then = await r.reads.replay(game_id, at)  # in a process of its own, bounded (503 past the bound)
    return views.game_view(then, caller, finished=views.public(f), now=f)
