"""Live pages in the browser: an all-AI game followed to its end, a clock, undo asked and agreed between
two browsers, a move made with the keyboard alone, and pages that fit a phone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def test_an_all_ai_game_is_followed_live_to_its_end(stack, page):
    c = stack.client()
    # searching AIs with a tenth of a second a move: a game of some seconds, so the page sees it move. Yangtze
    # ends at once when every seat passes a turn (its rule 7.2), which two searches may both choose at their
    # first turns: a game over before the page connected is played again (three games at most)
    for _ in range(3):
        game_id = c.post("/games", json={"type": "yangtze", "players": ["a:ai-mcts@0.1", "b:ai-mcts@0.1"]}).json()["id"]
        open_game(page, game_id, or_finished=True)
        first = int(page.locator("body").get_attribute("data-version"))
        expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=180_000)
        final = c.get(f"/games/{game_id}").json()
        if final["version"] > first:
            break
    assert final["status"] == "finished" and final["version"] > first
    expect(page.locator("body")).to_have_attribute("data-version", str(final["version"]))
    redraws = page.evaluate("window.caravanRedraws.length")
    assert redraws > 2  # the board was redrawn as events arrived, not only at the end
    expect(page.locator("#account li[data-kind=finished]")).to_have_count(1)
    expect(page.locator("#status .result")).to_contain_text("Result")
    # the result's words by name ("a: 12 money + …"), not the log's "seat 0: …"
    expect(page.locator("#status")).to_contain_text(final["result"]["said"])
    assert "seat 0" not in page.locator("#status").inner_text()


def test_the_planning_clock_is_shown(stack, page):
    created = stack.client().post("/games", json={"type": "himalaya", "players": ["ann", "bob:ai-random", "cy:ai-random"]}).json()
    game_id = created["id"]
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    for _ in range(20):  # place the caravan, pass the event figures: until the planning phase and its clock
        if page.locator("#clock:not([hidden])").count():
            break
        page.locator("#moves button.move").first.click()
        page.wait_for_timeout(300)
    expect(page.locator("#clock")).to_contain_text("left to act")
    limit = stack.client().get(f"/games/{game_id}").json()["time_limit"]
    # the limit is for all the discs of the round's programme, not each (it read "120 s a decision")
    expect(page.locator("#clock")).to_contain_text(f"({limit:g} s in all for what is asked now)")


def test_an_undo_asked_in_one_browser_is_agreed_in_another(stack, browser):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    pages = []
    for seat in (0, 1):
        ctx = browser.new_context(base_url=stack.url)
        pg = ctx.new_page()
        hold_seat(pg, game_id, seat, created["seats"][seat]["token"])
        open_game(pg, game_id)
        pages.append(pg)
    ann, bob = pages
    before = wait_for_human(stack.client(), game_id, 0)["version"]
    expect(ann.locator("body")).to_have_attribute("data-version", str(before))
    ann.locator("#moves button.move").first.click()
    expect(ann.locator("body")).to_have_attribute("data-version", str(before + 1))
    ann.click("#undo-button")
    expect(bob.locator("#undo .pending")).to_contain_text("Undo asked by ann")
    bob.click("#undo-consent")
    expect(ann.locator("#account li[data-kind=undo]")).to_contain_text(f"taken back to version {before}")
    assert stack.client().get(f"/games/{game_id}").json()["version"] == before + 4  # move, asked, agreed, undo
    assert ann.locator("#moves button.move").count() > 0  # ann's bid is hers to make again
    for pg in pages:
        pg.context.close()


def test_a_move_with_the_keyboard_alone(stack, page):
    created = stack.client().post("/games", json={"type": "bangkok-klongs", "players": ["ann", "bob:ai-random"]}).json()
    game_id = created["id"]
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    page.wait_for_function("() => document.querySelectorAll('#board [data-target].can').length > 0", timeout=60_000)
    v = page.locator("body").get_attribute("data-version")
    page.locator("#board [data-target].can").first.focus()
    page.keyboard.press("Enter")
    if page.locator("#confirm-move").count():  # one move there: shown first, Enter again plays it
        expect(page.locator("body")).to_have_attribute("data-version", v)
        page.keyboard.press("Enter")
    elif page.locator("#moves", has_text="Show all moves").count():
        expect(page.locator("#moves button.move").first).to_be_focused()
        page.keyboard.press("Enter")
    expect(page.locator("body")).not_to_have_attribute("data-version", v)


def test_the_keyboard_focus_stays_in_the_moves_across_redraws(stack, page):
    """Each redraw put the focus back at the top of the page: a keyboard player tabbed ~15 times a move. After
    a move played with Enter the focus is on the next list of moves, and a frame that leaves the list as it
    was (the other seat's move elsewhere) leaves the focus where it was."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    bob = stack.client(created["seats"][1]["token"])
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    buttons = page.locator("#moves button.move")
    expect(buttons.first).to_be_visible(timeout=30_000)
    buttons.last.focus()  # the second of two bids; a hand of a pair (the deck holds each card twice) offers one
    focused = buttons.last.inner_text()
    v = int(page.locator("body").get_attribute("data-version"))
    bid = bob.get(f"/games/{game_id}/moves").json()[0]  # bob bids at the same time: a frame for ann, her bids unchanged
    assert bob.post(f"/games/{game_id}/moves", json={"move": bid}).status_code == 201
    expect(page.locator("body")).to_have_attribute("data-version", str(v + 1))
    focus = "() => document.activeElement && document.activeElement.matches('#moves button.move') ? document.activeElement.innerText : null"
    assert page.evaluate(focus) == focused
    page.keyboard.press("Enter")  # ann bids: the round resolves, the next round's bids come
    page.wait_for_function(f"() => Number(document.body.dataset.version) > {v + 1} && document.querySelectorAll('#moves button.move').length > 0",
                           timeout=30_000)
    page.wait_for_function(focus, timeout=10_000)  # on a move of the new list, not the page's top


def test_a_resigned_seat_is_not_said_to_be_played_for_once_the_game_is_over(stack, page):
    """After the end the page still read "ann resigned: ai-random plays for it."; and the seat the page
    plays as is marked on its button (it looked like the others)."""
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    assert stack.client(token).post(f"/games/{game_id}/resign").status_code == 200
    expect(page.locator("body")).to_have_attribute("data-status", "finished", timeout=60_000)
    expect(page.locator("#status .absent")).to_have_text("ann (seat 0) resigned.")
    pressed = page.locator("#seat-buttons [aria-pressed=true]")
    other = page.locator("#seat-buttons [aria-pressed=false]")
    colour = "(el) => getComputedStyle(el).backgroundColor"
    assert pressed.evaluate(colour) != other.evaluate(colour)


def test_the_lobby_refresh_keeps_the_keyboard_focus(stack, page):
    stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]})
    page.goto("/")
    link = page.locator("#lobby-rows a").first
    link.focus()
    href = link.get_attribute("href")
    stack.client().post("/games", json={"type": "toy", "players": ["cy", "dee"]})  # the next refresh redraws the rows
    page.wait_for_function("() => document.querySelectorAll('#lobby-rows td a').length >= 2", timeout=15_000)
    page.wait_for_timeout(6000)  # a refresh (every 5 s) has come
    assert page.evaluate("() => document.activeElement && document.activeElement.getAttribute('href')") == href


