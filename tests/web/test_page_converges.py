"""A game page follows the game to its latest version, whatever order the answers come in (issue 55, item 11).

In a full `make test` on a loaded machine the himalaya page stayed at version 224 for 60 s after a disc was
played ("played: program the next disc…"), offering disc 1 of 6 again. The race: a move refused (the AI had
moved meanwhile) makes the page fetch its frame; under load that answer was slower than the stream, which
brought the newer frame, the person's next move and the frame after it; the late answer was then drawn
over them, taking the page back a version with nothing more to come (the game waits for that person).
Here the late answer is forced: the refetch is held by the browser until the stream's newer frame is shown."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game, version

pytestmark = pytest.mark.e2e


def test_a_frame_answered_late_never_takes_the_page_back(stack, page):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    wait_for_human(stack.client(token), game_id, 0)
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    page.wait_for_function("() => document.querySelectorAll('#moves button.move').length > 0")
    v = version(page)

    held = []  # (route, its answer fetched now): the frame as it is at version v, answered only later

    def late(route):
        held.append((route, route.fetch()))

    def stale(route):  # a move chosen at an older version: refused, and the page asks for its frame
        route.continue_(post_data=json.dumps({**json.loads(route.request.post_data), "expected_version": v - 1}))

    page.route("**/view/frame", late)
    page.route("**/moves", stale)
    page.locator("#moves button.move").first.click()
    expect(page.locator("#notice")).to_contain_text("Refused:")
    for _ in range(100):  # the refetch reaches the route (its handler runs while the test waits on the page)
        if held:
            break
        page.wait_for_timeout(100)
    page.unroute("**/moves")
    assert len(held) == 1 and held[0][1].json()["version"] == v

    page.locator("#moves button.move").first.click()  # played for real: the stream brings version v + 1
    expect(page.locator("body")).to_have_attribute("data-version", str(v + 1))
    expect(page.locator("#moves")).to_contain_text("Nothing for you to do now")  # bob's turn

    route, answer = held.pop()
    route.fulfill(response=answer)  # the frame of version v arrives last
    page.wait_for_timeout(1500)
    assert version(page) == v + 1, "a late answer took the page back a version"
    expect(page.locator("#moves")).to_contain_text("Nothing for you to do now")
    assert stack.client().get(f"/games/{game_id}").json()["version"] == v + 1
