"""`caravan game new` prints, for each person seat, a one-time link to the game page (issue 58, getting
started: before, it printed no way to the browser). The link's code is in the URL's fragment (never sent
to the server); the page trades it once for the seat's token, keeps the token, and takes the code out of
the address; a second use gives nothing."""

from __future__ import annotations

import json
import re

import pytest
import redis
from playwright.sync_api import expect

from service.link_routes import claim_key
from tests.cli.conftest import Cli
from tests.web.test_private_fork_page import fork  # noqa: F401 (a private fork and its seat)

pytestmark = pytest.mark.e2e

LINE = re.compile(r"^open in a browser: (\S+)", re.M)


def test_game_new_prints_a_link_that_opens_the_page_as_the_seat_once(stack, browser, tmp_path):
    out = Cli(stack, tmp_path)("game", "new", "toy", "--player", "ann", "--player", "bob:ai-greedy").stdout
    game_id = out.split()[1]
    links = LINE.findall(out)
    assert len(links) == 1, out  # one person seat, one link
    url = links[0]
    assert url.startswith(f"{stack.url}/games/{game_id}/view#claim="), url
    saved = json.loads((tmp_path / "profile.json").read_text())  # the seat's token, kept by the CLI
    assert not [t for games in saved.values() for seats in games.values() for t in seats.values() if t in url]

    first = browser.new_context(base_url=stack.url)
    page = first.new_page()
    page.goto(url)
    expect(page.locator("#as")).to_have_text("Playing as ann (seat 0).", timeout=30_000)
    assert "claim" not in page.url and page.url.endswith(f"/games/{game_id}/view"), page.url
    expect(page.locator("#moves button.move").first).to_be_visible(timeout=30_000)  # it plays as that seat
    first.close()

    second = browser.new_context(base_url=stack.url)  # the same link again, in another browser
    page = second.new_page()
    page.goto(url)
    expect(page.locator("#notice")).to_contain_text("This link did not give a seat", timeout=30_000)
    expect(page.locator("#as")).to_have_text("Watching as a spectator.")
    assert "claim" not in page.url
    assert page.evaluate(f"() => localStorage.getItem('caravan:seats:{game_id}')") is None
    second.close()


def test_links_are_one_time_and_refused_clearly(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, token = created["id"], created["seats"][1]["token"]
    seat = stack.client(token)
    assert stack.client().post(f"/games/{game_id}/links").status_code == 401  # a seat's token is needed
    made = seat.post(f"/games/{game_id}/links")
    assert made.status_code == 201, made.text
    link = made.json()
    assert link["seat"] == 1 and link["expires"] > 0
    code = link["url"].split("#claim=")[1]
    ttl = redis.Redis.from_url(stack.redis_url).ttl(claim_key(game_id, code))
    assert 0 < ttl <= 600  # CARAVAN_LINK_TTL's default: the code forgets itself
    claimed = stack.client().post(f"/games/{game_id}/claim", json={"code": code})
    assert claimed.status_code == 200 and claimed.json() == {"seat": 1, "token": token}
    again = stack.client().post(f"/games/{game_id}/claim", json={"code": code})
    assert again.status_code == 404 and again.json()["error"] == "no-such-link" and again.json()["detail"]
    other = seat.post(f"/games/{game_id}/links").json()["url"].split("#claim=")[1]
    assert stack.client().post("/games/nosuchgame/claim", json={"code": other}).status_code == 404  # bound to its game
    for bad in ({}, {"code": ""}, {"code": "x" * 500}, {"code": other, "more": 1}):
        r = stack.client().post(f"/games/{game_id}/claim", json=bad)
        assert r.status_code == 400 and set(r.json()) >= {"error", "detail"}, (bad, r.text)
    assert stack.client().post(f"/games/{game_id}/claim", json={"code": other}).json()["seat"] == 1  # still good


def test_a_link_to_a_private_fork_opens_it_from_its_refusal_page(stack, browser, fork):
    """A private game's page is a refusal to a browser with no token: the link's code is traded there too,
    and the refusal page opens the game with the seat it now keeps."""
    fork_id, seat, token = fork
    url = stack.client(token).post(f"/games/{fork_id}/links").json()["url"]
    ctx = browser.new_context(base_url=stack.url)
    page = ctx.new_page()
    page.goto(url)
    expect(page.locator("#as")).to_contain_text(f"Playing as ann (seat {seat})", timeout=30_000)
    assert "claim" not in page.url
    ctx.close()
