"""Helpers for the browser tests: opening a game page with a seat's token kept in the browser."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect


def hold_seat(page: Page, game_id: str, seat: int, token: str) -> None:
    """Give this browser a seat's token the way the page keeps it (localStorage), then open the game."""
    page.goto("/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"caravan:seats:{game_id}", json.dumps({str(seat): token})])


def open_game(page: Page, game_id: str) -> None:
    page.goto(f"/games/{game_id}/view")
    expect(page.locator("body[data-live=yes]")).to_have_count(1)


def version(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-version"))
