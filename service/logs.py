"""What the service logs, one JSON object a line on standard error: every 5xx with its traceback and the
request id its error body carries (`X-Request-Id` on every answer), worker job failures with the job's
id, and — when asked (CARAVAN_ACCESS_LOG=1, the default under `caravan up`) — one line per request (a
token in its query string redacted)."""

from __future__ import annotations

import json
import logging
import re
import secrets
import sys
import time
from typing import Any
from urllib.parse import unquote_plus

REQUEST_ID = "caravan.request_id"  # the scope key a request's id is kept under
SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")  # a caller's X-Request-Id is kept when it looks like this

log = logging.getLogger("caravan")
access = logging.getLogger("caravan.access")

# attributes every LogRecord has: anything else on a record came from `extra=` and goes into the line
_PLAIN = set(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonLines(logging.Formatter):
    """A record as one JSON object: time, level, logger, message, the `extra=` fields, and the traceback
    (`exc`) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"ts": round(record.created, 3), "level": record.levelname.lower(),
                               "logger": record.name, "msg": record.getMessage()}
        out.update({k: v for k, v in vars(record).items() if k not in _PLAIN and not k.startswith("_")})
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        elif record.exc_text:
            out["exc"] = record.exc_text
        return json.dumps(out, default=str, ensure_ascii=False)


def configure(names: tuple[str, ...] = ("caravan", "rq")) -> None:
    """JSON lines on stderr for the service's loggers (and RQ's, in a worker). Idempotent: a second call
    replaces the handler it installed."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines())
    handler.set_name("caravan-json")
    for name in names:
        logger = logging.getLogger(name)
        for h in list(logger.handlers):
            if h.get_name() == "caravan-json":
                logger.removeHandler(h)
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)
        logger.propagate = False


def redacted(query: str) -> str:
    """A query string as the access log writes it: the value of any parameter named like a token (`token`,
    `Token`, `seat_token`, `tok%65n`…) is `[redacted]` (a page sends tokens in a header; a hand-made or old
    link may still carry one)."""
    if "=" not in query:
        return query
    pairs = []
    for pair in query.split("&"):
        key, eq, _ = pair.partition("=")
        secret = eq and unquote_plus(key).strip().lower().endswith("token")
        pairs.append(f"{key}=[redacted]" if secret else pair)
    return "&".join(pairs)


def request_id(scope) -> str | None:
    return scope.get(REQUEST_ID)


def with_request_ids(app, access_log: bool):
    """ASGI wrapper (outermost, around Litestar's own handler): gives each request an id (the caller's
    `X-Request-Id` when it is a short safe token), sends it back as `X-Request-Id`, logs an exception
    that escapes after the answer started (a broken stream), and writes the access line."""

    async def asgi(scope, receive, send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await app(scope, receive, send)
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        rid = scope[REQUEST_ID] = given if SAFE_ID.match(given) else secrets.token_hex(8)
        started, status, sent = time.perf_counter(), None, 0

        async def send_with_id(message) -> None:
            nonlocal status, sent
            kind = message["type"]
            if kind == "http.response.start":
                status = message["status"]
                message = {**message, "headers": [*message.get("headers", ()), (b"x-request-id", rid.encode())]}
            elif kind == "http.response.body":
                sent += len(message.get("body", b""))
            elif kind == "websocket.accept":
                status = 101
            await send(message)

        try:
            await app(scope, receive, send_with_id)
        except BaseException as e:
            if not isinstance(e, (KeyboardInterrupt, SystemExit)):
                log.error("%s %s failed after its answer started", scope.get("method", "WS"), scope["path"],
                          exc_info=e, extra={"request_id": rid})
            status = status or 500
            raise
        finally:
            if access_log:
                query = redacted(scope.get("query_string", b"").decode("latin-1"))
                client = scope.get("client") or ("", 0)
                access.info("request", extra={
                    "request_id": rid, "method": scope.get("method", "WS"),
                    "path": scope["path"] + (f"?{query}" if query else ""), "status": status,
                    "ms": round((time.perf_counter() - started) * 1000, 2), "bytes": sent, "client": client[0]})

    return asgi
