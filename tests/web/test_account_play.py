"""A signed-in account plays its seat from the game page without pasting anything (issue 57, "CLI and
web"): the page opened with the session cookie shows the account's seat, its view and its moves, and a move
clicked goes with the cookie and the session's CSRF value (no Authorization header); another account signed
in, holding no seat, sees what a spectator sees and no move to click."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_accounts import fresh
from tests.web.browse import open_game
from tests.web.test_account_pages import PASSWORD, sign_up

pytestmark = pytest.mark.e2e
GAME = "kashgar"


def signed_up_in(page, name: str) -> None:
    """Sign up on the page (which signs in) and wait until the header says who."""
    sign_up(page, name)
    expect(page.locator("#signed-in-as")).to_have_text(name, timeout=30_000)


def token_of(stack, name: str) -> str:
    r = httpx.post(f"{stack.url}/sessions", json={"name": name, "password": PASSWORD})
    assert r.status_code == 200, r.text
    return r.json()["token"]


def test_a_signed_in_seat_plays_from_its_page_and_another_account_only_watches(stack, page, browser):
    ann, bob = fresh("ann"), fresh("bob")
    signed_up_in(page, ann)
    token = token_of(stack, ann)
    api = httpx.Client(base_url=stack.url, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    made = api.post("/games", json={"type": GAME, "players": [f"@{ann}", "bot:ai-random"]})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    assert "token" not in made.json()["seats"][0]  # an account's seat: nothing to paste
    wait_for_human(api, gid, 0, timeout=60)
    open_game(page, gid)
    expect(page.locator("#as")).to_have_text(f"Playing as {ann} (seat 0), signed in.")
    expect(page.locator("#players li.you, #status li.you")).to_have_count(1)
    page.wait_for_function("() => document.querySelectorAll('#moves button.move').length > 0", timeout=30_000)
    before = int(page.locator("body").get_attribute("data-version"))
    with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(f"/games/{gid}/moves")) as sent:
        page.locator("#moves button.move").first.click()
    headers = sent.value.all_headers()
    assert "authorization" not in headers and headers.get("x-csrf-token"), headers
    expect(page.locator("#notice")).to_contain_text("played:", timeout=30_000)
    moved = httpx.get(f"{stack.url}/games/{gid}/events", params={"from": before + 1}).json()
    assert any(e.get("actor") == 0 for e in moved), moved  # ann's move is in the log

    other = browser.new_context(viewport={"width": 1280, "height": 1000}, base_url=stack.url)
    try:
        watcher = other.new_page()
        signed_up_in(watcher, bob)
        open_game(watcher, gid, or_finished=True)
        expect(watcher.locator("#as")).to_have_text("Watching as a spectator.")
        expect(watcher.locator("#status li.you")).to_have_count(0)
        expect(watcher.locator("#moves button.move")).to_have_count(0)
        assert watcher.evaluate(f"fetch('/games/{gid}/view/frame').then((r) => r.json()).then((f) => f.you)") is None
    finally:
        other.close()


def test_the_lobby_lists_open_seats_first_and_join_takes_one(stack, page, browser):
    """ann makes a game with an open seat (through the API); the lobby lists it above the games, with a
    Sign in link for a reader signed out and **Join** once signed in; bob joins, the game starts, and his page
    goes to it, playing his seat."""
    ann, bob = fresh("ann"), fresh("bob")
    signed_up_in(page, ann)
    api = httpx.Client(base_url=stack.url, headers={"Authorization": f"Bearer {token_of(stack, ann)}"}, timeout=30)
    made = api.post("/games", json={"type": GAME, "players": [f"@{ann}", "open"]})
    assert made.status_code == 201, made.text
    gid = made.json()["id"]
    other = browser.new_context(viewport={"width": 1280, "height": 1000}, base_url=stack.url)
    try:
        joiner = other.new_page()
        joiner.goto("/")
        row = joiner.locator(f"#open-tables tr[data-game='{gid}']")
        expect(row).to_contain_text(ann)
        expect(row.locator("button.join")).to_have_count(0)  # signed out: a way to sign in instead
        expect(row.locator("a.join-sign-in")).to_have_attribute("href", "/signin?next=%2F")
        first = joiner.evaluate("[...document.querySelectorAll('#lobby-rows h2')].map((h) => h.textContent)")
        assert first[0] == "Open seats", first
        signed_up_in(joiner, bob)
        joiner.goto("/")
        with joiner.expect_request(lambda r: r.method == "POST" and r.url.endswith(f"/games/{gid}/join")) as sent:
            row.locator("button.join").click()
        assert sent.value.all_headers().get("x-csrf-token")
        joiner.wait_for_url(f"{stack.url}/games/{gid}/view", timeout=30_000)
        expect(joiner.locator("#as")).to_have_text(f"Playing as {bob} (seat 1), signed in.", timeout=30_000)
        game = httpx.get(f"{stack.url}/games/{gid}").json()
        assert game["status"] == "active" and [p["name"] for p in game["players"]] == [ann, bob]
        joiner.goto("/")
        expect(joiner.locator(f"#open-tables tr[data-game='{gid}']")).to_have_count(0)  # no longer waiting
    finally:
        other.close()


def test_my_games_lists_the_games_waiting_for_me_first_and_refreshes(stack, page):
    """**My games** (the header's link, signed in): what GET /me/games answers, the games waiting for the
    account first with a "your turn" badge; a game made meanwhile appears without a reload. Signed out, the
    page says to sign in."""
    page.goto("/my-games")
    expect(page.locator("#my-games-signed-out")).to_contain_text("Sign in")
    ann = fresh("ann")
    signed_up_in(page, ann)
    api = httpx.Client(base_url=stack.url, headers={"Authorization": f"Bearer {token_of(stack, ann)}"}, timeout=30)
    table = api.post("/games", json={"type": GAME, "players": [f"@{ann}", "open"]}).json()["id"]
    mine = api.post("/games", json={"type": GAME, "players": [f"@{ann}", "bot:ai-random"]}).json()["id"]
    wait_for_human(api, mine, 0, timeout=60)
    page.click("#my-games-link")
    page.wait_for_url(f"{stack.url}/my-games")
    listed = api.get("/me/games").json()
    assert [g["id"] for g in listed] == [mine, table], listed
    expect(page.locator("#my-games table.my-games tbody tr")).to_have_count(2)
    assert page.locator("#my-games table.my-games tbody tr").evaluate_all("(rows) => rows.map((r) => r.dataset.game)") == [mine, table]
    expect(page.locator(f"#my-games tr[data-game='{mine}'] .your-turn")).to_have_text("your turn")
    expect(page.locator(f"#my-games tr[data-game='{table}']")).to_contain_text("waiting for players")
    later = api.post("/games", json={"type": GAME, "players": ["carl", f"@{ann}"]}).json()["id"]
    expect(page.locator(f"#my-games tr[data-game='{later}']")).to_have_count(1, timeout=30_000)  # no reload
    page.click(f"#my-games tr[data-game='{mine}'] a")
    expect(page.locator("#as")).to_have_text(f"Playing as {ann} (seat 0), signed in.", timeout=30_000)


def test_my_invitations_are_accepted_or_declined_from_my_games(stack, page):
    """ann seats bob in two games (`@bob`, through the API); his **My games** lists both invitations. Decline
    calls one off (its creator's choice: cancel), Accept opens the other, bob playing his seat."""
    ann, bob = fresh("ann"), fresh("bob")
    httpx.post(f"{stack.url}/accounts", json={"name": ann, "password": PASSWORD}).raise_for_status()
    api = httpx.Client(base_url=stack.url, headers={"Authorization": f"Bearer {token_of(stack, ann)}"}, timeout=30)
    signed_up_in(page, bob)
    one, two = (api.post("/games", json={"type": GAME, "players": [f"@{bob}", "bot:ai-random"]}).json()["id"]
                for _ in range(2))
    page.goto("/my-games")
    expect(page.locator("#my-invitations tbody tr")).to_have_count(2)
    page.click(f"#my-invitations tr[data-game='{two}'] button[data-answer=decline]")
    expect(page.locator("#answer-notice")).to_contain_text(f"Declined: {two} is abandoned now.", timeout=30_000)
    expect(page.locator("#my-invitations tbody tr")).to_have_count(1)
    assert httpx.get(f"{stack.url}/games/{two}").json()["status"] == "abandoned"
    page.click(f"#my-invitations tr[data-game='{one}'] button[data-answer=accept]")
    page.wait_for_url(f"{stack.url}/games/{one}/view", timeout=30_000)
    expect(page.locator("#as")).to_have_text(f"Playing as {bob} (seat 0), signed in.", timeout=30_000)
    assert httpx.get(f"{stack.url}/me/invitations", headers={"Authorization": f"Bearer {token_of(stack, bob)}"}).json() == []
