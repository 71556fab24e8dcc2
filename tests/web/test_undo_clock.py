"""Undo and clocks on the game page: a request seen by the other seat and by a spectator, withdrawn by
its asker, declined by the other seat; each seat's clock counting down live."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.web.browse import hold_seat, open_game

pytestmark = pytest.mark.e2e


def _pages(stack, browser, game_id: str, created: dict, seats) -> list:
    out = []
    for seat in seats:
        ctx = browser.new_context(base_url=stack.url)
        pg = ctx.new_page()
        if seat is not None:
            hold_seat(pg, game_id, seat, created["seats"][seat]["token"])
        open_game(pg, game_id)
        out.append(pg)
    return out


def test_an_undo_request_is_seen_by_all_withdrawn_and_declined(stack, browser):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id = created["id"]
    ann, bob, watcher = _pages(stack, browser, game_id, created, (0, 1, None))
    before = wait_for_human(stack.client(), game_id, 0)["version"]
    expect(ann.locator("body")).to_have_attribute("data-version", str(before))
    ann.locator("#moves button.move").first.click()
    expect(ann.locator("body")).to_have_attribute("data-version", str(before + 1))

    ann.click("#undo-button")
    for pg in (ann, bob, watcher):
        expect(pg.locator("#undo .pending")).to_contain_text("Undo asked by ann")
        expect(pg.locator("#undo .pending")).to_contain_text("Waiting for: bob")
    expect(watcher.locator("#undo button")).to_have_count(0)  # a spectator sees it, and answers nothing
    expect(bob.locator("#undo-decline")).to_be_visible()
    ann.click("#undo-withdraw")
    expect(bob.locator("#account li[data-kind=undo-withdrawn]")).to_contain_text("ann withdraws the undo")
    expect(bob.locator("#undo .pending")).to_have_count(0)
    expect(watcher.locator("#undo .pending")).to_have_count(0)

    ann.click("#undo-button")
    expect(bob.locator("#undo-decline")).to_be_visible()
    bob.click("#undo-decline")
    expect(ann.locator("#account li[data-kind=undo-declined]")).to_contain_text("bob declines the undo")
    expect(ann.locator("#undo .pending")).to_have_count(0)
    g = stack.client(created["seats"][0]["token"]).get(f"/games/{game_id}").json()
    assert g["version"] == before + 5 and g["undo"]["pending"] is None  # move, asked, withdrawn, asked, declined
    kinds = [e["kind"] for e in stack.client().get(f"/games/{game_id}/events", params={"from": before + 1}).json()]
    assert kinds == ["move", "undo-requested", "undo-withdrawn", "undo-requested", "undo-declined"]
    for pg in (ann, bob, watcher):
        pg.context.close()


def test_each_seats_clock_counts_down_live(stack, page, shots):
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob"],
                                                 "options": {"clock": "fischer:600+5"}}).json()
    game_id = created["id"]
    hold_seat(page, game_id, 0, created["seats"][0]["token"])
    open_game(page, game_id)
    clock = page.locator("#clock")
    expect(clock).to_be_visible()
    expect(clock).to_contain_text("fischer 600+5")
    expect(clock.locator("li[data-seat]")).to_have_count(2)
    running = clock.locator("li.running")
    expect(running).to_have_count(1)
    expect(running).to_contain_text("to act until")
    before = running.locator(".left").inner_text()
    page.wait_for_function("(t) => document.querySelector('#clock li.running .left').textContent !== t", arg=before)
    after = running.locator(".left").inner_text()
    assert [int(x) for x in after.split(":")] < [int(x) for x in before.split(":")]  # it counts down
    expect(clock.locator("li:not(.running) .left")).to_have_text("10:00")  # the other seat's time stands
    page.screenshot(path=str(shots / "game-page.png"))
