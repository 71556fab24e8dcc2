"""The Litestar app, wired: the routes of every resource (the game's in service/game_routes.py and
service/game_stream.py, the others in their *_routes modules), the errors' answers
(service/error_handlers.py), the middleware and the start and stop of what the app runs beside it."""

from __future__ import annotations

import asyncio
import logging
from contextlib import asynccontextmanager

from litestar import Litestar, Request, Response, get
from litestar.datastructures import State
from litestar.exceptions import HTTPException
from redis.exceptions import RedisError

from events.connect import connect
from service import admission, exact_schema, logs, openapi, outage, schemas, web
from service.account_routes import ROUTES as ACCOUNT_ROUTES
from service.analysis_routes import ROUTES as ANALYSIS_ROUTES
from service.cancel_routes import ROUTES as CANCEL_ROUTES
from service.departure_routes import ROUTES as DEPARTURE_ROUTES
from service.error_handlers import HANDLERS
from service.errors import NotFound
from service.fastpath import fast_moves, play_socket
from service.game_routes import (
    CreateGame,
    GameType,
    MoveAccepted,
    MoveRequest,
    create_game,
    events,
    game_types,
    legal_moves,
    show_game,
    state_at,
    submit_move,
)
from service.game_stream import event_stream
from service.invitations import ROUTES as INVITATION_ROUTES
from service.join_routes import ROUTES as JOIN_ROUTES
from service.link_routes import ROUTES as LINK_ROUTES
from service.lobby_routes import lobby
from service.my_games import ROUTES as MY_GAMES_ROUTES
from service.openapi import errors
from service.routes_audit import ROUTES as AUDIT_ROUTES
from service.runtime import Runtime, rt
from service.session_routes import ROUTES as SESSION_ROUTES
from service.settings import Settings
from service.settings import settings as load_settings
from service.tournament_routes import ROUTES as TOURNAMENT_ROUTES
from service.tournament_stream import ROUTES as TOURNAMENT_STREAM_ROUTES
from service.tournament_stream import tournament_hub
from service.tournaments import ID_PREFIX as TOURNAMENT_PREFIX
from service.web import safety
from service.withdrawal_routes import ROUTES as WITHDRAWAL_ROUTES

# what others import from here: the move route's bodies and the tournaments' id prefix (service/fastpath.py)
__all__ = ["TOURNAMENT_PREFIX", "CreateGame", "GameType", "MoveAccepted", "MoveRequest", "app_from_env", "create_app"]

log = logging.getLogger("caravan.api")


@get("/health", responses=errors(503, ok=schemas.HEALTH))
async def health(request: Request) -> dict[str, str]:
    try:
        await rt(request).redis.ping()
    except RedisError as e:  # any failure to reach the store is "unhealthy"
        raise HTTPException(status_code=503, detail=f"Redis unreachable: {e}") from None  # + Retry-After
    return {"status": "ok"}


def not_a_game(request: Request) -> Response | None:
    """Before every route: a tournament's id names no game (its stream is no game's log); a path holding
    NUL (`/static/x%00`) names no file (the file system refuses it with a ValueError: it was a 500)."""
    if "\x00" in request.url.path:
        raise NotFound("no such path: it holds a NUL character")
    game_id = request.path_params.get("game_id")
    if isinstance(game_id, str) and game_id.startswith(TOURNAMENT_PREFIX):
        raise NotFound(f"no game {game_id!r}")
    return exact_schema.allowed(request)  # OPTIONS: every method of the path in Allow



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
        app.openapi_schema  # noqa: B018 (reading it builds it: here, not in on_startup after this: ~1 s, 5 s loaded)
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
              *AUDIT_ROUTES, *DEPARTURE_ROUTES, *LINK_ROUTES, *JOIN_ROUTES, *MY_GAMES_ROUTES, *INVITATION_ROUTES,
              *ANALYSIS_ROUTES, *ACCOUNT_ROUTES, *SESSION_ROUTES, *web.ROUTES, *(extra_handlers or [])]
    openapi.document(routes)
    app = Litestar(
        route_handlers=[*routes, openapi.ASSET_ROUTER],
        template_config=web.TEMPLATES,
        lifespan=[lifespan],
        on_startup=[openapi.only_declared, exact_schema.exact],
        state=State({}),
        exception_handlers=HANDLERS,
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
