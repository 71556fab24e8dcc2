"""The page of a seat whose Fischer time is spent: "I'm back" cannot hold (the AI would take the seat
again at once), so the server refuses it and the page says why; it said "Your seat is yours again."."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.test_return_no_time import out_of_time
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_im_back_with_no_time_left_says_why_not(stack, page):
    game_id, created = out_of_time(stack)
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    button = page.locator("#come-back")
    expect(button).to_be_visible(timeout=30_000)
    button.click()
    expect(page.locator("#notice")).to_contain_text("no time left on the clock")
    expect(page.locator("#notice")).not_to_contain_text("yours again")
    expect(page.locator("#status")).to_contain_text("no time left on the clock")  # beside the button, past redraws
    expect(button).to_have_count(0)  # a 409: no retry can change it, so the button is offered no more
