"""How the app answers what went wrong: each domain error, conflict and framework error becomes a status
code and `{"error", "detail"}`; a 5xx is logged with its traceback under the request's id, which the body
carries too. service/app.py wires `HANDLERS` into the app."""

from __future__ import annotations

import logging

import msgspec
from litestar import Request, Response
from litestar.exceptions import HTTPException, ValidationException
from litestar.types import ExceptionHandlersMap
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from events.store import VersionConflict
from projections.fold import CorruptLog
from service import admission, logs
from service.errors import DomainError
from service.reads import Busy
from service.runtime import rt
from service.streams import TooManyStreams

log = logging.getLogger("caravan.api")


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


HANDLERS: ExceptionHandlersMap = {DomainError: domain_error, VersionConflict: conflict, HTTPException: http_error,
            CorruptLog: corrupt_log, TooManyStreams: too_many_streams, Busy: too_many_streams,
            RedisConnectionError: store_unreachable, RedisTimeoutError: store_unreachable, RecursionError: too_deep,
            admission.Refused: admission.refused, 500: server_error}
