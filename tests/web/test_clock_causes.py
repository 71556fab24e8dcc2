"""The page's clocks say what a running deadline is: a no-show deadline read as the seat's clock ('ann
0:52 — running') beside 'a late seat gets the rulebook's default move', when it meant a forfeit."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_a_no_show_deadline_and_its_forfeit_are_said(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                   "options": {"clock": "fischer:120+5", "no_show": "forfeit:60"}}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    hold_seat(page, created["id"], 0, created["seats"][0]["token"])
    open_game(page, created["id"])
    box = page.locator("#clock")
    expect(box).to_contain_text("is forfeited", timeout=30_000)
    expect(box.locator('li[data-seat="0"]')).to_contain_text("to make a first move (no-show rule: forfeit")
