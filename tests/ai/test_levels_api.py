"""Named AI levels over the real stack: the API seats `ai-easy|medium|hard`, plays them, refuses others."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import wait_for_status

pytestmark = pytest.mark.e2e


def test_a_game_of_named_levels_is_created_and_played_to_the_end(stack):
    c = stack.client()
    r = c.post("/games", json={"type": "toy", "players": ["e:ai-easy", "m:ai-medium", "h:ai-hard"]})
    assert r.status_code == 201, r.text
    seats = {s["name"]: s.get("ai") for s in r.json()["seats"]}
    assert seats == {"e": "easy", "m": "medium", "h": "hard"}
    game = wait_for_status(c, f"/games/{r.json()['id']}", timeout=120)
    assert game["status"] == "finished"


@pytest.mark.parametrize("spec,words", [
    ("b:ai-expert", "unknown AI level"),
    ("b:ai-hard@2", "thinks a fixed amount"),
    ("b:ai-Easy", "unknown AI level"),
])
def test_an_unknown_level_is_refused_and_creates_nothing(stack, spec, words):
    c = stack.client()
    before = len(c.get("/games").json())
    r = c.post("/games", json={"type": "toy", "players": ["a", spec]})
    assert r.status_code == 422, r.text
    assert set(r.json()) == {"error", "detail"} and words in r.json()["detail"]
    assert len(c.get("/games").json()) == before
