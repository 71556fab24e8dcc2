"""The rules in the product (issue 58): `/rules/{type}` shows each game's players' summary (its headings), the
board of a fresh game drawn as the game page draws it, and every kind of move with its one-line why; the
lobby and the game page link to it; the game page's move groups each say why they are offered."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games import registry
from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e
GAMES = ("kashgar", "yangtze", "bangkok-klongs", "himalaya")


def _headings(summary: str) -> list[str]:
    return [m.group(2).strip() for m in re.finditer(r"^(#{1,6})\s+(.*)$", summary, re.M)]


def test_each_game_has_its_rules_page_with_its_board_and_every_why(stack, page, shots):
    for game_type in GAMES:
        guide = registry.guide(registry.get(game_type))
        answer = page.goto(f"/rules/{game_type}")
        assert answer.status == 200
        assert "script-src" in answer.headers["content-security-policy"]  # the pages' policy, as every page
        assert answer.headers["x-content-type-options"] == "nosniff"
        summary = page.locator("#summary")
        for heading in _headings(guide.SUMMARY):
            expect(summary.locator("h1, h2, h3", has_text=heading).first).to_be_visible()
        expect(summary.locator("strong").first).to_be_visible()  # **bold** became bold, not asterisks
        assert "**" not in summary.inner_text()
        expect(summary.locator("ul li").first).to_be_visible()
        expect(page.locator("#rules-board svg")).to_have_count(1)
        for move_type, line in guide.WHY.items():
            dt = page.locator(f"#why dt[data-move-type='{move_type}']")
            expect(dt).to_have_count(1)
            expect(dt.locator("xpath=following-sibling::dd[1]")).to_have_text(line)
        page.screenshot(path=str(shots / f"rules-{game_type}.png"), full_page=True)


def test_an_unknown_game_type_is_a_missing_page_and_a_game_without_a_guide_shows_its_board(stack, page):
    answer = page.goto("/rules/chess")
    assert answer.status == 404
    expect(page.locator("h1")).to_have_text("Not found")
    expect(page.locator("main")).to_contain_text("kashgar")  # says which games there are
    expect(page.locator("main a[href='/']")).to_have_count(1)
    assert page.goto("/rules/toy").status == 200  # a game served without a players' summary: its board, and it says so
    expect(page.locator("#summary")).to_contain_text("no players' summary")
    expect(page.locator("#rules-board svg, #rules-board pre")).to_have_count(1)


def test_the_lobby_links_each_game_to_its_rules(stack, page):
    page.goto("/")
    for game_type in GAMES:
        link = page.locator(f"#rules-links a[href='/rules/{game_type}']")
        expect(link).to_have_count(1)
    page.locator("#rules-links a[href='/rules/kashgar']").click()
    expect(page.locator("body[data-page=rules][data-type=kashgar]")).to_have_count(1)


def test_the_game_page_links_to_the_rules_and_each_move_group_says_why(stack, page, shots):
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    wait_for_human(stack.client(token), game_id, 0, timeout=60)
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    expect(page.locator("#rules-link")).to_have_attribute("href", "/rules/kashgar")
    groups = page.locator("#moves fieldset.moves-group")
    expect(groups.first).to_be_visible(timeout=30_000)
    frame = stack.client(token).get(f"/games/{game_id}/view/frame").json()
    why = registry.guide(registry.get("kashgar")).WHY
    first_of, count = {}, {}
    for m in frame["moves"]:
        first_of.setdefault(m["group"], m["move"]["type"])
        count[m["group"]] = count.get(m["group"], 0) + 1
    assert first_of
    for group, move_type in first_of.items():
        legend = page.get_by_text(f"{group} ({count[group]})", exact=True)
        box = groups.filter(has=legend)
        expect(box).to_have_count(1)
        expect(box.locator("p.why")).to_have_text(why[move_type])
    page.locator("#moves").screenshot(path=str(shots / "moves-why.png"))
    page.locator("#rules-link").click()
    expect(page.locator("#why dt[data-move-type='caravan-action']")).to_have_count(1)
