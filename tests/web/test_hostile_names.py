"""Pages nobody can break (issue 55, items 6 and 12), in a real browser on a stack of its own that writes
its access log: a player's name that an HTML parser reads as markup (`<!--<script>` inside the page's JSON
element swallowed the rest of the page: 1 script in the DOM instead of 3) leaves every page of its game
running all its scripts; "Take the seat" puts no token in a URL or in the access log; every answer carries
the security headers, and the pages work under their Content-Security-Policy without a violation (an inline
script the page did not bring is refused)."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.stack import Stack

pytestmark = pytest.mark.e2e

HOSTILE = ["<!--<script>", "</script><script>alert(1)</script>", "<!--", "x\u2028y", "<script>&amp;"]


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory):
    """This module's own stack (it overrides the shared one for the `page` fixture), its access log on."""
    s = Stack(redis_url, tmp_path_factory.mktemp("hostile"), CARAVAN_ACCESS_LOG="1").start(workers=1)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def games(stack) -> dict[str, dict]:
    """A game for each hostile name the service takes (a name it refuses, as U+2028, breaks no page)."""
    c = stack.client()
    out = {}
    for name in HOSTILE:
        r = c.post("/games", json={"type": "kashgar", "players": [name, "bob:ai-random"]})
        assert r.status_code in (201, 422), r.text
        if r.status_code == 201:
            out[name] = r.json()
            wait_for_human(c, r.json()["id"], 0)
    assert "<!--<script>" in out and "</script><script>alert(1)</script>" in out
    return out


def log_text(stack) -> str:
    return "\n".join(p.read_text(errors="replace") for p in Path(stack.tmp).glob("*.log"))


def scripts_ran(page, expected: int) -> None:
    """Every script element of the page is in the DOM (none swallowed) and the shared script ran."""
    assert page.evaluate("document.scripts.length") == expected, page.content()[:2000]
    assert page.evaluate("typeof caravan") == "object"


def test_hostile_names_break_no_page_of_their_game(stack, page, games):
    alerts: list[str] = []
    page.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
    for name, g in games.items():
        page.goto(f"/games/{g['id']}/view")
        expect(page.locator("body[data-live=yes]")).to_have_count(1, timeout=30_000)  # game.js runs and follows
        scripts_ran(page, 7)  # caravan.js, the frame's JSON, stream.js, claim.js, moves.js, clocks.js, game.js
        expect(page.locator("#seat-buttons")).to_contain_text("Spectator")
        page.goto(f"/games/{g['id']}/replay?at=1")
        expect(page.locator("body[data-version]")).to_have_count(1, timeout=30_000)
        scripts_ran(page, 7)  # caravan.js, the frame's JSON, analysis.js, claim.js, moves.js, clocks.js, game.js
        page.goto("/?type=kashgar")
        expect(page.locator(f"tr[data-game='{g['id']}'] .seat-name").first).to_have_text(f"{name} (person)",
                                                                                             timeout=30_000)
        scripts_ran(page, 2)
    assert not alerts


def test_hostile_entrant_names_break_no_tournament_page(stack, page):
    t = stack.client().post("/tournaments", json={"type": "toy", "format": "round-robin",
                                                   "players": [f"{HOSTILE[0]}:ai-random", f"{HOSTILE[1]}:ai-random",
                                                               "c:ai-random"]})
    assert t.status_code == 201, t.text
    page.goto(f"/tournaments/{t.json()['id']}/view")
    expect(page.locator(".standings")).to_contain_text(HOSTILE[0])
    scripts_ran(page, 2)
    assert page.evaluate("typeof window.caravanTournamentUpdates") == "number"  # tournament.js ran


def test_taking_a_seat_leaves_no_token_in_a_url_or_the_log(stack, page, games):
    g = games["<!--<script>"]
    token = next(s["token"] for s in g["seats"] if s["seat"] == 0)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.goto(f"/games/{g['id']}/view")
    page.fill("#token-input", token)
    page.click("#seat-form button[type=submit]")
    page.wait_for_load_state()  # (a form the script did not take over went to …/view?token=<token>)
    assert token not in page.url and "token=" not in page.url
    expect(page.locator("#seat-buttons button[data-seat='0'][aria-pressed=true]")).to_have_count(1, timeout=30_000)
    assert not [u for u in asked if token in u]
    time.sleep(0.5)  # the access line is written when the answer is done
    assert f"/games/{g['id']}/view" in log_text(stack)  # the log is on, and it is where this reads
    assert token not in log_text(stack)


