"""The OpenAPI document (`/schema`) as a contract: every route's errors in the shape they are sent
(`{"error", "detail"}`), the bearer scheme, and a docs page (Swagger UI at `/schema`, `/schema/swagger`)
whose assets come from a PyPI package (swagger-ui-bundle), served by the app: it works offline."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import msgspec
from litestar import Litestar, Request
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin, YamlRenderPlugin
from litestar.openapi.spec import Components, Reference, SecurityScheme
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path


class ErrorBody(msgspec.Struct, omit_defaults=True):
    """Every refusal and every failure: a stable code (`not-found`, `invalid`, `version-conflict`, …)
    and a sentence for a person."""

    error: str
    detail: str
    request_id: str | None = None  # present where the server logs the request under an id


ERRORS = {
    400: "a malformed request: a parameter or body of the wrong shape, JSON too deep",
    401: "no valid bearer token where one is needed",
    403: "the token may not do this",
    404: "no such game or tournament",
    409: "the game moved on (expected_version), is over, or the step was taken already",
    413: "the body is too large",
    415: "this route takes a JSON body: the request's Content-Type is another (or missing)",
    422: "well-formed but refused: an illegal move, a bad option, an unknown game type",
    429: "this client address is past one of its bounds: a creation quota, its queued work, its page streams "
         "(`rate-limited`, see Retry-After)",
    503: "the store is unreachable or the server is at its bound (see Retry-After)",
}
FALLBACK = tuple(ERRORS)  # a route that declares none of its errors (tests/e2e/test_schema_contract.py fails it)


ASSETS = "/schema/assets"


class Declared(dict):
    """A route's responses with its errors declared (possibly none)."""


def errors(*codes: int, ok: dict[int, ResponseSpec] | None = None) -> dict[int, ResponseSpec]:
    """A route's `responses`: exactly the error statuses its code paths can answer (each an ErrorBody),
    after its documented success answer `ok` if the return annotation does not tell it."""
    return Declared({**(ok or {}), **{c: ResponseSpec(ErrorBody, description=ERRORS[c]) for c in sorted(codes)}})


def declares_errors(handler: HTTPRouteHandler) -> bool:
    return isinstance(handler.responses, Declared)


def only_declared(app: Litestar) -> None:
    """On start: Litestar documents a 400 of its own shape on every route with a parameter; where a route
    declares no 400 (its parameters cannot fail to parse, as a string path segment cannot), drop it."""
    for item in (app.openapi_schema.paths or {}).values():
        for op in (item.get, item.put, item.post, item.delete, item.patch, item.head, item.options, item.trace):
            if op is None or op.responses is None or "400" not in op.responses:
                continue
            content = getattr(op.responses["400"], "content", None) or {}
            if not any(isinstance(m.schema, Reference) and m.schema.ref.endswith("/ErrorBody") for m in content.values()):
                del op.responses["400"]


def document(handlers: Iterable[object]) -> None:
    """A route in the schema that declares no errors gets every one (so the document never hides one);
    the contract test names it, to be declared exactly."""
    for h in handlers:
        if isinstance(h, HTTPRouteHandler) and h.include_in_schema and not declares_errors(h):
            h.responses = {**errors(*FALLBACK), **(h.responses or {})}


class SwaggerPage(SwaggerRenderPlugin):
    """Swagger UI under the pages' Content-Security-Policy (service/web/safety.py): the document in a JSON
    data element (escaped as every JSON in a page), started by a static script rather than an inline one."""

    def render(self, request: Request, openapi_schema: dict[str, Any]) -> bytes:
        from service.web.safety import script_json  # (service.web's routes import this module)

        title = html.escape(str(openapi_schema.get("info", {}).get("title", "API")))
        return (f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>{self.favicon}"
                "<meta name='viewport' content='width=device-width, initial-scale=1'>"
                f"<link href='{self.css_url}' rel='stylesheet'>{self.style}</head><body>"
                "<div id='swagger-container'></div>"
                f"<script type='application/json' id='openapi-document'>{script_json(openapi_schema)}</script>"
                f"<script src='{self.js_url}'></script><script src='{self.standalone_preset_js_url}'></script>"
                "<script src='/static/docs.js'></script></body></html>").encode()


def config(title: str, version: str) -> OpenAPIConfig:
    swagger = SwaggerPage(
        js_url=f"{ASSETS}/swagger-ui-bundle.js", css_url=f"{ASSETS}/swagger-ui.css",
        standalone_preset_js_url=f"{ASSETS}/swagger-ui-standalone-preset.js",
        favicon=f"<link rel='icon' type='image/png' href='{ASSETS}/favicon-32x32.png'>", path=["/", "/swagger"])
    return OpenAPIConfig(
        title=title, version=version, path="/schema",
        render_plugins=[swagger, JsonRenderPlugin(), YamlRenderPlugin()],
        components=Components(security_schemes={"bearer": SecurityScheme(
            type="http", scheme="bearer",
            description="a seat's token (from POST /games), an entrant's (POST /tournaments) or the arbiter's")}),
        security=[{}, {"bearer": []}],  # most reads are open to spectators; the token says who is asking
    )


ASSET_ROUTER = create_static_files_router(path=ASSETS, directories=[swagger_ui_path], include_in_schema=False)
