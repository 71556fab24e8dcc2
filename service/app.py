"""The Litestar app: routes check the caller and the request, hand commands to service/commands.py
and reads to the loader, and shape the answers with service/views.py."""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager
from typing import Annotated, Any, AsyncIterator

import msgspec
from litestar import Litestar, Request, Response, get, post
from litestar.datastructures import ResponseHeader, State
from litestar.exceptions import HTTPException, ValidationException
from litestar.params import Parameter, QueryParameter
from litestar.response import ServerSentEvent
from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError, RedisError
from events.connect import connect
from events.kinds import Finished, SeedRevealed

from events.store import VersionConflict
from games import registry
from games.protocol import CHANCE
from projections.fold import CorruptLog, Folded
from service import exact_schema, logs, openapi, options as game_options, outage, said, schemas, views
from service.openapi import errors
from service.schemas import VERSION_MAX, GameCreated, SeatInfo
from service.errors import DomainError, Forbidden, NotFound, Unauthorized
from service import backlog, decide
from service.clocks import clock_frame
from service.commands import ARBITER, fingerprint
from service.analysis_routes import ROUTES as ANALYSIS_ROUTES
from service.departure_routes import ROUTES as DEPARTURE_ROUTES
from service.link_routes import ROUTES as LINK_ROUTES
from service.fastpath import fast_moves, play_socket
from service.routes_audit import ROUTES as AUDIT_ROUTES
from service.lobby_routes import lobby
from service.runtime import Runtime, bearer, rt
from service.settings import Settings, settings as load_settings
from service.reads import Busy
from service.streams import TooManyStreams, open_stream
from service.tournament_routes import ROUTES as TOURNAMENT_ROUTES
from service.cancel_routes import ROUTES as CANCEL_ROUTES
from service.tournament_stream import ROUTES as TOURNAMENT_STREAM_ROUTES, tournament_hub
from service.withdrawal_routes import ROUTES as WITHDRAWAL_ROUTES
from service.tournaments import ID_PREFIX as TOURNAMENT_PREFIX
from service import web
from service.web import safety
from service import admission


log = logging.getLogger("caravan.api")


# --- request and response bodies -----------------------------------------------------------------

class CreateGame(msgspec.Struct, forbid_unknown_fields=True):
    type: str
    players: Annotated[list[str], msgspec.Meta(min_length=1)]  # (how many a game type takes: a 422)
    seed: str | None = None  # the arbiter's only (reproducible tables, tests); otherwise the server draws it
    options: dict[str, Any] | None = None
    entropy: list[str] | None = None  # strings the creator mixes into every chance draw (seats: POST …/entropy)


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

@get("/health", responses=errors(503, ok=schemas.HEALTH))
async def health(request: Request) -> dict[str, str]:
    try:
        await rt(request).redis.ping()
    except RedisError as e:  # any failure to reach the store is "unhealthy"
        raise HTTPException(status_code=503, detail=f"Redis unreachable: {e}") from None  # + Retry-After
    return {"status": "ok"}


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
    decide.check_ai_budgets(data.players, r.cfg.ai_max_budget)
    count = await backlog.ai_game_count(r, request, data.players)  # 429: this address's all-AI games, bounded
    game_id, seats = await r.commands.create(decide.CreateGame(
        type=data.type, players=tuple(data.players), seed=data.seed, options=data.options or {},
        entropy=tuple(data.entropy or ()), seed_fixed_by=fixed_by))
    if count is not None:
        await count(game_id)
    return GameCreated(id=game_id, seats=[msgspec.convert(s, SeatInfo) for s in seats])


@get("/games/{game_id:str}", responses=errors(401, 404, 503, ok=schemas.GAME))
async def show_game(request: Request, game_id: str) -> dict[str, Any]:
    r = rt(request)
    caller = await r.caller(request, game_id)
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
    elif caller == ARBITER:
        moves = game.legal_moves(f.state, CHANCE) if CHANCE in game.actors(f.state) else []
    else:
        moves = game.legal_moves(f.state, caller)
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
    return Response(body, status_code=201, media_type="application/json", headers=headers)


