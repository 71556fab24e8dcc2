"""The lobby's New game form: its defaults make a game as they stand, and a player's name is one line of the
box (a name may hold a comma)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def create(page, players: str | None = None) -> str:
    page.goto("/")
    page.click("details.new-game summary")
    if players is not None:
        page.fill("#new-game textarea[name=players]", players)
    page.click("#new-game button[type=submit]")
    expect(page.locator("body[data-page=game]")).to_have_count(1, timeout=15_000)
    return page.locator("body").get_attribute("data-game")


def test_the_form_as_it_stands_makes_a_game(stack, page):
    """It was filled in with `you`, a name the server refuses (the log says "you" of its reader)."""
    game_id = create(page)
    players = stack.client().get(f"/games/{game_id}").json()["players"]
    assert len(players) == 2 and players[0]["ai"] is None and players[1]["ai"] is not None
    expect(page.locator("#as")).to_contain_text(f"Playing as {players[0]['name']} (seat 0)")


def test_a_name_with_a_comma_is_one_player(stack, page):
    game_id = create(page, "Smith, Ann\nbot:ai-random")
    names = [p["name"] for p in stack.client().get(f"/games/{game_id}").json()["players"]]
    assert names == ["Smith, Ann", "bot"]
