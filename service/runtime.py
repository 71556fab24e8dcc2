"""The one place the platform is wired: one Redis client, the store, the loader with its hot states,
the command handler, the tournaments, the lobby, the job queues (fast and slow) — the same for the API, the worker's
jobs and tournaments. After an append, the command handler hands a game on through the runtime
(`waiting`, `finished`): to the workers' queue, off the request path in the API, at once in a worker.
Also who an HTTP caller is."""

from __future__ import annotations

import asyncio
import functools
import hmac
import logging

from litestar import Request
from redis.asyncio import Redis

from events.connect import connect
from events.kinds import ARBITER, TableRef
from events.store import EventStore
from projections.loader import Loader
from projections.lobby import Lobby
from service.accounts import Accounts
from service.commands import CACHE_LIMIT, Commands
from service.errors import Unauthorized
from service.reads import Reads
from service.said import Positions
from service.settings import Settings, settings
from service.streams import Hub
from service.views import PRIVATE, private

log = logging.getLogger("caravan.runtime")


class Runtime:
    def __init__(self, cfg: Settings, redis: Redis, background: bool = True):
        """`background`: enqueue jobs off the caller's path (the API); False: at once (a worker's job,
        whose event loop stops when the job returns)."""
        from service.credentials import Credentials
        from service.tournaments import Tournaments

        self.cfg, self.redis, self.background = cfg, redis, background
        self.store = EventStore(redis, cluster=cfg.cluster)
        self.loader = Loader(self.store)
        self.commands = Commands(self.store, self.loader, handoff=self, grace=cfg.clock_grace)
        self.tournaments = Tournaments(redis, self.commands)
        self.lobby = Lobby(redis)
        self.accounts = Accounts(redis, cfg.cluster)
        self.credentials = Credentials(redis, self.accounts)
        self.positions = Positions()  # games folded to a version lately, for telling moves where they were played
        self.hub = Hub(self.store, block_ms=cfg.block_ms, max_total=cfg.max_streams,
                       max_per_client=cfg.max_streams_per_client)
        self._queue = self._fast = self._analysis = self._thinking = None
        self._reads: Reads | None = None
        self._tasks: set[asyncio.Task] = set()
        self._private: dict[str, bool] = {}

    @property
    def queue(self):
        """The slow queue: AI thinking."""
        if self._queue is None:
            from service.jobs import queue_for

            self._queue = queue_for(self.cfg)
        return self._queue

    @property
    def reads(self) -> Reads:
        """Replays and verifications, in a pool of processes of their own (the API's)."""
        if self._reads is None:
            self._reads = Reads(self.cfg.redis_url, self.cfg.cluster, self.cfg.read_workers, self.cfg.read_waiting)
        return self._reads

    @property
    def analysis_queue(self):
        """The analysis queue, served last by every worker (service.jobs.analysis_queue_for)."""
        if self._analysis is None:
            from service.jobs import analysis_queue_for

            self._analysis = analysis_queue_for(self.cfg, self.queue.connection)
        return self._analysis

    @property
    def fast_queue(self):
        """The fast queue, served first by every worker: chance, clocks, tournament bookkeeping."""
        if self._fast is None:
            from service.jobs import fast_queue_for

            self._fast = fast_queue_for(self.cfg, self.queue.connection)
        return self._fast

    @property
    def thinking(self):
        """The server-wide slots for AI searches (service.jobs.Thinking)."""
        if self._thinking is None:
            from service.jobs import Thinking

            self._thinking = Thinking(self.queue.connection, self.cfg)
        return self._thinking

    # --- the handoff (service.commands.Handoff) ------------------------------------------------------

    async def waiting(self, game_id: str, version: int, waits: str = "chance") -> None:
        """Hand the game to a worker: chance to the fast queue, an AI's turn to the live one (a game with a
        person in it) or the slow one (the sweeper catches what gets lost)."""
        from service.jobs import enqueue_waiting, think_queue

        args = (self.fast_queue, think_queue(self, game_id), game_id, version, waits)
        if not self.background:
            enqueue_waiting(*args)
            return
        task = asyncio.create_task(asyncio.to_thread(enqueue_waiting, *args))
        self._tasks.add(task)
        task.add_done_callback(self._handed)

    def _handed(self, task: asyncio.Task) -> None:
        """A background hand-off ended: a failure (the queue's server out of reach) is logged; the game
        stays marked waiting, so the sweeper hands it on when the server is back."""
        self._tasks.discard(task)
        if not task.cancelled() and (e := task.exception()) is not None:
            log.warning("could not hand a game to the workers (%s: %s); the sweeper will", type(e).__name__, e)

    async def finished(self, game_id: str, table: TableRef) -> None:
        """A tournament table ended: let the tournament score it and seat what follows."""
        from service.jobs import enqueue_finished

        if self.background:
            await asyncio.to_thread(enqueue_finished, self.fast_queue, game_id, table)
        else:
            enqueue_finished(self.fast_queue, game_id, table)

    # --- who calls ------------------------------------------------------------------------------------

    async def is_private(self, game_id: str) -> bool:
        """The game is a private fork (service.views.private): read from its created event, which never
        changes, so kept in process once known (a spectator's every request asked the store again)."""
        known = self._private.get(game_id)
        if known is None:
            if len(self._private) > CACHE_LIMIT:
                self._private.clear()
            known = self._private[game_id] = private(await self.commands.load(game_id))
        return known

    def is_arbiter(self, token: str) -> bool:
        expected = self.cfg.arbiter_token
        if not expected:
            return False
        return hmac.compare_digest(token.encode(), expected.encode())

    async def caller(self, request: Request, game_id: str) -> int | str | None:
        """The seat (or "arbiter") the bearer token stands for; None without a token. An account's token
        or session cookie stands for the account's seat (service/seats.py)."""
        if not request.headers.get("authorization") and request.cookies:
            from service.seats import cookie_caller

            if (seat := await cookie_caller(self, request, game_id)) is not None:
                return seat
        return await self.caller_of(request.headers.get("authorization"), game_id,
                                    write=request.method not in ("GET", "HEAD", "OPTIONS"))

    async def caller_of(self, authorization: str | None, game_id: str, write: bool = True) -> int | str | None:
        """`caller` from the Authorization header's value (`write`: for a change, which an account's
        credential makes only with the `play` scope)."""
        token = bearer_token(authorization)
        if token is None:
            if await self.is_private(game_id):
                raise Unauthorized(PRIVATE)
            return None
        if self.is_arbiter(token):
            return ARBITER
        from service.seats import account_caller, is_account_token

        if is_account_token(token):
            return await account_caller(self, token, game_id, write)
        seat = await self.commands.seat_of(game_id, token)
        if seat is None:
            raise Unauthorized("this token is not a seat of this game")
        return seat


TOKEN_MAX = 256


def bearer(request: Request) -> str | None:
    """The bearer token of a request; None without an Authorization header. A header that is not
    `Bearer <printable ASCII token>` is a 401, whatever it holds (never a 500)."""
    return bearer_token(request.headers.get("authorization"))


def bearer_token(auth: str | None) -> str | None:
    """`bearer` from the Authorization header's value."""
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


@functools.cache
def in_worker() -> tuple[asyncio.AbstractEventLoop, Runtime]:
    """A worker process's event loop and runtime (its jobs run one at a time on that loop)."""
    cfg = settings()
    loop = asyncio.new_event_loop()
    return loop, Runtime(cfg, connect(cfg.redis_url, cfg.cluster), background=False)