@get("/games/{game_id:str}/events", responses=errors(400, 401, 404, 503, ok=schemas.EVENTS))
async def events(request: Request, game_id: str, from_: int = QueryParameter(name="from", default=1, ge=1, le=VERSION_MAX),
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


@get("/games/{game_id:str}/events/stream", media_type="text/event-stream", responses=errors(400, 401, 404, 503))
async def event_stream(request: Request, game_id: str, from_: int = QueryParameter(name="from", default=1, ge=1, le=VERSION_MAX),
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
            while (e := await anext(events_, StopAsyncIteration)) is not StopAsyncIteration:
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


# --- errors -------------------------------------------------------------------------------------

def _error(status: int, code: str, detail: str, headers: dict[str, str] | None = None) -> Response:
    return Response({"error": code, "detail": detail}, status_code=status, headers=headers)


def domain_error(_: Request, exc: DomainError) -> Response:
    return _error(exc.status, exc.code, exc.detail)


def conflict(_: Request, exc: VersionConflict) -> Response:
    return _error(409, "version-conflict", str(exc))


def http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code == 503:  # unavailable for now (the store, on /health): logged, with its request id
        return failure(request, None, 503, "unavailable", exc.detail, retry=True)
    if exc.status_code >= 500:  # the framework's own failure: a bug, logged as one
        return server_error(request, exc)
    codes = {400: "bad-request", 401: "unauthorized", 403: "forbidden", 404: "not-found", 405: "method-not-allowed",
             413: "body-too-large", 503: "unavailable"}
    detail = exc.detail
    if isinstance(exc, ValidationException) and exc.extra:
        detail = f"{exc.detail}: {msgspec.json.encode(exc.extra).decode()}"
    return _error(exc.status_code, codes.get(exc.status_code, "error"), detail, headers=exc.headers or None)


def corrupt_log(request: Request, exc: CorruptLog) -> Response:
    return failure(request, exc, 500, "corrupt-log",
                   f"the event log fails its checks: {exc}; GET /games/{{id}}/verify tells where")


def too_many_streams(request: Request, exc: TooManyStreams | Busy) -> Response:
    return failure(request, None, 503, "unavailable", exc.detail, retry=True)


def store_unreachable(request: Request, exc: RedisConnectionError | RedisTimeoutError) -> Response:
    """The store is down, or every connection to it stayed busy past the wait: a retry may succeed."""
    return failure(request, exc, 503, "unavailable",
                   f"the store cannot be reached right now ({type(exc).__name__}); retry later", retry=True)


def too_deep(request: Request, exc: RecursionError) -> Response:
    if "deserializ" in str(exc):  # msgspec's decoder met JSON nested deeper than it follows
        return _error(400, "bad-request", "the JSON body is nested too deeply")
    return server_error(request, exc)


def not_a_game(request: Request) -> None:
    """Before every route: a tournament's id names no game (its stream is no game's log); a path holding
    NUL (`/static/x%00`) names no file (the file system refuses it with a ValueError: it was a 500)."""
    if "\x00" in request.url.path:
        raise NotFound("no such path: it holds a NUL character")
    game_id = request.path_params.get("game_id")
    if isinstance(game_id, str) and game_id.startswith(TOURNAMENT_PREFIX):
        raise NotFound(f"no game {game_id!r}")
    return exact_schema.allowed(request)  # OPTIONS: every method of the path in Allow


def server_error(request: Request, exc: Exception) -> Response:
    return failure(request, exc, 500, "internal", f"{type(exc).__name__} (the server's log has the traceback "
                   "under this request_id)")


def failure(request: Request, exc: BaseException | None, status: int, code: str, detail: str,
            retry: bool = False) -> Response:
    """A 5xx: logged (with the traceback of `exc`) under the request's id, which the body carries too."""
    rid = logs.request_id(request.scope)
    log.log(logging.ERROR if status == 500 else logging.WARNING, "%s %s: %s %s", request.method, request.url.path,
            status, detail, exc_info=exc, extra={"request_id": rid, "method": request.method,
                                                 "path": request.url.path, "status": status})
    headers = {"Retry-After": str(rt(request).cfg.retry_after)} if retry else None
    body = {"error": code, "detail": detail, **({"request_id": rid} if rid else {})}
    return Response(body, status_code=status, headers=headers)


# --- the app --------------------------------------------------------------------------------------

def create_app(cfg: Settings | None = None, extra_handlers: list | None = None) -> Litestar:
    cfg = cfg or load_settings()

    @asynccontextmanager
    async def lifespan(app: Litestar):
        redis = connect(cfg.redis_url, cfg.cluster, wait=cfg.redis_timeout, max_connections=cfg.redis_connections,
                        socket_timeout=cfg.redis_timeout, socket_connect_timeout=cfg.redis_timeout)
        runtime = app.state.runtime = Runtime(cfg, redis)
        await runtime.hub.start()
        runtime.reads.warm()
        followers = app.state.tournament_hub = tournament_hub(runtime)
        await followers.start()
        app.openapi_schema  # (built here, not in on_startup after this: ~1 s, 5 s on a loaded machine)
        try:  # (last: the time this process took to start counts as the outage's)
            await outage.start(redis)  # the service was down: the clocks stood still (given back after we answer)
        except RedisError as e:
            log.warning("the outage's time not given back: %s", e)
        beating = asyncio.create_task(outage.beat(runtime.commands, redis))
        try:
            yield
        finally:
            beating.cancel()
            await followers.stop()
            await runtime.hub.stop()
            runtime.reads.close()
            await redis.aclose()

    routes = [*TOURNAMENT_ROUTES, *TOURNAMENT_STREAM_ROUTES, *WITHDRAWAL_ROUTES, *CANCEL_ROUTES, health, game_types,
              create_game, lobby, show_game, legal_moves, submit_move, events, event_stream, state_at, play_socket,
              *AUDIT_ROUTES, *DEPARTURE_ROUTES, *LINK_ROUTES,
              *ANALYSIS_ROUTES, *web.ROUTES, *(extra_handlers or [])]
    openapi.document(routes)
    app = Litestar(
        route_handlers=[*routes, openapi.ASSET_ROUTER],
        template_config=web.TEMPLATES,
        lifespan=[lifespan],
        on_startup=[openapi.only_declared, exact_schema.exact],
        state=State({}),
        exception_handlers={DomainError: domain_error, VersionConflict: conflict, HTTPException: http_error,
                            CorruptLog: corrupt_log, TooManyStreams: too_many_streams, Busy: too_many_streams,
                            RedisConnectionError: store_unreachable, RedisTimeoutError: store_unreachable, RecursionError: too_deep,
                            admission.Refused: admission.refused, 500: server_error},
        request_max_body_size=cfg.max_body,
        # the edge first (service/admission.py: bodies, content types, quotas, sockets), then POST
        # /games/{id}/moves before the request pipeline (service/fastpath.py)
        middleware=[admission.edge(cfg), fast_moves],
        before_request=not_a_game,
        openapi_config=openapi.config("caravan", "0.1.0"),
        debug=False,
    )
    # outermost: every request, and every answer with the security headers (service/web/safety.py)
    app.asgi_handler = logs.with_request_ids(safety.secured(app.asgi_handler), cfg.access_log)
    return app


def app_from_env() -> Litestar:
    """The ASGI app for a server (granian --interface asgi --factory service.app:app_from_env)."""
    logs.configure()
    return create_app()
