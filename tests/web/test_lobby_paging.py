"""The lobby shows its games a page at a time, newest first, each row with its seats (a person or an AI
level) and whose turn it is; an "Older games" link leads to the rest, filters kept. Before, rows past the
newest 60 lost their detail and the "with people" filter dropped them."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.test_accounts import bearer, fresh, signed_in, signed_up

pytestmark = pytest.mark.e2e

MANY = 70


@pytest.fixture(scope="module")
def games(stack):
    c = stack.client()
    oldest = c.post("/games", json={"type": "toy", "players": ["pat", "quinn"]}).json()["id"]
    rest = [c.post("/games", json={"type": "toy", "players": [f"p{i}", f"q{i}"]}).json()["id"] for i in range(MANY)]
    ids = {oldest, *rest}
    # a table waiting for its open seats: the lobby lists it above the games, apart (it is no game yet)
    name = fresh("host")
    signed_up(c, name)
    waiting = c.post("/games", json={"type": "toy", "players": [f"@{name}", "open"]},
                     headers=bearer(signed_in(c, name)["token"]))
    assert waiting.status_code == 201, waiting.text
    c.cookies.clear()
    deadline = time.monotonic() + 60
    while not ids <= {g["id"] for g in c.get("/games").json()}:
        assert time.monotonic() < deadline, "the lobby never listed them all"
        time.sleep(0.2)
    return oldest, ids


def walk(page, start: str) -> list[tuple[str, str]]:
    """Every page from `start` on, by the "Older games" link: (game, its seats cell) per row, in order."""
    page.goto(start)
    seen, pages = [], 0
    while True:
        pages += 1
        assert pages < 50, "the pages never end"
        for row in page.locator("table.lobby-games tr[data-game]").all():  # (not the open tables above them)
            seen.append((row.get_attribute("data-game"), row.locator("td").nth(2).inner_text()))
        older = page.locator("#older-games")
        if not older.count():
            return seen
        older.click()
        expect(page.locator("#newest-games")).to_be_visible()


@pytest.mark.parametrize("filters", ["type=toy&show=games", "type=toy&show=games&seats=people&status=live"])
def test_every_game_is_reached_with_its_detail(stack, page, games, filters):
    oldest, ids = games
    seen = walk(page, f"/?{filters}")
    got = [g for g, _ in seen]
    assert len(got) == len(set(got)), "a game shown twice"
    assert ids <= set(got), f"{len(ids - set(got))} games never reached"
    assert all("(person)" in seats or "(ai-" in seats for _, seats in seen), [s for s in seen if "(" not in s[1]][:3]
    assert dict(seen)[oldest] == "pat (person), quinn (person)"


def test_the_pages_keep_the_filters(stack, page, games):
    page.goto("/?type=toy&show=games&seats=people")
    href = page.locator("#older-games").get_attribute("href")
    assert "type=toy" in href and "seats=people" in href and "show=games" in href and "before=" in href


def test_an_unknown_place_to_page_from_is_said_in_a_page(stack, page):
    r = page.goto("/?before=nope")
    assert r.status == 400
    expect(page.locator("h1")).to_have_text("Bad request")
    expect(page.locator("main")).to_contain_text("nope")
