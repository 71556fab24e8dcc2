"""The API's edge: what one client may hold of the server before a route runs (docs/limits.md,
"Requests and connections"). A Litestar middleware, the outermost of the app's:

- a request's body arrives within `body_timeout` seconds, else 408, and an address may have
  `max_bodies_per_client` requests (the server `max_bodies`) whose body is slow to arrive; past that they
  are answered 429 (503) with Retry-After, at once (service/bodies.py): clients trickling bodies never fill
  the server's requests in flight (granian's backpressure), and `/health`, moves and every other request
  still answer;
- a route that takes JSON refuses any other content type with 415 (a browser's form or `text/plain` post
  from another site's page must not create anything);
- creating games, tournaments, analyses and accounts is quota'd per client address (service/quotas.py, in Redis,
  shared by every API process): 429 `rate-limited` with Retry-After; the arbiter is exempt;
- a WebSocket holds one of `max_sockets_per_client` places of its address (else refused at the upgrade),
  and a message over the body limit (CARAVAN_MAX_BODY) closes it with 1009 before the app decodes it.

The body and socket counts are per API process (each process guards its own requests in flight).
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict

import msgspec
from litestar import Request, Response
from litestar.enums import RequestEncodingType

from service.bodies import Bodies, Refused
from service.errors import Unauthorized
from service.quotas import Quota
from service.runtime import bearer_token
from service.settings import Settings

JSON_MEDIA = re.compile(r"^application/(?:[a-z0-9.+-]+\+)?json$")
# the routes that create something, by (method, path template as Litestar's router names it): the kind of
# quota each takes
CREATES = {("POST", "/games"): "games", ("POST", "/games/{game_id}/fork"): "games",
           ("POST", "/tournaments"): "tournaments", ("POST", "/games/{game_id}/analysis"): "analyses",
           ("POST", "/tournaments/{tournament_id}/analysis"): "analyses", ("POST", "/accounts"): "accounts"}


def refused(_: Request, exc: Refused) -> Response:
    """The app's exception handler for Refused."""
    return Response(exc.body(), status_code=exc.status, headers=exc.headers())


class Places:
    """Places held per client address, at most `per_client` each and `total` in all (0: no bound)."""

    def __init__(self, per_client: int, total: int = 0):
        self.per_client, self.total = per_client, total
        self.held: dict[str, int] = defaultdict(int)
        self.count = 0

    def full(self, client: str) -> str | None:
        """Why `client` may not take a place now ("client" or "total"), or None."""
        if self.per_client > 0 and self.held.get(client, 0) >= self.per_client:
            return "client"
        if self.total > 0 and self.count >= self.total:
            return "total"
        return None

    def take(self, client: str) -> None:
        self.held[client] += 1
        self.count += 1

    def give_back(self, client: str) -> None:
        self.count -= 1
        self.held[client] -= 1
        if self.held[client] <= 0:
            del self.held[client]


