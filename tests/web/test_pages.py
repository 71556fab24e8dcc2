"""The web pages in a real browser against the real stack: the lobby, a game followed live."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from games import registry
from tests.e2e.helpers import wait_for_human, wait_until_finished
from tests.web.browse import open_game, version

pytestmark = pytest.mark.e2e


def in_the_lobby(c, game_id: str) -> None:
    """Wait until the lobby's read model (a projector following the streams) lists the game."""
    wait = c.get("/games").json
    deadline = time.monotonic() + 60
    while not any(g["id"] == game_id for g in wait()):
        assert time.monotonic() < deadline, f"{game_id} never reached the lobby"
        time.sleep(0.1)


def test_the_lobby_lists_games_and_opens_one(stack, page, shots):
    c = stack.client()
    created = c.post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    wait_for_human(c, created["id"], 0)
    in_the_lobby(c, created["id"])
    page.goto("/")
    row = page.locator(f"tr[data-game='{created['id']}']")
    expect(row).to_contain_text("kashgar")
    expect(row).to_contain_text("ann (person)")
    expect(row).to_contain_text("bob (ai-random)")
    expect(row.locator("td.turn")).to_have_text("▶ ann")  # whose turn, by name
    page.screenshot(path=str(shots / "lobby.png"))
    page.select_option("select[name=type]", "kashgar")
    page.click("form.filters button")
    expect(page).to_have_url(f"{stack.url}/?type=kashgar&status=&show=&seats=")
    expect(page.locator(f"tr[data-game='{created['id']}']")).to_have_count(1)
    expect(page.locator("tr[data-game] td:nth-child(2)").filter(has_not_text="kashgar")).to_have_count(0)
    row.get_by_role("link", name=created["id"]).click()
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("ann")


def test_the_lobby_filters_work_without_the_script(stack, browser):
    c = stack.client()
    people = c.post("/games", json={"type": "yangtze", "players": ["ann", "bob:ai-random"]}).json()["id"]
    bots = c.post("/games", json={"type": "yangtze", "players": ["x:ai-random", "y:ai-random"]}).json()["id"]
    wait_until_finished(c, bots)
    in_the_lobby(c, people)
    deadline = time.monotonic() + 60
    while not any(g["id"] == bots and g["status"] == "finished" for g in c.get("/games").json()):
        assert time.monotonic() < deadline
        time.sleep(0.1)
    ctx = browser.new_context(base_url=stack.url, java_script_enabled=False)
    pg = ctx.new_page()
    pg.goto("/")
    pg.select_option("select[name=type]", "yangtze")
    pg.select_option("select[name=status]", "finished")
    pg.select_option("select[name=seats]", "ai")
    pg.select_option("select[name=show]", "games")
    pg.click("form.filters button")
    expect(pg).to_have_url(f"{stack.url}/?type=yangtze&status=finished&show=games&seats=ai")
    expect(pg.locator(f"tr[data-game='{bots}']")).to_have_count(1)
    expect(pg.locator(f"tr[data-game='{bots}'] td.turn")).to_contain_text("won by")
    expect(pg.locator(f"tr[data-game='{people}']")).to_have_count(0)
    expect(pg.locator("tr[data-game][data-status=active]")).to_have_count(0)
    expect(pg.locator("tr[data-tournament]")).to_have_count(0)
    expect(pg.locator("h2", has_text="Tournaments")).to_have_count(0)
    pg.goto("/?status=live&seats=people&type=yangtze")
    expect(pg.locator(f"tr[data-game='{people}']")).to_have_count(1)
    expect(pg.locator(f"tr[data-game='{bots}']")).to_have_count(0)
    pg.click("#clear-filters")
    expect(pg).to_have_url(f"{stack.url}/")
    ctx.close()


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
    kashgar = registry.get("kashgar")  # the words the CLI says, from the game's describe module
    words = registry.words(kashgar, kashgar.decode_move(move), None)
    assert "start cards" in words
    expect(page.locator(f"#account li[data-version='{g['version'] + 1}']")).to_have_text(f"ann: {words}")
    assert version(page) > g["version"]
    assert page.inner_html("#board") != before
    assert page.locator("#moves button.move").count() == 0  # a spectator has no moves


def test_a_game_made_in_the_lobby_keeps_its_seat_in_the_browser(stack, page):
    page.goto("/")
    page.click("details.new-game summary")
    page.select_option("#new-game select[name=type]", "yangtze")
    page.fill("#new-game textarea[name=players]", "me\nbot:ai-random")
    page.click("#new-game button[type=submit]")
    expect(page.locator("body[data-page=game]")).to_have_count(1)
    expect(page.locator("#as")).to_contain_text("Playing as me (seat 0)")
    game_id = page.locator("body").get_attribute("data-game")
    assert "token" not in page.url.lower()
    held = page.evaluate("(k) => JSON.parse(localStorage.getItem(k))", f"caravan:seats:{game_id}")
    assert list(held) == ["0"]
    assert stack.client(held["0"]).get(f"/games/{game_id}").json()["you"] == 0  # the token the API gave, kept here
    page.click("#seat-buttons button:has-text('Spectator')")
    expect(page.locator("#as")).to_contain_text("spectator")
    expect(page.locator("#moves button.move")).to_have_count(0)


def test_names_are_shown_as_text_never_as_markup(stack, page):
    name = "<i>x</i></script>"
    r = stack.client().post("/games", json={"type": "kashgar", "players": [name, "bob:ai-random"]})
    if r.status_code != 200 and r.status_code != 201:
        pytest.skip(f"the API refuses such a name: {r.text}")
    game_id = r.json()["id"]
    page.goto(f"/games/{game_id}/view")
    expect(page.locator("#status")).to_contain_text(name)
    assert page.locator("#status i, #board i").count() == 0
    in_the_lobby(stack.client(), game_id)
    page.goto("/")
    expect(page.locator(f"tr[data-game='{game_id}']")).to_contain_text(name)


@pytest.mark.parametrize("path", ["/games/nope/view", "/games/nope/replay", "/tournaments/t-nope/view"])
def test_a_page_for_nothing_says_so_in_a_page(stack, page, path):
    r = page.goto(path)
    assert r.status == 404
    expect(page.locator("h1")).to_have_text("Not found")
    expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
