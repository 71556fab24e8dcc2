"""The OpenAPI document says exactly what the API does (issue 55 item 14; schemathesis found 19 places it
did not, tests/e2e/test_schema_contract.py):

- a request body whose struct refuses unknown fields (`forbid_unknown_fields`) is documented with
  `additionalProperties: false` (Litestar leaves it open: a body with an extra field was valid by the
  document and refused with a 400);
- a body the route may go without (`data: X | None = None`) is documented as not required (one that was
  documented required was accepted missing), and an optional header as a string, not `null`;
- `OPTIONS` answers every method of its path in `Allow` (Litestar's own answer lists only the methods of
  the first handler registered at a path that has several: `OPTIONS /games` said `OPTIONS, POST`);
- the edge's 415 and 429 are in the list of every operation that can meet them (`edge_errors`);
- `body_schema` documents a body read as a plain dict by the struct it is checked against."""

from __future__ import annotations

import re
from typing import Any, TypeGuard

import msgspec
from litestar import Litestar, Request, Response
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIResponse, Reference, Schema


def _bodies(app: Litestar) -> dict[str, type[msgspec.Struct]]:
    """The structs the routes read their bodies into, and the structs those hold, by name (as the
    document names their components)."""
    found: dict[str, type[msgspec.Struct]] = {}

    def walk(info: Any) -> None:
        if isinstance(info, msgspec.inspect.StructType):
            if found.setdefault(info.cls.__name__, info.cls) is info.cls and info.cls not in seen:
                seen.add(info.cls)
                for field in info.fields:
                    walk(field.type)
        elif isinstance(info, msgspec.inspect.UnionType):
            for part in info.types:
                walk(part)
        elif isinstance(info, msgspec.inspect.Metadata):
            walk(info.type)
        elif isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.VarTupleType, msgspec.inspect.SetType)):
            walk(info.item_type)
        elif isinstance(info, msgspec.inspect.DictType):
            walk(info.value_type)

    seen: set[type] = set()
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            data = handler.parsed_fn_signature.parameters.get("data")
            if data is not None:
                walk(msgspec.inspect.type_info(data.annotation))
    return found


def _refs(schema: Any) -> list[str]:
    """The component names a request body's schema refers to (directly, or in a oneOf / anyOf)."""
    if isinstance(schema, Reference):
        return [schema.ref.rsplit("/", 1)[-1]]
    if isinstance(schema, Schema):
        return [name for part in (*(schema.one_of or ()), *(schema.any_of or ())) for name in _refs(part)]
    return []


def _may_be_null(schema: Any) -> TypeGuard[Schema]:
    return isinstance(schema, Schema) and any(isinstance(p, Schema) and p.type == "null" for p in schema.one_of or [])


def _optional_bodies(app: Litestar) -> set[tuple[str, str]]:
    """(path as the document spells it, method) of the routes whose body may be left out (`data: … = None`),
    however its schema is documented (`body_schema` replaces the one that said `null`)."""
    out: set[tuple[str, str]] = set()
    for route in app.routes:
        for handler in getattr(route, "route_handlers", ()):
            data = handler.parsed_fn_signature.parameters.get("data")
            if data is not None and data.has_default and data.default is None:
                path = re.sub(r"\{(\w+):[^}]*\}", r"{\1}", route.path)
                out.update((path, m.lower()) for m in handler.http_methods)
    return out


def exact(app: Litestar) -> None:
    """On start: request bodies documented as the API reads them (see the module's docstring)."""
    doc = app.openapi_schema
    structs, components = _bodies(app), (doc.components.schemas or {})
    optional = _optional_bodies(app)
    closed: set[str] = set()
    for path, item in (doc.paths or {}).items():
        for method in ("get", "put", "post", "delete", "patch"):
            op = getattr(item, method)
            for param in getattr(op, "parameters", None) or []:
                _not_null(param)
            body = getattr(op, "request_body", None)
            if body is None or isinstance(body, Reference):
                continue
            if (path, method) in optional:
                body.required = False
            for media in (body.content or {}).values():
                if _may_be_null(media.schema):
                    body.required = False
                closed.update(_refs(media.schema))
    while closed:  # the bodies' structs, and the structs they hold, that refuse unknown fields
        name = closed.pop()
        schema, struct = components.get(name), structs.get(name)
        if schema is None or struct is None or not struct.__struct_config__.forbid_unknown_fields:
            continue
        schema.additional_properties = False
        for prop in (schema.properties or {}).values():
            closed.update(_refs(prop))
    edge_errors(app)


def _not_null(param: Any) -> None:
    """A header is sent or not, never null: an optional header documented as `oneOf: [string, null]` let
    a client send the word `null` (refused, as a Last-Event-ID or Idempotency-Key); it is a string."""
    schema = getattr(param, "schema", None)
    if getattr(param, "param_in", None) != "header" or not _may_be_null(schema):
        return
    kept = [p for p in schema.one_of or () if not (isinstance(p, Schema) and p.type == "null")]
    if len(kept) == 1 and isinstance(kept[0], Schema) and kept[0].type is not None:
        schema.one_of, schema.type = None, kept[0].type


def allowed(request: Request) -> Response | None:
    """Before every route: an `OPTIONS` request is answered with every method its path serves."""
    if request.method != "OPTIONS":
        return None
    served = request.app.route_handler_method_map
    methods = {m for path in request.route_handler.paths for m in served.get(path, {})} | {"OPTIONS"}
    return Response(None, status_code=204, headers={"Allow": ", ".join(sorted(methods))})


def body_schema(struct: type) -> dict[str, Any]:
    """A body the route reads as a dict (or nothing) and checks against `struct`, documented as `struct`
    (for `Body(schema_extra=...)`): its fields, and `additionalProperties: false` where it refuses others."""
    (_, inline), = msgspec.json.schema_components([struct])[1].items()
    if not inline.get("required", True):
        del inline["required"]  # (an empty list is not a schema)
    return {"oneOf": [inline, {"type": "null"}]}


def edge_errors(app: Litestar) -> None:
    """On start: the edge's refusals (service/admission.py) on the operations that can meet them, from the
    tables the edge itself uses: 415 on every route that reads a JSON body (`admission.takes_json`), 429 on
    every route a per-client quota or bound refuses (`admission.CREATES`; a page stream's bound is declared
    by its route)."""
    from service import admission
    from service.openapi import ERRORS

    doc = app.openapi_schema
    body = {"application/json": OpenAPIMediaType(schema=Reference(ref="#/components/schemas/ErrorBody"))}
    for route in app.routes:
        item = (doc.paths or {}).get(getattr(route, "path_format", ""))
        for handler in getattr(route, "route_handlers", ()) if item is not None else ():
            for method in handler.http_methods:
                op = getattr(item, method.lower(), None)
                if op is None or op.responses is None:
                    continue
                codes = [415] if admission.takes_json(handler) else []
                codes += [429] if (method, route.path_format) in admission.CREATES else []
                for code in codes:
                    op.responses[str(code)] = OpenAPIResponse(description=ERRORS[code], content=dict(body))
                op.responses = dict(sorted(op.responses.items()))