def client_of(scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


def has_body(headers: dict[bytes, bytes]) -> bool:
    return headers.get(b"content-length", b"0").strip() not in (b"0", b"") or b"transfer-encoding" in headers


@functools.cache  # the app's handlers: a few dozen, for the app's life
def takes_json(handler) -> bool:
    """Whether a route handler reads a JSON body (a `data` parameter not declared as a form)."""
    field = getattr(handler, "parsed_data_field", None)
    if field is None:
        return False
    media = getattr(field.kwarg_definition, "media_type", None)
    return media in (None, RequestEncodingType.JSON)


@functools.lru_cache(maxsize=64)
def is_json(content_type: bytes) -> bool:
    return bool(JSON_MEDIA.match(content_type.split(b";", 1)[0].strip().lower().decode("latin-1")))


def check_media(handler, headers: dict[bytes, bytes]) -> None:
    """415 for a JSON route sent another content type (or a body without one)."""
    given = headers.get(b"content-type")
    if not takes_json(handler) or (given is None and not has_body(headers)):
        return
    if not is_json(given or b""):
        media = (given or b"").split(b";", 1)[0].strip().lower().decode("latin-1")
        shown = repr(media[:60]) if media else "none"
        raise Refused(415, "unsupported-media-type", f"this route takes a JSON body: send Content-Type: "
                                                     f"application/json (the request's content type: {shown})")


def edge(cfg: Settings):
    """The middleware factory (`Litestar(middleware=[edge(cfg), …])`); its places and quotas are shared
    by every route of the app."""
    bodies = Bodies(cfg.body_timeout, cfg.max_bodies_per_client, cfg.max_bodies, cfg.retry_after)
    sockets = Places(cfg.max_sockets_per_client)
    limits = {"games": cfg.quota_games, "tournaments": cfg.quota_tournaments, "analyses": cfg.quota_analyses,
              "accounts": cfg.quota_accounts}
    quotas: dict[str, Quota] = {}

    async def charge(scope, headers: dict[bytes, bytes], client: str) -> None:
        kind = CREATES.get((scope["method"], scope.get("path_template")))
        if kind is None or limits[kind] <= 0:
            return
        runtime = scope["litestar_app"].state.runtime
        try:
            token = bearer_token(headers.get(b"authorization", b"").decode("latin-1") or None)
        except Unauthorized:
            token = None  # the route refuses it
        if token is not None and runtime.is_arbiter(token):
            return
        if kind not in quotas:
            quotas[kind] = Quota(runtime.redis, kind, limits[kind], cfg.quota_window)
        taken = await quotas[kind].take(client)
        if not taken.ok:
            raise Refused(429, "rate-limited", f"this address has created {limits[kind]} {kind} in the last "
                                               f"{cfg.quota_window:g} s (the quota); retry after "
                                               f"{taken.retry_after} s", taken.retry_after)

    def factory(app):
        async def asgi(scope, receive, send) -> None:
            if scope["type"] == "websocket":
                return await socket(app, scope, receive, send)
            if scope["type"] != "http":
                return await app(scope, receive, send)
            headers, client = dict(scope["headers"]), client_of(scope)
            check_media(scope.get("route_handler"), headers)
            if not has_body(headers):
                await charge(scope, headers, client)
                return await app(scope, receive, send)
            bodies.admit(client)
            in_time, done = bodies.reader(client, receive)
            try:
                await charge(scope, headers, client)
                await app(scope, in_time, send)
            finally:
                done()

        return asgi

    async def socket(app, scope, receive, send) -> None:
        client = client_of(scope)
        if sockets.full(client):
            await receive()  # websocket.connect
            return await deny(scope, send, f"this address holds {cfg.max_sockets_per_client} WebSockets (the bound)",
                              cfg.retry_after)
        sockets.take(client)
        try:
            await app(scope, *bounded_frames(receive, send, cfg.max_body))
        finally:
            sockets.give_back(client)

    return factory


def bounded_frames(receive, send, limit: int):
    """(receive, send) for a WebSocket app: a message over `limit` bytes closes the socket (1009, "message
    too big") and reaches the app as a disconnect; what the app sends after that is dropped."""
    closed = False

    async def frames():
        nonlocal closed
        message = await receive()
        if message["type"] == "websocket.receive" and limit:
            data = message.get("bytes") or message.get("text") or ""
            size = len(data) if isinstance(data, bytes) or len(data) > limit else len(data.encode("utf-8", "replace"))
            if size > limit:
                closed = True
                await send({"type": "websocket.close", "code": 1009,
                            "reason": f"a message is at most {limit} bytes"})
                return {"type": "websocket.disconnect", "code": 1009}
        return message

    async def sends(message) -> None:
        if not closed:
            await send(message)

    return frames, sends


async def deny(scope, send, detail: str, retry_after: int) -> None:
    """Refuse a WebSocket upgrade: a 429 with its body where the server can send one, else a close (403)."""
    if "websocket.http.response" not in (scope.get("extensions") or {}):
        return await send({"type": "websocket.close", "code": 1013, "reason": detail[:120]})
    body = msgspec.json.encode({"error": "rate-limited", "detail": detail})
    await send({"type": "websocket.http.response.start", "status": 429,
                "headers": [(b"content-type", b"application/json"), (b"retry-after", str(retry_after).encode()),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "websocket.http.response.body", "body": body})
