"""What keeps a page whole and its scripts its own: JSON written into a page so that no text in it (a player's
name) can end or re-open its element, the page's scripts (inlined static files) allowed by their hashes and
nothing else, and the security headers every answer carries (see docs/limits.md, "Pages and streams").

The policy lists hashes rather than a per-response nonce: a private game's page is written over its refusal
page (caravan.openPrivate, document.write), where the refusal's policy still rules, and a nonce of the first
answer would refuse the second's scripts; a static file's hash is the same in both."""

from __future__ import annotations

import base64
import hashlib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import msgspec
from markupsafe import Markup

STATIC = Path(__file__).parent / "static"

# "<" ends or opens an element ("</script>", "<!--<script>" swallows the rest of the page), ">" and "&" are
# escaped with it; U+2028 and U+2029 end a line in JavaScript. Each as \uXXXX: the same JSON to a parser.
UNSAFE_IN_HTML = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}
_UNSAFE = str.maketrans(UNSAFE_IN_HTML)


def script_json(value: Any) -> Markup:
    """JSON to put inside a <script type="application/json"> element (or any HTML): no text in it is markup."""
    return Markup(msgspec.json.encode(value).decode().translate(_UNSAFE))


@cache
def asset(name: str) -> Markup:
    """A static file's text, to put inline: a page is one request (plus, for a game, its frame stream)."""
    return Markup((STATIC / name).read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def page_policy() -> str:
    """The pages' Content-Security-Policy: scripts from this origin, and inline only the static scripts
    (by their hash: exactly the text `asset` inlines); no plugin, no framing, forms and fetches to here."""
    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(asset(p.name).encode()).digest()).decode()}'"
                      for p in sorted(STATIC.glob("*.js")))
    return ("default-src 'self'; " f"script-src 'self' {hashes}; " "style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")


OTHER_POLICY = "default-src 'none'; frame-ancestors 'none'"  # JSON, streams, files: nothing in them runs
ALWAYS = ((b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
          (b"x-frame-options", b"DENY"))


def secured(app):
    """ASGI wrapper: every HTTP answer gets nosniff, no-referrer and no framing; an HTML page gets the
    page policy, any other answer one that lets nothing run (a policy the handler set is kept)."""
    page = page_policy().encode()

    async def asgi(scope, receive, send) -> None:
        if scope["type"] != "http":
            return await app(scope, receive, send)

        async def send_secured(message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                have = {k.lower() for k, _ in headers}
                kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
                headers += [(k, v) for k, v in ALWAYS if k not in have]
                if b"content-security-policy" not in have:
                    html = kind.startswith(b"text/html")
                    headers.append((b"content-security-policy", page if html else OTHER_POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await app(scope, receive, send_secured)

    return asgi
