"""What the request handlers share: one Redis client, the store, the loader with its hot states, the
command handler, the lobby, the job queue, and who the caller is."""

from __future__ import annotations

import asyncio
import hmac

from litestar import Request
from redis.asyncio import Redis

from events.kinds import TableRef
from events.store import EventStore
from projections.loader import Loader
from projections.lobby import Lobby
from service.errors import Unauthorized
from service.games import ARBITER, Games
from service.settings import Settings


# --- the runtime the handlers share --------------------------------------------------------------

class Runtime:
    def __init__(self, cfg: Settings, redis: Redis):
        self.cfg, self.redis = cfg, redis
        self.store = EventStore(redis, cluster=cfg.cluster)
        self.loader = Loader(self.store)
        self.games = Games(self.store, self.loader, on_waiting=self.enqueue_advance, on_finished=self.enqueue_finished)
        self.lobby = Lobby(redis)
        self._queue = None
        self._tasks: set[asyncio.Task] = set()

    @property
    def queue(self):
        if self._queue is None:
            from service.jobs import queue_for

            self._queue = queue_for(self.cfg)
        return self._queue

    async def enqueue_advance(self, game_id: str, version: int) -> None:
        """Hand the game to a worker, off the request path (the sweeper catches what gets lost)."""
        from service.jobs import enqueue_advance

        task = asyncio.create_task(asyncio.to_thread(enqueue_advance, self.queue, game_id, version))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def enqueue_finished(self, game_id: str, tournament: TableRef) -> None:
        from service.jobs import enqueue_finished

        await asyncio.to_thread(enqueue_finished, self.queue, game_id, tournament)

    def is_arbiter(self, token: str) -> bool:
        return bool(self.cfg.arbiter_token) and hmac.compare_digest(token.encode(), self.cfg.arbiter_token.encode())

    async def caller(self, request: Request, game_id: str) -> int | str | None:
        """The seat (or "arbiter") the bearer token stands for; None without a token."""
        token = bearer(request)
        if token is None:
            return None
        if self.is_arbiter(token):
            return ARBITER
        seat = await self.games.seat_of(game_id, token)
        if seat is None:
            raise Unauthorized("this token is not a seat of this game")
        return seat


TOKEN_MAX = 256


def bearer(request: Request) -> str | None:
    """The bearer token of a request; None without an Authorization header. A header that is not
    `Bearer <printable ASCII token>` is a 401, whatever it holds (never a 500)."""
    auth = request.headers.get("authorization")
    if auth is None or auth == "":
        return None
    scheme, _, token = auth.strip().partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthorized("use 'Authorization: Bearer <token>'")
    if len(token) > TOKEN_MAX or not token.isascii() or not token.isprintable() or " " in token:
        raise Unauthorized("a token is printable ASCII without spaces, at most 256 characters")
    return token


def rt(request: Request) -> Runtime:
    return request.app.state.runtime