def test_the_seat_form_without_the_script_posts_and_keeps_no_token(stack, browser, games):
    g = games["<!--<script>"]
    token = next(s["token"] for s in g["seats"] if s["seat"] == 0)
    ctx = browser.new_context(base_url=stack.url, java_script_enabled=False)
    try:
        pg = ctx.new_page()
        pg.goto(f"/games/{g['id']}/view")
        pg.fill("#token-input", token)
        with pg.expect_response(lambda r: r.request.method == "POST") as answer:
            pg.click("#seat-form button[type=submit]")
        assert answer.value.status == 400
        expect(pg.locator("h1")).to_have_text("Taking a seat needs the page's script")
        assert token not in pg.url and "token=" not in pg.url
    finally:
        ctx.close()
    time.sleep(0.5)
    assert token not in log_text(stack)


def test_a_token_in_a_query_string_is_redacted_in_the_access_log(stack, games):
    g = games["<!--<script>"]
    token = next(s["token"] for s in g["seats"] if s["seat"] == 0)
    r = httpx.get(f"{stack.url}/games/{g['id']}/view", params={"token": token, "x": "1", "Token": token + "b"})
    assert r.status_code == 200
    deadline = time.monotonic() + 10
    while "token=[redacted]" not in log_text(stack) and time.monotonic() < deadline:
        time.sleep(0.1)
    text = log_text(stack)
    assert "token=[redacted]&x=1" in text
    assert token not in text


def page_urls(stack, games) -> list[str]:
    g = next(iter(games.values()))["id"]
    return ["/", f"/games/{g}/view", f"/games/{g}/replay", f"/games/{g}/replay?at=1", "/schema", "/schema/swagger",
            "/games/nosuch/view", "/?status=maybe"]


def test_every_answer_carries_the_security_headers(stack, games):
    c = stack.client()
    tid = c.post("/tournaments", json={"type": "toy", "format": "round-robin",
                                       "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    for url in page_urls(stack, games) + [f"/tournaments/{tid}/view"]:
        r = c.get(url)
        assert "text/html" in r.headers["content-type"], url
        csp = r.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in csp, (url, csp)
        script_src = next(d for d in csp.split(";") if d.strip().startswith("script-src"))
        assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src, (url, csp)
        assert r.headers.get("x-content-type-options") == "nosniff", url
        assert r.headers.get("referrer-policy") == "no-referrer", url
    g = next(iter(games.values()))["id"]
    for url in ["/health", "/games", f"/games/{g}", f"/games/{g}/view/frame", "/static/game.js", "/schema/openapi.json",
                "/games/nosuch", "/schema/assets/swagger-ui.css"]:
        r = c.get(url)
        assert r.headers.get("x-content-type-options") == "nosniff", url
        assert "frame-ancestors 'none'" in r.headers.get("content-security-policy", ""), url


def test_the_pages_work_under_their_policy(stack, browser, games):
    """Lobby, game, replay, tournament and docs pages run with no CSP violation; a script they did not bring
    (an injected inline one) is refused."""
    tid = stack.client().post("/tournaments", json={"type": "toy", "format": "round-robin",
                                                    "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    g = next(iter(games.values()))["id"]
    ctx = browser.new_context(base_url=stack.url)
    pg = ctx.new_page()
    said: list[str] = []
    pg.on("console", lambda m: said.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: said.append(str(e)))
    watch = ("window.caravanViolations = []; document.addEventListener('securitypolicyviolation', "
             "(e) => window.caravanViolations.push(e.violatedDirective + ' ' + e.blockedURI))")
    pg.add_init_script(watch)
    works = {"/": "typeof caravan === 'object'", f"/games/{g}/view": "document.body.dataset.live === 'yes'",
             f"/games/{g}/replay?at=1": "document.body.dataset.version !== undefined",
             f"/tournaments/{tid}/view": "typeof window.caravanTournamentUpdates === 'number'",
             "/schema": "!!document.querySelector('.swagger-ui .info .title')"}
    try:
        for url, ready in works.items():
            pg.goto(url)
            try:
                pg.wait_for_function(f"() => {ready}", timeout=30_000)
            except Exception:
                seen = pg.evaluate("[typeof SwaggerUIBundle, typeof window.ui, document.body.innerText.slice(0, 600)]")
                raise AssertionError(f"{url} never worked: {said} {pg.evaluate('window.caravanViolations')} {seen}") from None
            if url == "/schema":
                expect(pg.locator(".swagger-ui .info .title")).to_contain_text("caravan")
                expect(pg.locator(".opblock-summary-path").first).to_be_visible()
            assert pg.evaluate("window.caravanViolations") == [], url
            assert not said, (url, said)
        injected = pg.evaluate("() => { const s = document.createElement('script'); s.textContent = "
                               "'window.injected = 1'; document.body.append(s); return window.injected }")
        assert injected is None  # refused by the policy
        pg.wait_for_function("() => window.caravanViolations.length > 0", timeout=5_000)
    finally:
        ctx.close()
