"""`GET /game-types` lists each option "with their type, choices or bounds" (README): the type is the one
the option's validation reads a value as (a value of another type is a 422), one of boolean, integer,
number, string."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

JSON_TYPE = {bool: "boolean", int: "integer", float: "number", str: "string"}


def options_of(stack) -> dict[tuple[str, str], dict]:
    return {(t["id"], o["name"]): o for t in stack.client().get("/game-types").json() for o in t["options"]}


def test_every_option_says_its_type(stack):
    options = options_of(stack)
    assert options[("himalaya", "planning_time_limit")]["type"] == "integer"
    assert options[("himalaya", "events")]["type"] == "boolean"
    assert options[("kashgar", "hauen_und_stechen")]["type"] == "string"
    for (game, name), o in options.items():
        assert o["type"] == JSON_TYPE[type(o["default"])], (game, name, o)
        assert all(JSON_TYPE[type(c)] == o["type"] for c in o["choices"] or ()), (game, name, o)


def test_a_value_of_another_type_than_listed_is_refused(stack):
    wrong = {"boolean": 1, "integer": "60", "number": "1.5", "string": True}
    for (game, name), o in options_of(stack).items():
        if game != "toy":
            continue
        r = stack.client().post("/games", json={"type": game, "players": ["a:ai-random", "b:ai-random"],
                                                "options": {name: wrong[o["type"]]}})
        assert r.status_code == 422, (name, o["type"], r.text)


def test_arbiter_chance_says_it_is_no_tournament_option(stack):
    """It read "(a tournament mirroring a physical table)", and a tournament refuses it."""
    for (game, name), o in options_of(stack).items():
        if name == "arbiter_chance":
            assert "a game mirroring a physical table (not a tournament option)" in o["description"], o
            assert "a tournament mirroring" not in o["description"]
    r = stack.client().post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"],
                                                  "options": {"arbiter_chance": True}})
    assert r.status_code == 422, r.text
