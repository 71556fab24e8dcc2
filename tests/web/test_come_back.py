"""The page of a seat an AI took over says so and offers "I'm back"; pressing it gives the seat back."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_come_back import taken_over
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_im_back_on_the_page(stack, page):
    game_id, ann = taken_over(stack)
    hold_seat(page, game_id, 0, ann.headers["Authorization"].split()[1])
    open_game(page, game_id)
    button = page.locator("#come-back")
    expect(button).to_be_visible(timeout=30_000)
    button.click()
    expect(button).to_have_count(0, timeout=30_000)
    assert not [a for a in ann.get(f"/games/{game_id}").json().get("absent", []) if a["seat"] == 0]
