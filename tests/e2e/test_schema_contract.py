"""The OpenAPI document is a contract: a client no one here wrote (schemathesis, generating requests from
`/schema/openapi.json`) agrees with the real app over HTTP — no 5xx, every status code and content type
documented, every body in its documented shape; errors are documented as they are sent; the docs page
loads nothing from elsewhere."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

pytestmark = pytest.mark.e2e

CHECKS = ("not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,"
          # the document exact both ways (issue 55 item 14: 14 bodies valid by it refused, an optional body
          # documented required, 4 OPTIONS answers whose Allow missed a method)
          "positive_data_acceptance,negative_data_rejection,allow_header_conformance,unsupported_method")
# A body valid by the document may still be refused for what it says (an unknown game type, an illegal
# move, a name taken: 422, documented) or find no game (404); never for its shape (400).
EXACT = '[checks.positive_data_acceptance]\nexpected-statuses = ["2XX", "401", "403", "404", "409", "422", "429", "503"]\n'


def schemathesis(stack, cwd, *args: str, config: str = "") -> subprocess.CompletedProcess:
    (cwd / "schemathesis.toml").write_text(EXACT + config)  # its cache goes to the temporary folder too
    return subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "--config-file", str(cwd / "schemathesis.toml"), "run",
         f"{stack.url}/schema/openapi.json", "--checks", CHECKS, "--max-examples", "10", "--generation-deterministic",
         "--no-color", "--request-timeout", "10", *args],
        capture_output=True, text=True, timeout=300, cwd=cwd)


def clean(run: subprocess.CompletedProcess, at_least: int) -> str:
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-6000:]
    tested = int(re.search(r"Tested: (\d+)", out).group(1))
    assert tested >= at_least, out[-2000:]
    assert re.search(r"(\d+) generated, \1 passed", out), out[-2000:]
    print(" ".join(re.findall(r"Tested: \d+|\d+ generated, \d+ passed|API Links:.*", out)))  # figures, with -s
    return out


@pytest.mark.parametrize("who", ["anonymous", "arbiter"])
def test_schemathesis_finds_nothing(stack, who, tmp_path):
    # a tournament to find (through the links from POST /tournaments): a route whose body may be left out
    # was documented as requiring one, and only a real tournament's analysis answered the missing body 200
    assert stack.client().post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).status_code == 201
    args = ("--header", f"Authorization: Bearer {stack.arbiter}") if who == "arbiter" else ()
    clean(schemathesis(stack, tmp_path, *args), at_least=20)


@pytest.mark.parametrize("who", ["seat", "arbiter"])
def test_schemathesis_on_a_real_game_finds_nothing(stack, who, tmp_path):
    """Random ids only ever meet 404s: here every game route runs on a game in play (its id fixed), as
    its seat 0 and as the arbiter — moves, undo, entropy, fork, resign, the refusals of each. The live
    streams are left out (they stay open while the game runs); tests/e2e/test_streams.py holds them."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"], "options": {
        "arbiter_chance": True}}).json()
    token = created["seats"][0]["token"] if who == "seat" else stack.arbiter
    run = schemathesis(stack, tmp_path, "--header", f"Authorization: Bearer {token}", "--include-path-regex",
                       r"^/games/\{game_id\}", "--exclude-path-regex", "/stream$",
                       config=f'[parameters]\n"path.game_id" = "{created["id"]}"\n')
    clean(run, at_least=15)


