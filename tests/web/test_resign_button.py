"""The page lets a seat resign (the API and the CLI could, the page could not), after asking it to confirm;
a spectator, or a seat that has resigned, is offered nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_a_seat_resigns_from_the_page_after_confirming(stack, page, browser):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, game_id, 0)
    watcher = browser.new_context(base_url=stack.url).new_page()
    open_game(watcher, game_id)
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    expect(page.locator("#resign")).to_be_visible()
    page.click("#resign")
    expect(page.locator("#leave")).to_contain_text("ranked last")
    page.click("#resign-cancel")  # thought better of it: nothing sent
    expect(page.locator("#resign-confirm")).to_have_count(0)
    assert not ann.get(f"/games/{game_id}").json().get("absent")
    page.click("#resign")
    page.click("#resign-confirm")
    expect(page.locator("#status")).to_contain_text("ann (seat 0) resigned", timeout=15_000)
    expect(page.locator("#resign")).to_have_count(0)
    assert [a["resigned"] for a in ann.get(f"/games/{game_id}").json()["absent"]] == [True]
    expect(watcher.locator("#resign")).to_have_count(0)
    watcher.context.close()
