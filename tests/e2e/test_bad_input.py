"""Bad input over HTTP on the real stack: a clear 4xx `{"error", "detail"}` that changes nothing — never a 5xx."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e

DEEP = "[" * 1000 + "]" * 1000  # JSON nested 1,000 levels deep


def deep_object(key: str) -> str:
    return '{"%s": %s}' % (key, DEEP)


def new_toy(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    return created["id"], {s["seat"]: s.get("token") for s in created["seats"]}


def assert_refused(r, *codes: int) -> dict:
    assert r.status_code in (codes or range(400, 500)), (r.status_code, r.text[:300])
    body = r.json()
    assert set(body) >= {"error", "detail"} and isinstance(body["detail"], str), body
    return body


def lobby_size(stack) -> int:
    return len(stack.client().get("/games").json())


@pytest.mark.parametrize("body", [DEEP, deep_object("players"), deep_object("options"),
                                  '{"type": "toy", "players": ["a", "b"], "options": {"x": %s}}' % DEEP])
def test_deeply_nested_json_on_create_is_a_4xx(stack, body):
    r = stack.client().post("/games", content=body, headers={"content-type": "application/json"})
    assert_refused(r)


def test_deeply_nested_json_on_a_move_is_a_4xx_and_appends_nothing(stack):
    game_id, tokens = new_toy(stack)
    ann = stack.client(tokens[0])
    before = wait_for_human(ann, game_id, 0)["version"]
    for body in (DEEP, deep_object("move"), '{"move": {"type": "bid", "card": %s}}' % DEEP):
        r = ann.post(f"/games/{game_id}/moves", content=body, headers={"content-type": "application/json"})
        assert_refused(r)
    assert ann.get(f"/games/{game_id}").json()["version"] == before


def test_deeply_nested_json_on_a_tournament_is_a_4xx(stack):
    c = stack.client()
    before = len(c.get("/tournaments").json())
    for body in (DEEP, deep_object("players"), '{"type": "toy", "players": ["a:ai-random", "b:ai-random"], "options": %s}' % deep_object("x")):
        assert_refused(c.post("/tournaments", content=body, headers={"content-type": "application/json"}))
    assert len(c.get("/tournaments").json()) == before


@pytest.mark.parametrize("value", ["99999999999999999999999", "18446744073709551616", "9223372036854775808"])
def test_a_huge_from_is_a_4xx_on_events_and_stream(stack, value):
    game_id, _ = new_toy(stack)
    c = stack.client()
    assert_refused(c.get(f"/games/{game_id}/events", params={"from": value}), 400)
    assert_refused(c.get(f"/games/{game_id}/events/stream", params={"from": value}), 400)


def test_a_tournament_id_is_no_game_on_any_route(stack):
    c = stack.client()
    t = c.post("/tournaments", json={"type": "toy", "format": "round-robin", "table_size": 2,
                                     "players": ["a:ai-random", "b:ai-random"]}).json()
    tid = t["id"]
    for path in ("", "/moves", "/events", "/events/stream", "/state", "/verify", "/export", "/view/frame"):
        assert_refused(c.get(f"/games/{tid}{path}"), 404)
    for path, body in (("/moves", {"move": {"type": "pass"}}), ("/undo", {}), ("/entropy", {"entropy": "x"}),
                       ("/fork", {"at": 1})):
        r = c.post(f"/games/{tid}{path}", json=body)
        assert r.status_code < 500, (path, r.status_code, r.text[:200])


@pytest.mark.parametrize("options", [
    {"planning_time_limit": -5}, {"planning_time_limit": True}, {"planning_time_limit": 1e20},
    {"planning_time_limit": 2**64}, {"planning_time_limit": "60"}, {"planning_time_limit": 2.5},
    {"events": 1}, {"events": "no"}, {"arbiter_chance": "no"}, {"arbiter_chance": 1}, {"await_entropy": "yes"},
])
def test_options_are_typed_and_bounded(stack, options):
    before = lobby_size(stack)
    r = stack.client().post("/games", json={"type": "himalaya", "players": ["a", "b", "c"], "options": options})
    body = assert_refused(r, 422)
    assert list(options)[0] in body["detail"]
    assert lobby_size(stack) == before


def test_options_in_range_are_taken(stack):
    r = stack.client().post("/games", json={"type": "himalaya", "players": ["a", "b", "c"],
                                            "options": {"planning_time_limit": 0, "events": False, "arbiter_chance": True}})
    assert r.status_code == 201, r.text


def test_a_tournament_checks_options_alike(stack):
    c = stack.client()
    before = len(c.get("/tournaments").json())
    r = c.post("/tournaments", json={"type": "himalaya", "format": "round-robin", "table_size": 3,
                                     "players": ["a:ai-random", "b:ai-random", "c:ai-random"],
                                     "options": {"planning_time_limit": True}})
    assert_refused(r, 422)
    assert len(c.get("/tournaments").json()) == before


def test_unknown_fields_inside_a_move_are_refused(stack):
    game_id, tokens = new_toy(stack)
    ann = stack.client(tokens[0])
    before = wait_for_human(ann, game_id, 0)["version"]
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    body = assert_refused(ann.post(f"/games/{game_id}/moves", json={"move": {**move, "sneaky": 1}}), 422)
    assert "sneaky" in body["detail"]
    assert ann.get(f"/games/{game_id}").json()["version"] == before
    assert ann.post(f"/games/{game_id}/moves", json={"move": move}).status_code == 201
