"""Three answers to odd input that were not what the README promises: an analysis asked with no body at
all (its fields are all optional) was a 400 "'data'"; an unknown top-level field of a move request is a
400 where the README said 422 (the README now says 400: the request's shape); an AI's thinking time written ' 5', '５' (a full-width digit) or '1_0' was taken
as 5, 5 and 10 seconds."""

from __future__ import annotations

import httpx
import pytest

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_analysis import finished_game

pytestmark = pytest.mark.e2e


def test_an_analysis_asked_with_no_body_takes_the_defaults(stack):
    game_id = finished_game(stack, "bangkok-klongs")
    with httpx.Client(base_url=stack.url, timeout=30) as raw:
        r = raw.post(f"/games/{game_id}/analysis")  # no body, no content type
    assert r.status_code == 202, r.text
    assert r.json()["engine"]["budget"] == 0.5


def test_an_unknown_top_level_field_of_a_move_is_a_400_naming_it(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    move = ann.get(f"/games/{created['id']}/moves").json()[0]
    r = ann.post(f"/games/{created['id']}/moves", json={"move": move, "colour": "red"})
    assert r.status_code == 400 and "colour" in r.json()["detail"], r.text
    assert ann.get(f"/games/{created['id']}").json()["version"] == created.get("version", 2)


@pytest.mark.parametrize("budget", ["mcts@ 5", "mcts@５", "mcts@1_0", "mcts@+5", "mcts@1e1"])
def test_an_ai_thinking_time_is_plain_digits(stack, budget):
    r = stack.client().post("/games", json={"type": "toy", "players": ["ann", f"bob:ai-{budget}"]})
    assert r.status_code == 422 and r.json()["detail"], r.text
