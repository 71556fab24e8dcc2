"""A secret move or draw told in words says it was secret: a Yangtze seat's starting goods are drawn
secretly, and its log read "drawn from the bag: Fish (everyday, sky)" exactly like the river's public
draws, so a player could not tell what the others know of its goods. The seat reads "only you see it";
once the game is over every reader reads whose secret it was."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def told(client, game_id):
    return [r for r in client.get(f"/games/{game_id}/events", params={"words": "true"}).json()
            if r["kind"] in ("move", "chance")]


def test_a_secret_draw_says_whose_secret_it_is(stack):
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob:ai-greedy"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    rows = told(ann, created["id"])
    mine = [r for r in rows if r["visible_to"] == [0]]
    public = [r for r in rows if r["visible_to"] is None]
    assert len(mine) == 2 and public, rows
    assert all(r["words"].endswith("(secret: only you see it)") for r in mine), [r["words"] for r in mine]
    assert not any("secret" in r["words"] for r in public), [r["words"] for r in public]
    assert all(r.get("words") is None for r in rows if r["visible_to"] == [1])
    assert ann.post(f"/games/{created['id']}/resign").status_code == 200
    wait_until_finished(ann, created["id"])
    after = told(stack.client(), created["id"])
    assert [r["words"].endswith("(secret at the time: ann only)") for r in after if r["visible_to"] == [0]] == [True, True]
    assert all(r["words"].endswith("(secret at the time: bob only)") for r in after if r["visible_to"] == [1])