def test_errors_are_documented_as_sent(stack):
    doc = stack.client().get("/schema/openapi.json").json()
    error = doc["components"]["schemas"]["ErrorBody"]
    assert set(error["required"]) == {"error", "detail"} and "status_code" not in error["properties"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for code, answer in op["responses"].items():
                if int(code) >= 400:
                    ref = answer["content"]["application/json"]["schema"]["$ref"]
                    assert ref.endswith("/ErrorBody"), (method, path, code)
    r = stack.client().get("/games/nope")
    assert r.status_code == 404 and set(r.json()) >= {"error", "detail"}


def test_every_route_declares_exactly_its_errors(stack):
    """Each route names the errors its code paths can answer (service/openapi.py `errors`), not a blanket
    list: a route that declares none would be documented with every one, and is named here."""
    from litestar.handlers import HTTPRouteHandler

    from service import openapi
    from service.app import create_app

    app = create_app()
    handlers = {h for r in app.routes for h in getattr(r, "route_handlers", ()) if isinstance(h, HTTPRouteHandler)}
    undeclared = [f"{sorted(h.http_methods)} {h.paths}" for h in handlers
                  if h.resolve_include_in_schema() and not openapi.declares_errors(h)]
    assert not undeclared, undeclared
    doc = stack.client().get("/schema/openapi.json").json()
    assert set(doc["paths"]["/game-types"]["get"]["responses"]) == {"200"}  # no parameter, no store: no error
    assert set(doc["paths"]["/games/{game_id}/verify"]["get"]["responses"]) == {"200", "401", "404", "503"}
    assert "400" not in doc["paths"]["/games/{game_id}"]["get"]["responses"]  # a string segment always parses


def test_bearer_scheme_and_idempotency_key_are_declared(stack):
    doc = stack.client().get("/schema/openapi.json").json()
    assert doc["components"]["securitySchemes"]["bearer"] == {**doc["components"]["securitySchemes"]["bearer"],
                                                              "type": "http", "scheme": "bearer"}
    assert {"bearer": []} in doc["security"]
    params = doc["paths"]["/games/{game_id}/moves"]["post"]["parameters"]
    key = next(p for p in params if p["name"] == "Idempotency-Key")
    assert key["in"] == "header" and key["schema"]["maxLength"] == 128


def test_the_docs_page_loads_nothing_from_elsewhere(stack):
    c = stack.client()
    page = c.get("/schema")
    assert page.status_code == 200
    assert not re.search(r"(src|href)=['\"]?(https?:)?//", page.text), page.text[:1000]
    assets = re.findall(r"(?:src|href)=['\"]([^'\"]+)['\"]", page.text)
    assert any(a.endswith(".js") for a in assets)
    for a in assets:
        assert c.get(a).status_code == 200, a


def test_the_platforms_answers_have_their_documented_types(stack):
    """Random ids rarely find a game, so real games' answers are held to the declared structs here."""
    import msgspec

    from service.schemas import EventRow, GameView

    doc = stack.client().get("/schema/openapi.json").json()
    ok = doc["paths"]["/games/{game_id}"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok["$ref"].endswith("/GameView")
    for game_type, players in (("toy", ["ann", "bob"]), ("himalaya", ["a", "b", "c:ai-random"])):
        created = stack.client().post("/games", json={"type": game_type, "players": players}).json()
        game_id = created["id"]
        for token in (None, created["seats"][0]["token"], stack.arbiter):
            c = stack.client(token)
            msgspec.json.decode(c.get(f"/games/{game_id}").content, type=GameView)
            msgspec.json.decode(c.get(f"/games/{game_id}/state", params={"at": 1}).content, type=GameView)
            rows = msgspec.json.decode(c.get(f"/games/{game_id}/events").content, type=list[EventRow])
            assert rows and rows[0].version == 1


def exactly(value, shape):
    """`value` (decoded JSON) has the documented `shape`: every type right and no field the shape lacks
    (the document's structs leave extra fields open, so this is where a new undocumented field fails)."""
    import msgspec

    msgspec.convert(value, shape)  # the types

    def walk(v, t, where):
        info = t if isinstance(t, msgspec.inspect.Type) else msgspec.inspect.type_info(t)
        if isinstance(info, msgspec.inspect.StructType):
            fields = {f.encode_name: f.type for f in info.fields}
            assert set(v) <= set(fields), f"{where}: {sorted(set(v) - set(fields))} not in {info.cls.__name__}"
            for k, x in v.items():
                walk(x, fields[k], f"{where}.{k}")
        elif isinstance(info, (msgspec.inspect.ListType, msgspec.inspect.TupleType, msgspec.inspect.VarTupleType)):
            for i, x in enumerate(v):
                walk(x, info.item_type, f"{where}[{i}]")
        elif isinstance(info, msgspec.inspect.UnionType) and v is not None:
            structs = [t for t in info.types if isinstance(t, msgspec.inspect.StructType)]
            if isinstance(v, dict) and structs:
                walk(v, structs[0], where)
    walk(value, shape, "answer")
    return value


def documented(doc, method: str, path: str) -> str:
    """The name of the struct (or list of structs) a route's success answer is documented as."""
    op = doc["paths"][path][method]
    schema = next(r for c, r in op["responses"].items() if c.startswith("2"))["content"]["application/json"]["schema"]
    return schema.get("$ref", schema.get("items", {}).get("$ref", "")).rsplit("/", 1)[-1]


def test_every_platform_answer_has_its_documented_shape(stack):
    """Games, undo, entropy, fork, departures, verify and tournaments: real answers, held exactly to the
    structs the document names for them (random ids in schemathesis' runs rarely reach them)."""
    from service import schemas as s, tournament_schemas as t
    from projections.audit import Report

    doc = stack.client().get("/schema/openapi.json").json()
    arb = stack.client(stack.arbiter)
    game = "/games/{game_id}"
    expect = {("post", "/games"): s.GameCreated, ("post", f"{game}/entropy"): s.EntropyAdded,
              ("post", f"{game}/undo"): s.UndoAnswer, ("post", f"{game}/fork"): s.Forked,
              ("post", f"{game}/resign"): s.GameEnded, ("post", f"{game}/abandon"): s.GameEnded,
              ("post", f"{game}/adjudicate"): s.GameEnded, ("get", f"{game}/verify"): Report,
              ("get", game): s.GameView, ("get", f"{game}/state"): s.GameView, ("get", f"{game}/events"): s.EventRow,
              ("post", "/tournaments"): t.TournamentCreated, ("get", "/tournaments"): t.TournamentLine,
              ("get", "/tournaments/{tournament_id}"): t.TournamentSummary,
              ("get", "/tournaments/{tournament_id}/events"): s.EventRow,
              ("post", "/tournaments/{tournament_id}/advance"): t.TournamentAdvanced,
              ("get", "/tournaments/{tournament_id}/tables"): t.EntrantTable, ("get", f"{game}/view/frame"): s.Frame}
    for (method, path), shape in expect.items():
        assert documented(doc, method, path) == shape.__name__, (method, path)

    created = exactly(stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"], "options": {
        "arbiter_chance": True}}).json(), s.GameCreated)
    gid, seat = created["id"], [stack.client(x["token"]) for x in created["seats"]]
    exactly(seat[0].post(f"/games/{gid}/entropy", json={"entropy": "ann's coin"}).json(), s.EntropyAdded)
    assert arb.post(f"/games/{gid}/moves", json={"move": {"type": "shuffle", "order": list(range(12))}}).status_code == 201
    assert seat[0].post(f"/games/{gid}/moves", json={"move": {"type": "bid", "card": 1}}).status_code == 201
    asked = exactly(seat[0].post(f"/games/{gid}/undo", json={}).json(), s.UndoAnswer)
    assert asked["waiting_for"] == [1]
    for who in (seat[0], seat[1], arb):
        assert exactly(who.get(f"/games/{gid}").json(), s.GameView)["undo"]["pending"]["request"] == asked["request"]
    granted = seat[1].post(f"/games/{gid}/undo", json={"action": "consent", "request": asked["request"]}).json()
    assert exactly(granted, s.UndoAnswer)["granted"] is True
    forked = exactly(arb.post(f"/games/{gid}/fork").json(), s.Forked)
    exactly(seat[0].post(f"/games/{gid}/fork").json(), s.Forked)
    assert exactly(arb.get(f"/games/{forked['id']}").json(), s.GameView)["origin"]["game"] == gid
    exactly(arb.get(f"/games/{gid}/verify").json(), Report)
    exactly(seat[0].post(f"/games/{gid}/resign").json(), s.GameEnded)
    exactly(arb.post(f"/games/{gid}/adjudicate", json={"ranks": [2, 1], "reason": "test"}).json(), s.GameEnded)
    exactly(arb.post(f"/games/{forked['id']}/abandon", json={"reason": "test"}).json(), s.GameEnded)
    for who in (seat[0], arb, stack.client()):
        exactly(who.get(f"/games/{gid}").json(), s.GameView)
        exactly(who.get(f"/games/{gid}/events").json(), list[s.EventRow])
    live = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"], "options": {
        "arbiter_chance": True}}).json()
    assert arb.post(f"/games/{live['id']}/moves", json={"move": {"type": "shuffle", "order": list(range(12))}}).status_code == 201
    ann = stack.client(live["seats"][0]["token"])
    assert exactly(ann.get(f"/games/{live['id']}/view/frame").json(), s.Frame)["moves"]  # a bid to choose
    for game_id, tokens in ((gid, [seat[0], seat[1]]), (live["id"], [ann])):
        for who in (*tokens, arb, stack.client()):
            exactly(who.get(f"/games/{game_id}/view/frame").json(), s.Frame)
            exactly(who.get(f"/games/{game_id}/view/frame", params={"at": 1}).json(), s.Frame)

    made = exactly(stack.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob", "cy:ai-random"],
                                                             "name": "shapes"}).json(), t.TournamentCreated)
    tid, people = made["id"], [stack.client(e["token"]) for e in made["entrants"] if "token" in e]
    exactly(stack.client().get("/tournaments").json(), list[t.TournamentLine])
    exactly(stack.client().get(f"/tournaments/{tid}").json(), t.TournamentSummary)
    exactly(stack.client().get(f"/tournaments/{tid}", params={"rebuild": True}).json(), t.TournamentSummary)
    exactly(stack.client().get(f"/tournaments/{tid}/events").json(), list[s.EventRow])
    exactly(stack.client(made["organiser_token"]).post(f"/tournaments/{tid}/advance").json(), t.TournamentAdvanced)
    assert any([exactly(p.get(f"/tournaments/{tid}/tables").json(), list[t.EntrantTable]) for p in people])


def test_a_finished_tournaments_answers_have_their_documented_shape(stack):
    """Played tables (scores, ranks), byes and final standings, held exactly to the documented structs."""
    import time

    from service import tournament_schemas as t

    made = stack.client().post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random",
                                                                                 "c:ai-random"]}).json()
    tid, organiser = made["id"], stack.client(made["organiser_token"])
    deadline = time.monotonic() + 60
    while (got := stack.client().get(f"/tournaments/{tid}").json())["status"] != "finished":
        assert time.monotonic() < deadline, got
        organiser.post(f"/tournaments/{tid}/advance")
        time.sleep(0.2)
    exactly(got, t.TournamentSummary)
    assert got["byes"] and all(g["scores"] is not None for g in got["games"])
    exactly(organiser.post(f"/tournaments/{tid}/advance").json(), t.TournamentAdvanced)
    exactly(stack.client().get("/tournaments").json(), list[t.TournamentLine])
