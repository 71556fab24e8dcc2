"""The account pages (issue 57, "CLI and web"), in a real browser on a stack of its own that writes its
access log: signing up signs in and the header of every page says who; a reload stays signed in (the
session's cookies); Sign out ends the session; a wrong password, a taken name, a weak password and too many
failures are said in words on the form and leave no session; a hostile account name breaks no page; no
password, session token or CSRF value is ever in a URL the browser asks for or in the access log; a page
drawn for a signed-in reader is kept by no shared cache."""

from __future__ import annotations

import html
import re
import time
from pathlib import Path
from urllib.parse import quote, urlencode

import httpx
import pytest
from playwright.sync_api import expect

from tests.stack import Stack

pytestmark = pytest.mark.e2e

PASSWORD = "a long enough password 1"
HOSTILE = "<!--<script>"


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory):
    """This module's own stack: its access log on, and 3 failed sign-ins before a 429."""
    s = Stack(redis_url, tmp_path_factory.mktemp("accounts"), CARAVAN_ACCESS_LOG="1",
              CARAVAN_SIGNIN_FAILURES="3").start(workers=1)
    yield s
    s.stop()


def log_text(stack) -> str:
    return "\n".join(p.read_text(errors="replace") for p in Path(stack.tmp).glob("*.log"))


def sign_up(page, name: str, password: str = PASSWORD, again: str | None = None) -> None:
    page.goto("/signup")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.fill("#account-again", password if again is None else again)
    page.click("#account-form button[type=submit]")


def sign_in(page, name: str, password: str) -> None:
    page.goto("/signin")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click("#account-form button[type=submit]")


