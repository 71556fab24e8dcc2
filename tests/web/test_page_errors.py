"""A page asked for with a query it cannot take answers a page saying why (400), as a missing game's page
does (404) — never the API's JSON in the browser's window."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def game_id(stack):
    c = stack.client()
    created = c.post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    wait_for_human(c, created["id"], 0)
    return created["id"]


@pytest.mark.parametrize("query, reason", [
    ("/games/{g}/replay?at=0", "at"), ("/games/{g}/replay?at=abc", "at"), ("/games/{g}/replay?at=1.5", "at"),
    ("/games/{g}/replay?at=99999999999999999999", "at"), ("/?fragment=yes", "fragment"),
    ("/tournaments/t-nope/view?projector=maybe", "projector"), ("/tournaments/t-nope/view?fragment=2", "fragment"),
])
def test_a_bad_query_is_said_in_a_page(stack, page, game_id, query, reason):
    r = page.goto(query.format(g=game_id))
    assert r.status == 400
    assert r.headers["content-type"].startswith("text/html")
    expect(page.locator("h1")).to_have_text("Bad request")
    expect(page.locator("main")).to_contain_text(reason)
    expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()


@pytest.mark.parametrize("query", ["status=done", "seats=robots", "type=chess", "show=nothing"])
def test_a_lobby_filter_it_cannot_take_is_a_400_page(stack, query):
    """The lobby ignored a filter value it did not know and listed every game, as if unfiltered."""
    r = stack.client().get(f"/?{query}")
    assert r.status_code == 400 and r.headers["content-type"].startswith("text/html"), (query, r.status_code)
    assert query.split("=")[0] in r.text


def test_the_forms_any_is_no_filter(stack):
    assert stack.client().get("/?status=&type=&show=&seats=").status_code == 200
