"""Who is signed in, for a page's header: every page route (routes.PAGE) runs `who_is_signed_in`, which reads
the session cookie (service/credentials.py SESSION_COOKIE) server-side and keeps the account's name in the
request's scope, where the templates read it (`signed_in(request)`, a Jinja global).

A page so depends on the cookie: each page answer says `Vary: Cookie`, and one drawn for a signed-in
reader `Cache-Control: private` (unless it already says how it is kept: a seat's page is `no-store`), so no
shared cache hands one reader's header to another. A cookie that stands for nobody (expired, revoked, of a
disabled account) draws the page signed out; the page itself is never refused for it. Reading is all a
page does with the cookie: signing in and out are the API's (POST /sessions, DELETE /sessions/current)."""

from __future__ import annotations

from typing import Any

from litestar import Request
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service.credentials import SESSION_COOKIE
from service.errors import DomainError

KEY = "caravan.signed_in"


def signed_in(request: Any) -> str | None:
    """The signed-in account's name for this page's request, or None (signed out)."""
    scope = getattr(request, "scope", None)
    return scope.get(KEY) if isinstance(scope, dict) else None


async def name_of(scope: Scope) -> str | None:
    request: Request = Request(scope)
    cookie = request.cookies.get(SESSION_COOKIE)
    if not cookie:
        return None
    try:
        who = await request.app.state.runtime.credentials.principal(cookie, by_cookie=True)
    except DomainError:  # unknown, expired, revoked, a disabled account: the page is drawn signed out
        return None
    return who.account.name


def with_vary(headers: list[tuple[bytes, bytes]], private: bool) -> list[tuple[bytes, bytes]]:
    """The page's headers, its Vary naming Cookie (kept with what it named), and, for a page drawn for a
    signed-in reader, `Cache-Control: private` where it said nothing of how it is kept."""
    vary = [v for k, v in headers if k.lower() == b"vary"]
    out = [(k, v) for k, v in headers if k.lower() != b"vary"]
    named = [p.strip() for v in vary for p in v.split(b",") if p.strip()]
    out.append((b"vary", b", ".join([*named, *([] if b"cookie" in {n.lower() for n in named} else [b"Cookie"])])))
    if private and not any(k.lower() == b"cache-control" for k, _ in out):
        out.append((b"cache-control", b"private"))
    return out


def who_is_signed_in(app: ASGIApp) -> ASGIApp:
    """Route middleware of every page: the signed-in name in the scope, and the answer's caching headers."""

    async def asgi(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)
        name = await name_of(scope)
        scope[KEY] = name  # type: ignore[literal-required]

        async def send_varied(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": with_vary(list(message.get("headers", ())), name is not None)}
            await send(message)

        await app(scope, receive, send_varied)

    return asgi
