"""The web pages in a real browser against the real stack: the lobby, a game followed live."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import open_game, version

pytestmark = pytest.mark.e2e


def test_the_lobby_lists_games_and_opens_one(stack, page):
    c = stack.client()
    created = c.post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    page.goto("/")
    row = page.locator(f"tr[data-game='{created['id']}']")
    expect(row).to_contain_text("kashgar")
    expect(row).to_contain_text("ann")
    page.select_option("select[name=type]", "kashgar")
    page.click("form.filters button")
    expect(page).to_have_url(f"{stack.url}/?type=kashgar&status=")
    expect(page.locator(f"tr[data-game='{created['id']}']")).to_have_count(1)
    expect(page.locator("tr[data-game] td:nth-child(2)").filter(has_not_text="kashgar")).to_have_count(0)
    row.get_by_role("link", name=created["id"]).click()
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("ann")


def test_a_spectator_sees_the_board_change_as_events_arrive(stack, page):
    c = stack.client()
    created = c.post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    g = wait_for_human(c, game_id, 0)
    open_game(page, game_id)
    expect(page.locator("body")).to_have_attribute("data-version", str(g["version"]))
    before = page.inner_html("#board")
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    assert ann.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": g["version"]}).status_code == 201
    expect(page.locator(f"#account li[data-version='{g['version'] + 1}']")).to_contain_text("ann: place start cards")
    assert version(page) > g["version"]
    assert page.inner_html("#board") != before
    assert page.locator("#moves button.move").count() == 0  # a spectator has no moves
