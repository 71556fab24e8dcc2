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

CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"


def schemathesis(stack, cwd, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "schemathesis.cli", "run", f"{stack.url}/schema/openapi.json", "--checks", CHECKS,
         "--max-examples", "10", "--generation-deterministic", "--no-color", "--request-timeout", "10", *args],
        capture_output=True, text=True, timeout=300, cwd=cwd)  # its cache goes to a temporary folder


@pytest.mark.parametrize("who", ["anonymous", "arbiter"])
def test_schemathesis_finds_nothing(stack, who, tmp_path):
    args = ("--header", f"Authorization: Bearer {stack.arbiter}") if who == "arbiter" else ()
    run = schemathesis(stack, tmp_path, *args)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-6000:]
    tested = int(re.search(r"Tested: (\d+)", out).group(1))
    assert tested >= 20, out[-2000:]
    assert re.search(r"(\d+) generated, \1 passed", out), out[-2000:]


def test_errors_are_documented_as_sent(stack):
    doc = stack.client().get("/schema/openapi.json").json()
    error = doc["components"]["schemas"]["ErrorBody"]
    assert set(error["required"]) == {"error", "detail"} and "status_code" not in error["properties"]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            for code in ("400", "404", "503"):
                ref = op["responses"][code]["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/ErrorBody"), (method, path, code)
    r = stack.client().get("/games/nope")
    assert r.status_code == 404 and set(r.json()) >= {"error", "detail"}


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