def ids_unique(page) -> None:
    """No id twice on the page (the header's account bar was `#account`, the game page's log's id: game.js
    wrote the log into the header)."""
    ids = page.evaluate("[...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def session_cookies(page) -> dict[str, str]:
    return {c["name"]: c["value"] for c in page.context.cookies() if c["name"].startswith("caravan_")}


def test_sign_up_the_header_says_who_a_reload_keeps_it_sign_out_ends_it(stack, page):
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto("/")
    expect(page.locator("#sign-in-link")).to_be_visible()
    expect(page.locator("#signed-in-as")).to_have_count(0)
    sign_up(page, "ann")
    page.wait_for_url(f"{stack.url}/")
    expect(page.locator("#signed-in-as")).to_have_text("ann", timeout=30_000)
    assert page.locator("#signed-in-as").get_attribute("href") == "/@/ann"
    held = session_cookies(page)
    assert held["caravan_session"].startswith("cvs_") and held["caravan_csrf"]
    assert page.evaluate("document.cookie").count("caravan_session") == 0  # HttpOnly: no script reads it
    page.reload()
    expect(page.locator("#signed-in-as")).to_have_text("ann")
    made = page.evaluate("""async () => {  // a write the cookie signs: with the CSRF value, and without it
      const a = await caravan.api("POST", "/me/tokens", null, { label: "from the page", scopes: ["play"] });
      const b = await fetch("/me/tokens", { method: "POST", headers: { "Content-Type": "application/json" },
                                             body: JSON.stringify({ label: "forged", scopes: ["play"] }) });
      return [a.status, a.data.label, b.status, (await b.json()).error];
    }""")
    assert made == [201, "from the page", 403, "csrf-missing"], made
    page.goto("/rules/kashgar")
    expect(page.locator("#signed-in-as")).to_have_text("ann")
    page.click("#signed-in-as")
    expect(page.locator("#profile-name")).to_have_text("ann")
    expect(page.locator("#profile-kind")).to_contain_text("A person")
    api = httpx.get(f"{stack.url}/accounts/ann").json()  # the page says what the API answers
    expect(page.locator("#profile-kind")).to_contain_text(f"here since {api['created'][:10]}")
    expect(page.locator("#profile-ratings")).to_have_text("None yet.")  # (none yet: api["ratings"] == [])
    assert api["ratings"] == [] and api["recent_games"] == []
    with page.expect_response(lambda r: r.request.method == "DELETE") as gone:
        page.click("#sign-out button")
    assert gone.value.status == 204
    expect(page.locator("#sign-in-link")).to_be_visible(timeout=30_000)
    expect(page.locator("#signed-in-as")).to_have_count(0)
    assert "caravan_session" not in session_cookies(page)
    r = httpx.get(f"{stack.url}/me", cookies={"caravan_session": held["caravan_session"]})
    assert r.status_code == 401, r.text  # the session itself ended, not only the browser's cookie
    secrets = [PASSWORD, held["caravan_session"], held["caravan_csrf"]]
    assert not [u for u in asked if any(s in u or s.replace(" ", "%20") in u or s.replace(" ", "+") in u
                                        for s in secrets)]
    time.sleep(0.5)  # the access line is written when the answer is done
    text = log_text(stack)
    assert "/sessions" in text and not [s for s in secrets if s in text or s.replace(" ", "%20") in text]


def test_refusals_are_said_on_the_form_and_leave_no_session(stack, page):
    sign_up(page, "bea", password="qwertyuiop")  # long enough (the form asks 10), but common
    expect(page.locator("#account-notice")).to_contain_text("Too weak a password", timeout=30_000)
    sign_up(page, "bea", again="another long password")
    expect(page.locator("#account-notice")).to_have_text("The two passwords differ.")
    assert httpx.get(f"{stack.url}/accounts/bea").status_code == 404
    sign_up(page, "bea")
    page.wait_for_url(f"{stack.url}/")
    page.context.clear_cookies()
    sign_up(page, "BEA")
    expect(page.locator("#account-notice")).to_contain_text("That name is taken", timeout=30_000)
    sign_in(page, "bea", "not the password at all")
    expect(page.locator("#account-notice")).to_have_text("Wrong name or password.", timeout=30_000)
    assert session_cookies(page) == {}
    page.reload()
    expect(page.locator("#sign-in-link")).to_be_visible()


def test_a_hostile_account_name_breaks_no_page(stack, page):
    alerts: list[str] = []
    page.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
    sign_up(page, HOSTILE)
    page.wait_for_url(f"{stack.url}/")
    expect(page.locator("#signed-in-as")).to_have_text(HOSTILE, timeout=30_000)
    assert page.evaluate("document.scripts.length") == 2  # caravan.js, lobby.js: none swallowed
    assert page.evaluate("typeof caravan") == "object"
    page.click("#signed-in-as")
    expect(page.locator("#profile-name")).to_have_text(HOSTILE)
    assert page.evaluate("document.scripts.length") == 1
    page.goto("/signin")
    expect(page.locator("#already")).to_contain_text(HOSTILE)
    assert page.evaluate("document.scripts.length") == 2  # caravan.js, account.js
    page.click("#sign-out button")
    expect(page.locator("#sign-up-link")).to_be_visible(timeout=30_000)
    assert not alerts


def test_a_page_drawn_for_a_signed_in_reader_is_kept_by_no_shared_cache(stack):
    c = httpx.Client(base_url=stack.url)
    assert c.post("/accounts", json={"name": "cy", "password": PASSWORD}).status_code == 201
    out = c.get("/")
    assert "Cookie" in out.headers["vary"] and "cache-control" not in out.headers
    assert c.post("/sessions", json={"name": "cy", "password": PASSWORD}).status_code == 200
    for path in ("/", "/signin", "/@/cy", "/rules/kashgar"):
        r = c.get(path)
        assert r.status_code == 200 and 'id="signed-in-as"' in r.text, path
        assert "Cookie" in r.headers["vary"] and r.headers["cache-control"] == "private", path
    g = c.post("/games", json={"type": "kashgar", "players": ["hal", "bob:ai-random"]}).json()
    seat = c.get(f"/games/{g['id']}/view", headers={"Authorization": f"Bearer {g['seats'][0]['token']}"})
    assert seat.status_code == 200 and seat.headers["cache-control"] == "no-store"  # a seat's page: kept nowhere
    assert [v.strip() for v in seat.headers["vary"].split(",")] == ["Authorization", "Cookie"]
    nobody = httpx.Client(base_url=stack.url, cookies={"caravan_session": "cvs_" + "0" * 24 + "_" + "x" * 43})
    r = nobody.get("/")  # a cookie that stands for nobody: the page, signed out
    assert r.status_code == 200 and 'id="sign-in-link"' in r.text
    assert c.get("/@/nobody-here").status_code == 404
    odd = "x/y?z #1%"  # a name the rules take that a path would split, end or decode
    assert c.post("/accounts", json={"name": odd, "password": PASSWORD}).status_code == 201
    assert c.post("/sessions", json={"name": odd, "password": PASSWORD}).status_code == 200
    link = re.search(r'href="([^"]+)" id="signed-in-as"', c.get("/").text)
    assert link and link.group(1) == "/@/" + quote(odd, safe=""), link
    profile = c.get(link.group(1))
    assert profile.status_code == 200 and f'<h1 id="profile-name">{html.escape(odd)}</h1>' in profile.text


def test_the_forms_without_the_script_post_and_keep_nothing(stack, browser):
    ctx = browser.new_context(base_url=stack.url, java_script_enabled=False)
    try:
        pg = ctx.new_page()
        pg.goto("/signup")
        pg.fill("#account-name", "dee")
        pg.fill("#account-password", PASSWORD)
        pg.fill("#account-again", PASSWORD)
        with pg.expect_response(lambda r: r.request.method == "POST") as answer:
            pg.click("#account-form button[type=submit]")
        assert answer.value.status == 400
        expect(pg.locator("h1")).to_have_text("This form needs the page's script")
        assert "password" not in pg.url and "?" not in pg.url
    finally:
        ctx.close()
    assert httpx.get(f"{stack.url}/accounts/dee").status_code == 404


def test_signed_in_the_game_and_tournament_pages_keep_their_header_and_their_streams(stack, page):
    """The header is drawn on the live pages too, and their scripts and streams run as signed out."""
    c = stack.client()
    g = c.post("/games", json={"type": "kashgar", "players": ["gus", "bob:ai-random"]})
    t = c.post("/tournaments", json={"type": "toy", "format": "round-robin",
                                     "players": ["a:ai-random", "b:ai-random", "c:ai-random"]})
    assert g.status_code == 201 and t.status_code == 201, (g.text, t.text)
    sign_up(page, "fay")
    page.wait_for_url(f"{stack.url}/")
    for path in (f"/games/{g.json()['id']}/view", f"/games/{g.json()['id']}/replay?at=1"):
        page.goto(path)
        expect(page.locator("#signed-in-as")).to_have_text("fay")
        expect(page.locator("body[data-live=yes], body[data-version]")).to_have_count(1, timeout=30_000)
        assert page.evaluate("document.scripts.length") == 7  # caravan.js, the frame's JSON and 5 of the page's
        ids_unique(page)
        expect(page.locator("#account li").first).to_contain_text("the game begins")  # the log, in its place
        expect(page.locator("#account-bar li")).to_have_count(0)
    page.goto(f"/tournaments/{t.json()['id']}/view")
    expect(page.locator("#signed-in-as")).to_have_text("fay")
    expect(page.locator(".standings")).to_contain_text("a")
    assert page.evaluate("typeof window.caravanTournamentUpdates") == "number"  # tournament.js ran
    ids_unique(page)
    for path in ("/", "/signin", "/signup", "/@/fay", "/rules/kashgar"):
        page.goto(path)
        ids_unique(page)


def test_signing_in_leads_back_to_the_page_it_was_asked_from_and_nowhere_else(stack, page):
    assert httpx.post(f"{stack.url}/accounts", json={"name": "gil", "password": PASSWORD}).status_code == 201
    page.goto("/rules/kashgar")
    page.click("#sign-in-link")
    assert page.url == f"{stack.url}/signin?next=%2Frules%2Fkashgar"
    page.click("main a[href^='/signup']")  # the form's other link keeps where to go back to
    assert page.url == f"{stack.url}/signup?next=%2Frules%2Fkashgar"
    page.goto("/signin?next=%2Frules%2Fkashgar")
    page.fill("#account-name", "gil")
    page.fill("#account-password", PASSWORD)
    page.click("#account-form button[type=submit]")
    page.wait_for_url(f"{stack.url}/rules/kashgar")
    expect(page.locator("#signed-in-as")).to_have_text("gil")
    for elsewhere in ("https://example.com/x", "//example.com/x", "/\t/example.com", "/\\example.com",
                      "javascript:alert(1)"):
        page.context.clear_cookies()
        page.goto("/signin?" + urlencode({"next": elsewhere}))
        page.fill("#account-name", "gil")
        page.fill("#account-password", PASSWORD)
        page.click("#account-form button[type=submit]")
        page.wait_for_url(f"{stack.url}/**")
        expect(page.locator("#signed-in-as")).to_have_text("gil")
        assert page.url.startswith(stack.url + "/"), (elsewhere, page.url)


def test_too_many_failed_sign_ins_say_when_to_try_again(stack, page):
    """Last in this module: 3 failures from this address in the window refuse every sign-in from it."""
    assert httpx.post(f"{stack.url}/accounts", json={"name": "eve", "password": PASSWORD}).status_code == 201
    wrong = 0
    while wrong < 3:  # (the failures of the tests before count too: they come from this address)
        sign_in(page, "eve", "not the password at all")
        expect(page.locator("#account-notice")).not_to_have_text("Signing in…", timeout=30_000)
        if page.locator("#account-notice").inner_text() != "Wrong name or password.":
            break
        wrong += 1
    assert wrong >= 1
    sign_in(page, "eve", PASSWORD)
    expect(page.locator("#account-notice")).to_contain_text("Too many failed sign-ins: try again in", timeout=30_000)
    said = page.locator("#account-notice").inner_text()
    assert re.fullmatch(r"Too many failed sign-ins: try again in \d+ seconds\.", said), said
    assert session_cookies(page) == {}
    assert page.url == f"{stack.url}/signin"
