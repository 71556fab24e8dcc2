"""The clock box says the table's time rules in a player's words: it read "time control fischer 40+3; a
late seat gets ai-greedy"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_the_time_rules_read_plainly(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                   "options": {"clock": "fischer:600+3", "absent": "ai-greedy"}}).json()
    hold_seat(page, created["id"], 0, created["seats"][0]["token"])
    open_game(page, created["id"])
    rules = page.locator("#clock .rules")
    expect(rules).to_contain_text("fischer 600+3: 10:00 for the game, 3 s more after each move")
    # (a Fischer seat out of time has no time to come back with: server refuses its return)
    expect(rules).to_contain_text("a seat out of time is played by an AI (ai-greedy) for the rest of the game")
    expect(rules).not_to_contain_text("gets ai-greedy")
