"""The OpenAPI document (`/schema`) as a contract: every route's errors in the shape they are sent
(`{"error", "detail"}`), the bearer scheme, and a docs page (Swagger UI at `/schema`, `/schema/swagger`)
whose assets come from a PyPI package (swagger-ui-bundle), served by the app: it works offline."""

from __future__ import annotations

from typing import Iterable

import msgspec
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.plugins import JsonRenderPlugin, SwaggerRenderPlugin, YamlRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
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
    409: "the game moved on (expected_version) or is over",
    413: "the body is too large",
    422: "well-formed but refused: an illegal move, a bad option, an unknown game type",
    429: "too many requests (see Retry-After)",
    503: "the store is unreachable or the server is at its bound (see Retry-After)",
}
READ = (400, 401, 403, 404, 429, 503)  # what any route can answer besides its success
WRITE = (*READ, 409, 413, 422)

ASSETS = "/schema/assets"


def document(handlers: Iterable[object]) -> None:
    """Declare on every route handler in the schema the errors it can answer (its own declarations win)."""
    for h in handlers:
        if not isinstance(h, HTTPRouteHandler) or not h.include_in_schema:
            continue
        codes = WRITE if h.http_methods & {"POST", "PUT", "PATCH", "DELETE"} else READ
        h.responses = {**{c: ResponseSpec(ErrorBody, description=ERRORS[c]) for c in codes}, **(h.responses or {})}


def config(title: str, version: str) -> OpenAPIConfig:
    swagger = SwaggerRenderPlugin(
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
