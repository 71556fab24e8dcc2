"""A private fork (made while its game was still played) is read only by its own seats and the arbiter. A
browser sends no token when it opens a page, so the page a spectator gets is a refusal (401) that holds
nothing of the game; the fork's own seat, whose token this browser keeps, gets the game (its script asks
again with the token in the Authorization header), live and in replay."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def fork(stack):
    c = stack.client()
    created = c.post("/games", json={"type": "kashgar", "players": ["ann", "bob:ai-random"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    r = ann.post(f"/games/{created['id']}/fork")
    assert r.status_code == 201, r.text
    fork = r.json()
    assert fork["origin"]["private"] is True
    seat = next(s for s in fork["seats"] if s.get("token"))
    wait_for_human(stack.client(seat["token"]), fork["id"], seat["seat"])
    return fork["id"], seat["seat"], seat["token"]


def nothing_of_the_game(html: str) -> None:
    assert 'id="frame0"' not in html and "<svg" not in html
    assert not re.search(r"\b(ann|bob|kashgar)\b", html, re.I), "a private game's data in a page for anyone"


def test_its_seat_opens_the_live_page(stack, page, fork):
    fork_id, seat, token = fork
    hold_seat(page, fork_id, seat, token)
    open_game(page, fork_id)
    expect(page.locator("#as")).to_contain_text(f"Playing as ann (seat {seat})")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#moves button.move").first).to_be_visible(timeout=30_000)
    asked = []  # a private game has no spectator's view: the page stays with its seat, never asking again and again
    page.on("request", lambda q: asked.append(q.url) if "/view/stream" in q.url else None)
    page.click("#seat-buttons button:has-text('Spectator')")
    page.wait_for_timeout(1500)
    expect(page.locator("#as")).to_contain_text(f"Playing as ann (seat {seat})")
    assert len(asked) <= 2, asked


def test_its_seat_opens_the_replay(stack, page, fork):
    fork_id, seat, token = fork
    hold_seat(page, fork_id, seat, token)
    page.goto(f"/games/{fork_id}/replay?at=1")
    expect(page.locator("body[data-mode=replay]")).to_have_count(1, timeout=15_000)
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#slider")).to_have_attribute("value", "1")


@pytest.mark.parametrize("path", ["view", "replay", "replay?at=1"])
def test_anyone_else_gets_a_refusal_that_shows_nothing(stack, page, fork, path):
    fork_id, _, _ = fork
    r = page.goto(f"/games/{fork_id}/{path}")
    assert r.status == 401
    assert r.headers["content-type"].startswith("text/html")
    expect(page.locator("h1")).to_have_text("A private game")
    expect(page.locator("main")).to_contain_text("only its own seats and the arbiter")
    nothing_of_the_game(page.content())
    nothing_of_the_game(r.text())


def test_a_seats_token_pasted_on_the_refusal_opens_the_game(stack, page, fork):
    fork_id, seat, token = fork
    page.goto(f"/games/{fork_id}/view")
    page.fill("#private-token", "not-a-token")
    page.click("#private-form button[type=submit]")
    expect(page.locator("#private-notice")).to_contain_text("Refused: this token is not a seat of this game")
    page.fill("#private-token", token)
    page.click("#private-form button[type=submit]")
    expect(page.locator("body[data-live=yes]")).to_have_count(1, timeout=30_000)
    expect(page.locator("#as")).to_contain_text(f"Playing as ann (seat {seat})")
    assert "token" not in page.url.lower()


def test_a_refused_token_on_a_private_game_stops_the_page_asking(stack, page, fork):
    """The seat's token refused while its private game's page is open (a bogus token kept in this browser):
    the page drops it, and as a private game has no spectator's view, says so and stops. Before, it asked
    for the stream again at once, without end (about a hundred requests a second)."""
    fork_id, seat, token = fork
    hold_seat(page, fork_id, seat, token)
    open_game(page, fork_id)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"caravan:seats:{fork_id}", f'{{"{seat}": "not-a-token"}}'])
    asked = []
    page.on("request", lambda q: asked.append(q.url) if "/view/stream" in q.url else None)
    page.click("#seat-buttons button:has-text('Spectator')")
    page.wait_for_timeout(3000)
    assert len(asked) <= 3, len(asked)
    expect(page.locator("#notice")).to_contain_text("private")


def test_its_replay_verifies_the_forks_log_with_the_seats_token(stack, page, fork):
    """The replay's verify badge asked GET /verify without the seat's token: a private fork answers that with
    401, and the page read the refusal as a verdict ("fails at version undefined")."""
    fork_id, seat, token = fork
    hold_seat(page, fork_id, seat, token)
    page.goto(f"/games/{fork_id}/replay")
    expect(page.locator("#verify")).to_have_attribute("data-ok", "yes", timeout=30_000)
    expect(page.locator("#verify")).not_to_contain_text("undefined")
