"""A per-decision seat's "I'm back" refused while the AI still makes the decision that timed out (409: the
seat is the person's again from the next decision) is offered again once the AI has moved. Before, the page
hid the button after any 409 for as long as the seat stayed away, so the person could not come back from
the page at all; a seat whose Fischer time is spent still gets no button (tests/web/test_return_no_time.py)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e

STAND_IN = "ai-mcts@5"  # (it thinks 5 s on the decision that timed out: the window for the refused click)


def test_im_back_is_offered_again_once_the_ai_made_the_timed_out_decision(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"],
                                                   "options": {"clock": "per-decision:5", "absent": STAND_IN}}).json()
    game_id = created["id"]
    bob = stack.client(created["seats"][1]["token"])
    try:
        deadline = time.monotonic() + 30
        while 1 not in bob.get(f"/games/{game_id}").json()["actors"]:
            assert time.monotonic() < deadline, "bob never got to act"
            time.sleep(0.05)
        assert bob.post(f"/games/{game_id}/moves", json={"move": bob.get(f"/games/{game_id}/moves").json()[0]}).status_code == 201
        hold_seat(page, game_id, 0, created["seats"][0]["token"])
        open_game(page, game_id)
        button = page.locator("#come-back")
        expect(button).to_be_visible(timeout=30_000)  # ann's 5 s ran out: the AI took her seat
        button.click()
        expect(page.locator("#come-back-refused")).to_contain_text("no time left on the clock for this decision")
        expect(button).to_have_count(0)
        # the AI bids for ann, the game goes on (a roll, the next round): the seat is away still, and a
        # return can hold now, so the page offers it again (before: never, the refusal stayed)
        expect(button).to_be_visible(timeout=60_000)
        expect(page.locator("#come-back-refused")).to_have_count(0)
        button.click()
        expect(page.locator("#notice")).to_contain_text("yours again", timeout=30_000)
        rows = stack.client(stack.arbiter).get(f"/games/{game_id}/events").json()
        assert [r for r in rows if r["kind"] == "returned" and r["actor"] == 0], [r["kind"] for r in rows]
    finally:
        stack.client(stack.arbiter).post(f"/games/{game_id}/abandon", json={"reason": "test over"})
