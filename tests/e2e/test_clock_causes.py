"""What sets a running seat's deadline is said: its own clock, the game's phase limit (Himalaya's planning)
or the no-show rule; the clock view names it (`due`) and the no-show rule itself."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def test_the_no_show_deadline_is_named_as_such(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                   "options": {"clock": "fischer:120+5", "no_show": "forfeit:60"}}).json()
    ann = stack.client(created["seats"][0]["token"])
    g = wait_for_human(ann, created["id"], 0)
    mine = next(c for c in g["clock"]["seats"] if c["seat"] == 0)
    assert mine["running"] and mine["due"] == "no-show", mine
    assert g["clock"]["no_show"] == "forfeit:60"
