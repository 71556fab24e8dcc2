"""A replay with its analysis: each seat's win chance drawn as a graph under the slider, the verdict on
each step beside its description; a finished game without one offers to start it from the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import wait_for_status, wait_until_finished

pytestmark = pytest.mark.e2e
QUICK = {"budget": 0.05, "iterations": 6, "seed": 3}


def test_the_replay_draws_the_value_graph_and_each_steps_verdict(stack, page, shots):
    c = stack.client()
    game_id = c.post("/games", json={"type": "yangtze", "players": ["a:ai-random", "b:ai-greedy"]}).json()["id"]
    wait_until_finished(c, game_id)
    assert c.post(f"/games/{game_id}/analysis", json=QUICK).status_code in (200, 202)
    report = wait_for_status(c, f"/games/{game_id}/analysis", "done", timeout=240)
    judged = [r for r in report["rows"] if r["kind"] == "decision" and r.get("win_played") is not None]
    assert judged
    row = judged[len(judged) // 2]
    page.goto(f"/games/{game_id}/replay?at={row['version']}")
    graph = page.locator("#value-graph")
    expect(graph).to_be_visible()
    expect(graph.locator("g.seat-line")).to_have_count(2)  # a line per seat
    expect(page.locator(".graph-legend li")).to_have_count(2)
    expect(page.locator("#verdict")).to_have_attribute("data-class", row["class"])
    expect(page.locator("#verdict")).to_contain_text(f"win chance {round(row['win_played'] * 100)}%")
    expect(page.locator("#verdict")).to_contain_text(f"from {row['iterations']} search iterations")
    engine = report["engine"]  # what made the verdicts: enough to make them again
    assert engine["code"] and len(engine["code"]) == 16
    expect(page.locator("#analysis-engine")).to_contain_text(
        f"engine ismcts {engine['code']}, 0.05 s a decision, at most 6 iterations, seed 3; game head {report['head'][:16]}")
    meaning = page.locator("#analysis-meaning")  # issue 58: the figures in words, and how sure each one is
    expect(meaning).to_contain_text("Win chance: the mover's chance to win after its move")
    expect(meaning).to_contain_text("Accuracy: the share of what a player's decisions put at stake that its moves kept")
    expect(meaning).to_contain_text("one search of at most 6 search iterations: the fewer, the less sure")
    left = page.evaluate("Math.min(...[...document.querySelectorAll('#value-graph text')].map((t) => t.getBBox().x))")
    assert left >= 0, left  # the axis's "100%" is whole (its "1" was cut at the left edge)
    page.screenshot(path=str(shots / "replay.png"))
    cursor = page.locator("#graph-cursor").get_attribute("x1")
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-at", str(row["version"] + 1))
    assert page.locator("#graph-cursor").get_attribute("x1") != cursor  # the cursor follows the step
    nxt = next((r for r in report["rows"] if r["version"] == row["version"] + 1), None)
    if nxt is None:
        expect(page.locator("#verdict")).to_have_text("")
    else:
        expect(page.locator("#verdict")).to_have_attribute("data-class", nxt.get("class", "chance"))


def test_a_finished_game_without_analysis_offers_to_start_one(stack, page):
    c = stack.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    wait_until_finished(c, game_id)
    page.goto(f"/games/{game_id}/replay")
    expect(page.locator("#analysis")).to_have_attribute("data-status", "none")
    page.click("#analyse")
    expect(page.locator("#analysis")).to_have_attribute("data-status", "done", timeout=120_000)
    expect(page.locator("#value-graph g.seat-line")).to_have_count(2)


def test_a_finished_game_opened_at_an_early_version_still_offers_its_analysis(stack, page):
    """Opened at ?at=N the button was missing: it asked whether the game was finished at the version shown."""
    c = stack.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    wait_until_finished(c, game_id)
    page.goto(f"/games/{game_id}/replay?at=2")
    expect(page.locator("body")).to_have_attribute("data-at", "2")
    expect(page.locator("#analysis")).to_have_attribute("data-status", "none")
    expect(page.locator("#analyse")).to_be_visible()


def test_a_running_game_offers_no_analysis_in_its_replay(stack, page):
    c = stack.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["ann", "b:ai-random"]}).json()["id"]
    page.goto(f"/games/{game_id}/replay?at=1")
    expect(page.locator("body")).to_have_attribute("data-at", "1")
    page.wait_for_timeout(1500)  # the analysis box has asked the API by now
    expect(page.locator("#analyse")).to_have_count(0)
