"""A person plays each game to its end in the browser, by clicking, against quick AIs."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import expect

from games.registry import all_games
from tests.e2e.helpers import wait_for_human
from tests.needs import need, shipped
from tests.web.browse import hold_seat, open_game, play_to_the_end

pytestmark = pytest.mark.e2e
GAMES = sorted(shipped())
@pytest.mark.parametrize("game_type", GAMES)
def test_a_person_plays_a_whole_game_by_clicking(stack, page, shots, game_type):
    game = all_games()[game_type]
    players = ["ann"] + [f"bot{i}:{need(game, 'OPPONENT')}" for i in range(1, game.min_players)]
    created = stack.client().post("/games", json={"type": game_type, "players": players}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    expect(page.locator("#as")).to_contain_text("Playing as ann (seat 0)")
    assert token not in page.url

    def shot(pg):
        pg.locator("#board").screenshot(path=str(shots / f"{game_type}.png"))

    counts = play_to_the_end(page, random.Random(7), shot)
    assert counts["board"] + counts["list"] > 0
    if game_type != "yangtze":  # Yangtze's river is clicked only when buying is worth it
        assert counts["board"] > 0, counts
    expect(page.locator("#status .result")).to_contain_text("Result")
    expect(page.locator("#account li[data-kind=finished]")).to_have_count(1)
    final = stack.client().get(f"/games/{game_id}").json()
    assert final["status"] == "finished"
    assert page.locator("body").get_attribute("data-version") == str(final["version"]) or final["version"] > 0
    page.locator("#board").screenshot(path=str(shots / f"{game_type}-end.png"))


def test_a_refused_move_is_said_in_words_and_the_page_refreshes(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    page.wait_for_function("() => document.querySelectorAll('#moves button.move').length > 0")
    v = int(page.locator("body").get_attribute("data-version"))

    def stale(route):  # the move as if chosen at an older version: the server refuses it
        body = json.loads(route.request.post_data)
        route.continue_(post_data=json.dumps({**body, "expected_version": v - 1}))

    page.route("**/moves", stale)
    with page.expect_request(lambda r: r.url.endswith("/view/frame")):  # refused: the page asks for the game again
        page.locator("#moves button.move").first.click()
    expect(page.locator("#notice")).to_contain_text("Refused:")
    answer = stack.client(token).post(f"/games/{game_id}/moves", json={
        "move": stack.client(token).get(f"/games/{game_id}/moves").json()[0], "expected_version": v - 1}).json()
    expect(page.locator("#notice")).to_contain_text(answer["detail"])  # the server's reason, in words
    page.unroute("**/moves")
    page.locator("#moves button.move").first.click()
    expect(page.locator("body")).to_have_attribute("data-version", str(v + 1))


def _account(page) -> dict[int, str]:
    return {int(li.get_attribute("data-version")): li.inner_text() for li in page.locator("#account li").all()}


def test_the_account_is_told_for_the_seat_the_page_plays(stack, page):
    """The page is first drawn for a spectator; the seat's frames then carried the same events told for the
    seat, which the account skipped as already shown: a player read "chance: a hidden outcome" for the boats
    dealt to its own hand. Switching back to the spectator hides them again."""
    created = stack.client().post("/games", json={"type": "bangkok-klongs", "players": ["ann", "bob:ai-greedy"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    ann = stack.client(token)
    wait_for_human(ann, game_id, 0, timeout=60)
    events = ann.get(f"/games/{game_id}/events", params={"words": "true"}).json()
    mine = {e["version"]: e["words"] for e in events if e["kind"] == "chance" and e.get("visible_to") == [0]}
    assert len(mine) == 4  # the four boats dealt to ann, hers alone to read
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    expect(page.locator("#as")).to_contain_text("Playing as ann (seat 0)")
    page.wait_for_function("(v) => [...document.querySelectorAll('#account li')].some((li) => li.dataset.version == v "
                           "&& !li.textContent.includes('hidden'))", arg=min(mine), timeout=15_000)
    told = _account(page)
    assert all(told[v] == f"chance: {w}" for v, w in mine.items()), told
    page.locator("#seat-buttons button", has_text="Spectator").click()
    expect(page.locator("#as")).to_contain_text("spectator")
    page.wait_for_function("(v) => [...document.querySelectorAll('#account li')].some((li) => li.dataset.version == v "
                           "&& li.textContent.includes('hidden'))", arg=min(mine), timeout=15_000)
    assert all("hidden" in _account(page)[v] for v in mine)
