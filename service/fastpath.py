"""The hot path for moves: `POST /games/{id}/moves` answered before Litestar's request pipeline.

A move is the one request a client sends many times a second, and most of its cost over HTTP was the
framework's per-request work (routing, the request object, the handler's signature model, the response
pipeline), not the move. This ASGI middleware takes a plain move — a JSON body that is a `MoveRequest`
and a bearer token, no Idempotency-Key — reads the body, finds the caller and calls the same command
(`Commands.submit`) the Litestar route calls, and writes the 201 itself.

Everything else goes on to Litestar unchanged, with the body replayed: a request it does not take,
and any refusal (a DomainError or a lost version race, both raised before anything is appended), so
every error answer is the app's own, word for word. The Litestar route stays the reference and what
the schema documents; both share the command path.
"""

from __future__ import annotations

import re

import msgspec
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect

from events.store import VersionConflict
from service.errors import DomainError, NotFound, Unauthorized

MOVES = re.compile(r"^/games/([^/]+)/moves$")
JSON_TYPES = (b"application/json", b"application/json; charset=utf-8")


def fast_moves(app):
    """Litestar middleware factory: `Litestar(middleware=[fast_moves])`."""
    from service.app import TOURNAMENT_PREFIX, MoveAccepted, MoveRequest  # the route's own bodies and rules

    decode, encode = msgspec.json.Decoder(MoveRequest).decode, msgspec.json.Encoder().encode

    async def asgi(scope, receive, send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or not (m := MOVES.match(scope["path"])):
            return await app(scope, receive, send)
        headers = dict(scope["headers"])
        body, more = b"", True
        limit = scope["litestar_app"].request_max_body_size or 0
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if limit and len(body) > limit:
                break
        if (more or (limit and len(body) > limit) or m.group(1).startswith(TOURNAMENT_PREFIX) or b"idempotency-key" in headers or headers.get(b"content-type", b"application/json") not in JSON_TYPES
                or b"authorization" not in headers):
            return await app(scope, replay(body, more, receive), send)
        try:
            data = decode(body)
            runtime = scope["litestar_app"].state.runtime
            caller = await runtime.caller_of(headers[b"authorization"].decode("latin-1"), m.group(1))
            if caller is None:
                raise DomainError("no caller")
            acc = await runtime.commands.submit(m.group(1), caller, data.move, data.expected_version)
        except (msgspec.DecodeError, msgspec.ValidationError, DomainError, VersionConflict, UnicodeDecodeError,
                RecursionError):
            return await app(scope, replay(body, False, receive), send)  # nothing was appended: Litestar answers
        out = encode(MoveAccepted(version=acc.version, status=acc.status))
        await send({"type": "http.response.start", "status": 201,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(out)).encode())]})
        await send({"type": "http.response.body", "body": out})

    return asgi


def replay(body: bytes, more: bool, receive):
    """A `receive` that hands the app the body read so far, then the rest of the stream."""
    sent = False

    async def again():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": more}
        return await receive()

    return again


# --- a persistent connection for clients that play many moves ----------------------------------------

@websocket("/games/{game_id:str}/play")
async def play_socket(socket: WebSocket, game_id: str) -> None:
    """Moves over one WebSocket (Authorization: Bearer <seat's token> on the upgrade request): each text
    frame is a move request as for `POST /games/{id}/moves` (`{"move": …, "expected_version"?: N}`),
    each answer a frame `{"version", "status"}` or `{"error", "detail"}` — the same command path and the
    same refusals, without a request per move."""
    from service.app import TOURNAMENT_PREFIX, MoveAccepted, MoveRequest

    decode, encode = msgspec.json.Decoder(MoveRequest).decode, msgspec.json.Encoder().encode
    runtime = socket.app.state.runtime
    await socket.accept()
    try:
        if game_id.startswith(TOURNAMENT_PREFIX):
            raise NotFound(f"no game {game_id!r}")
        caller = await runtime.caller_of(socket.headers.get("authorization"), game_id)
        if caller is None:
            raise Unauthorized("a seat's token is needed to move")
        await runtime.commands.load(game_id)
    except DomainError as e:
        await socket.send_text(encode({"error": e.code, "detail": e.detail}).decode())
        await socket.close(code=1008)
        return
    try:
        while True:
            raw = await socket.receive_data(mode="text")
            try:
                data = decode(raw)
                acc = await runtime.commands.submit(game_id, caller, data.move, data.expected_version)
                out = encode(MoveAccepted(version=acc.version, status=acc.status))
            except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as e:
                out = encode({"error": "bad-request", "detail": f"not a move request: {e}"})
            except DomainError as e:
                out = encode({"error": e.code, "detail": e.detail})
            except VersionConflict as e:
                out = encode({"error": "version-conflict", "detail": str(e)})
            await socket.send_text(out.decode())
    except WebSocketDisconnect:
        return
