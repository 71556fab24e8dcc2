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
    stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})  # (its AIs' work done)


def test_the_im_back_button_outlives_the_frames_while_the_ai_plays(stack, page):
    """The status box was drawn anew on every frame, the button with it: while the AI played the seat (a
    random AI: a frame every few milliseconds) a click seldom landed on the button it began on, and the
    seat could not be taken back before the game was over. The button now stays the same element."""
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-mcts@0.2"],
                                                   "options": {"no_show": "takeover:1", "absent": "ai-mcts@0.2"}}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    expect(page.locator("#come-back")).to_be_visible(timeout=30_000)
    page.evaluate("() => { window.firstButton = document.getElementById('come-back'); }")
    version = page.evaluate("() => document.body.dataset.version || ''")
    seen = stack.client().get(f"/games/{game_id}").json()["version"]
    page.wait_for_function(f"() => fetch('/games/{game_id}').then(r => r.json()).then(g => g.version >= {seen + 3})",
                           timeout=30_000)
    page.wait_for_timeout(500)  # (the frames of those moves drawn)
    assert page.evaluate("() => window.firstButton.isConnected && window.firstButton === document.getElementById('come-back')"), version
    page.locator("#come-back").click()
    expect(page.locator("#notice")).to_contain_text("yours again", timeout=30_000)
    # (ended here: left to play out, its searches took the one slow worker for minutes, and a later test's
    # tournament did not finish in time behind them)
    assert stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"}).status_code == 200
