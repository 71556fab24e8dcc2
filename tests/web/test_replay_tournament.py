"""Replay a finished game step by step, and follow a tournament to its end, in the browser."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import play_my_tables, wait_until_finished

pytestmark = pytest.mark.e2e


def test_a_replay_steps_back_and_forth_and_links_to_a_version(stack, page):
    c = stack.client()
    game_id = c.post("/games", json={"type": "yangtze", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    last = wait_until_finished(c, game_id)["version"]
    page.goto(f"/games/{game_id}/replay")
    body = page.locator("body")
    expect(body).to_have_attribute("data-version", str(last))
    expect(page.locator("#verify")).to_have_attribute("data-ok", "yes")
    expect(page.locator("#verify")).to_contain_text("verified")
    page.keyboard.press("ArrowLeft")
    expect(body).to_have_attribute("data-at", str(last - 1))
    expect(page.locator("#step-text")).to_contain_text(f"{last - 1}.")
    board_before = page.inner_html("#board")
    page.keyboard.press("Home")
    expect(body).to_have_attribute("data-at", "1")
    expect(page.locator("#step-text")).to_contain_text("1. the game begins")
    assert page.inner_html("#board") != board_before
    page.click("#next")
    page.click("#next")
    expect(body).to_have_attribute("data-at", "3")
    page.click("#prev")
    expect(body).to_have_attribute("data-at", "2")
    page.locator("#slider").fill("5")
    expect(body).to_have_attribute("data-at", "5")
    expect(page).to_have_url(f"{stack.url}/games/{game_id}/replay?at=5")
    href = page.get_attribute("#at-link", "href")
    page.goto(href)
    expect(body).to_have_attribute("data-version", "5")
    api = c.get(f"/games/{game_id}/state", params={"at": 5}).json()
    assert api["version"] == 5
    page.keyboard.press("End")
    expect(body).to_have_attribute("data-at", str(last))
    expect(page.locator("#step-text")).to_contain_text("seed")


def test_a_tournament_page_follows_the_tournament_to_its_end(stack, page, shots):
    c = stack.client()
    t = c.post("/tournaments", json={"type": "bangkok-klongs", "players": ["ann", "b1:ai-random", "b2:ai-random"]}).json()
    ann = next(e["token"] for e in t["entrants"] if e["name"] == "ann")
    fragments: list[str] = []
    page.on("request", lambda r: fragments.append(r.url) if "fragment=true" in r.url else None)
    page.goto(f"/tournaments/{t['id']}/view")
    expect(page.locator("h1")).to_contain_text(t["id"])
    expect(page.locator(".standings tbody tr")).to_have_count(3)
    expect(page.locator("#t-status")).not_to_have_text("finished")
    page.click("#projector-link")
    expect(page.locator("body.projector")).to_have_count(1)
    expect(page.locator("body[data-live=yes]")).to_have_count(1)  # following the tournament's stream
    fragments.clear()
    rng = random.Random(3)
    shown = int(page.locator(".t-body").get_attribute("data-version"))
    midway = play_my_tables(stack, t["id"], ann, rng, until=lambda x: x["version"] > shown)
    page.wait_for_function("(v) => Number(document.querySelector('.t-body').dataset.version) >= v", arg=midway["version"])
    expect(page.locator("#t-status")).not_to_have_text("finished")  # a table is done, the tournament goes on
    play_my_tables(stack, t["id"], ann, rng)
    expect(page.locator("#t-status")).to_have_text("finished", timeout=120_000)
    final = c.get(f"/tournaments/{t['id']}").json()
    expect(page.locator(".t-body")).to_have_attribute("data-version", str(final["version"]))
    page.screenshot(path=str(shots / "tournament-projector.png"))
    updates = page.evaluate("window.caravanTournamentUpdates")
    assert updates >= 2  # redrawn as tables finished, not only at the end
    assert len(fragments) <= updates  # a fetch only for a tournament event: no polling
    page.click("#projector-link")
    expect(page.locator("body.projector")).to_have_count(0)
    expect(page.locator("li.table.status-finished")).to_have_count(3)
    expect(page.locator("li.table.status-active")).to_have_count(0)
    names = page.locator(".standings td.entrant").all_inner_texts()
    assert [n.split(" (")[0] for n in names] == [s["name"] for s in final["standings"]]
    page.locator("li.table a").first.click()
    expect(page.locator("#board svg")).to_be_visible()


def test_the_replay_badge_names_the_first_bad_version_of_a_tampered_log(stack, page):
    import json

    import redis

    c = stack.client()
    game_id = c.post("/games", json={"type": "yangtze", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    wait_until_finished(c, game_id)
    r = redis.Redis.from_url(stack.redis_url)
    key = f"caravan:{{{game_id}}}:events"
    entries = r.xrange(key)
    r.delete(key)
    for entry_id, fields in entries:  # someone edits who made the move at version 4, leaving the hashes
        e = json.loads(fields[b"e"])
        if e["version"] == 4:
            e["actor"] = "chance" if e["actor"] != "chance" else 0
        r.xadd(key, {"e": json.dumps(e)}, id=entry_id)
    page.goto(f"/games/{game_id}/replay?at=2")
    badge = page.locator("#verify")
    expect(badge).to_have_attribute("data-ok", "no")
    expect(badge).to_contain_text("fails at version 4")
    badge.get_by_role("link", name="go there").click()
    expect(page).to_have_url(f"{stack.url}/games/{game_id}/replay?at=4")


def test_a_replays_account_tells_what_happened_up_to_the_step_shown(stack, page):
    """The replay's "What happened" was an empty list at every step: the account was filled in live mode only."""
    c = stack.client()
    game_id = c.post("/games", json={"type": "yangtze", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    last = wait_until_finished(c, game_id)["version"]
    at = last // 2
    page.goto(f"/games/{game_id}/replay?at={at}")
    account = page.locator("#account li")
    expect(account.last).to_have_attribute("data-version", str(at))  # the step shown ends the account
    versions = [int(v) for v in account.evaluate_all("(lis) => lis.map((li) => li.dataset.version)")]
    assert len(versions) >= 5 and versions == list(range(versions[0], at + 1)), versions  # the steps before it, in order
    assert page.locator("#step-text").inner_text().split(". ", 1)[1] in account.last.inner_text()
    page.keyboard.press("ArrowLeft")
    expect(account.last).to_have_attribute("data-version", str(at - 1))  # nothing from after the step shown
    page.keyboard.press("Home")
    expect(account).to_have_count(1)
    expect(account.first).to_have_attribute("data-version", "1")