@pytest.mark.parametrize("path", ["/", "/?status=live&show=games", "/games/{game}/view", "/games/{game}/replay",
                                  "/tournaments/{tournament}/view", "/tournaments/{tournament}/view?projector=true"])
def test_pages_fit_a_phone(stack, browser, path):
    """At 390 px nothing runs off the side, for a spectator and for the seat whose moves the page lists (its
    move buttons once widened the page to 696 px). A mobile browser widens its layout viewport to the page's
    width, so the measure is the phone's 390, not `innerWidth`."""
    import json

    c = stack.client()
    created = c.post("/games", json={"type": "yangtze", "players": ["ann", "bob:ai-random"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    tid = c.post("/tournaments", json={"type": "toy", "players": ["x:ai-random", "y:ai-random"]}).json()["id"]
    ctx = browser.new_context(base_url=stack.url, viewport={"width": 390, "height": 844}, is_mobile=True)
    pg = ctx.new_page()
    for seats in ({}, {"0": token}):
        pg.goto("/")
        pg.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"caravan:seats:{game_id}", json.dumps(seats)])
        pg.goto(path.format(game=game_id, tournament=tid))
        if path == "/":
            pg.click("summary")  # the New game form open
        if "/games/" in path and seats:
            expect(pg.locator("#seat-buttons [aria-pressed=true]")).to_have_text("Seat 0: ann")
            if path.endswith("/view"):
                expect(pg.locator("#moves button.move").first).to_be_visible()
        width = pg.evaluate("document.documentElement.scrollWidth")
        assert width <= 391, (path, seats and "as ann", width)
    ctx.close()


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)])
def test_the_projector_view_fits_the_screen_in_large_type(stack, browser, size):
    c = stack.client()
    tid = c.post("/tournaments", json={"type": "toy", "players": ["ann", "bob", "cy:ai-random", "dee:ai-greedy"]}).json()["id"]
    ctx = browser.new_context(base_url=stack.url, viewport={"width": size[0], "height": size[1]})
    pg = ctx.new_page()
    pg.goto(f"/tournaments/{tid}/view?projector=true")
    assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    expect(pg.locator("header.top")).to_be_hidden()  # nothing but the tournament
    expect(pg.locator(".standings tbody tr")).to_have_count(4)
    px = pg.evaluate("parseFloat(getComputedStyle(document.querySelector('.standings td')).fontSize)")
    assert px >= 18, px  # readable from the back of the room
    heading = pg.evaluate("parseFloat(getComputedStyle(document.querySelector('.round.current h3')).fontSize)")
    assert heading >= px, heading  # the round's heading too (it stayed at 16 px)
    expect(pg.locator(".round.current")).to_be_visible()
    ctx.close()
