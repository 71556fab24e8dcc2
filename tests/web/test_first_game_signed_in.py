"""The README's first game in the browser, as written: sign up, make a game on the lobby's New game form with
your own seat `@NAME` and an AI, and play it from the page it opens, signed in (nothing pasted, no token in
kept); the game is yours, not an invitation to you."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.test_accounts import fresh
from tests.web.test_account_play import signed_up_in, token_of
from tests.web.test_new_game_form import create

pytestmark = pytest.mark.e2e


def test_sign_up_make_a_game_with_your_own_seat_and_play_it(stack, page):
    ann = fresh("ann")
    signed_up_in(page, ann)
    gid = create(page, f"@{ann}\nbob:ai-greedy")
    expect(page.locator("#as")).to_have_text(f"Playing as {ann} (seat 0), signed in.", timeout=15_000)
    page.wait_for_function("() => document.querySelectorAll('#moves button.move').length > 0", timeout=30_000)
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(f"/games/{gid}/moves")):
        page.locator("#moves button.move").first.click()
    expect(page.locator("#notice")).to_contain_text("played:", timeout=30_000)
    assert any(e.get("actor") == 0 for e in httpx.get(f"{stack.url}/games/{gid}/events").json())
    mine = httpx.get(f"{stack.url}/me/invitations", headers={"Authorization": f"Bearer {token_of(stack, ann)}"})
    assert gid not in [i["id"] for i in mine.json()], mine.text
