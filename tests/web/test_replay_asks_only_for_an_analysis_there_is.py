"""A replay page asks the API for a game's analysis only where there is one to read, so a normal page logs no
refused request in the console (web audit, finding 12): a game in play is never asked for (409 game-running),
and a finished game whose frame says it has none shows the button without asking (404)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_until_finished

pytestmark = pytest.mark.e2e


def refused(page) -> list[str]:
    """The page's requests for an analysis that were answered with an error, as they happen."""
    out: list[str] = []
    page.on("response", lambda r: out.append(f"{r.status} {r.url}") if "/analysis" in r.url and r.status >= 400 else None)
    return out


def test_the_replay_of_a_game_in_play_does_not_ask_for_its_analysis(stack, page):
    c = stack.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["ann", "b:ai-random"]}).json()["id"]
    errors = refused(page)
    page.goto(f"/games/{game_id}/replay?at=1")
    expect(page.locator("body")).to_have_attribute("data-at", "1")
    page.wait_for_timeout(1500)
    expect(page.locator("#analyse")).to_have_count(0)
    assert errors == []


def test_a_finished_game_without_analysis_offers_one_without_a_refused_request(stack, page):
    c = stack.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    wait_until_finished(c, game_id)
    errors = refused(page)
    page.goto(f"/games/{game_id}/replay")
    expect(page.locator("#analyse")).to_be_visible()
    page.wait_for_timeout(500)
    assert errors == []
