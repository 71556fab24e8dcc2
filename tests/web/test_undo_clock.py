"""Undo and clocks on the game page: a request seen by the other seat and by a spectator, withdrawn by
its asker, declined by the other seat; each seat's clock counting down live."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_come_back import taken_over
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


# --- "Take back my move" only after a move the player made -------------------------------------------

def _own_move(events: list[dict], seat: int, at: int) -> bool | None:
    """Whether the seat's last move up to version `at` was its person's (None: it has none): not one the
    timer played (`timeout`) nor one an AI played while the seat was taken over (the log tells both)."""
    away, last = False, None
    for e in events:
        if e["version"] > at:
            break
        p = e.get("payload") or {}
        if e["kind"] in ("taken-over", "resigned") and p.get("seat") == seat:
            away = True
        elif e["kind"] == "returned" and p.get("seat") == seat:
            away = False
        elif e["kind"] == "move" and e["actor"] == seat:
            last = not (p.get("timeout") or away)
    return last


def _page_offers_no_undo_of_a_move_not_made(stack, pg, game_id: str, token: str, seat: int, timeout: float = 90) -> None:
    """Watch the page until it shows versions at which the seat's last move was not its person's: neither
    the page nor the API offers to take it back (the API offered it, and granted it, before)."""
    me, arbiter = stack.client(token), stack.client(stack.arbiter)
    deadline, checked = time.monotonic() + timeout, 0
    while checked < 3:
        assert time.monotonic() < deadline, f"the page never showed a move made for seat {seat}"
        v, offered = pg.evaluate("() => [Number(document.body.dataset.version), !!document.getElementById('undo-button')]")
        events = arbiter.get(f"/games/{game_id}/events", params={"limit": 10000}).json()
        if _own_move(events, seat, v) is False:
            undo = me.get(f"/games/{game_id}/state", params={"at": v}).json().get("undo") or {}
            assert not undo.get("possible") or undo.get("consent"), (v, undo)
            assert not offered, f"version {v}: the page offers to take back a move seat {seat} did not make"
            checked += 1
        time.sleep(0.2)


def test_no_take_back_of_the_timers_default_move(stack, page):
    created = stack.client().post("/games", json={"type": "kashgar", "players": ["ann", "bob"],
                                                 "options": {"clock": "per-decision:2"}}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    _page_offers_no_undo_of_a_move_not_made(stack, page, game_id, token, 0)
    expect(page.locator("#undo")).to_contain_text("No undo now")


def test_no_take_back_of_a_move_the_ai_made_for_an_absent_seat(stack, page):
    game_id, ann = taken_over(stack)
    token = ann.headers["Authorization"].split()[1]
    hold_seat(page, game_id, 0, token)
    open_game(page, game_id)
    _page_offers_no_undo_of_a_move_not_made(stack, page, game_id, token, 0)
