"""A declined undo is told to the seat that asked it: its notice stayed "undo asked" (the decline only in
the account), as if the request still stood."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_the_asker_is_told_its_undo_was_declined(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    bob = stack.client(created["seats"][1]["token"])
    before = wait_for_human(bob, game_id, 0)["version"]
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    page.locator("#moves button.move").first.click()
    expect(page.locator("body")).to_have_attribute("data-version", str(before + 1))
    page.click("#undo-button")
    expect(page.locator("#notice")).to_have_text("undo asked")
    request = bob.get(f"/games/{game_id}").json()["undo"]["pending"]["request"]
    assert bob.post(f"/games/{game_id}/undo", json={"action": "decline", "request": request}).status_code == 200
    expect(page.locator("#notice")).to_contain_text("bob declined your undo request")
