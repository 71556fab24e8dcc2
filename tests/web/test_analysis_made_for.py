"""The replay of a game whose person never moved: the verdict on a move the AI or the clock made for her says so,
without her name as its maker; the legend counts none of them as hers, and her line is not drawn through them
(web audit, findings 4 and 5)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.away_games import ann_rows, away_game

pytestmark = pytest.mark.e2e


def test_a_move_the_ai_made_for_an_away_person_is_told_as_the_ais(stack, page):
    """Kashgar 573820908401 ?at=59: '? mistake — ann: win chance 68%', the legend 'ann: accuracy 93.8%'."""
    game_id, report = away_game(stack, "kashgar")
    row = next(r for r in ann_rows(report) if r["by"] == "ai-for-person" and r["class"] != "forced")
    page.goto(f"/games/{game_id}/replay?at={row['version']}")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-by", "ai-for-person")
    expect(verdict).to_contain_text(" — made by the AI for ann: win chance")
    expect(verdict).not_to_contain_text(" — ann:")
    ann = report["seats"][0]
    legend = page.locator(".graph-legend li[data-seat='0']")
    expect(legend).to_contain_text("ann: no decision of ann's own judged (0 inaccuracies, 0 mistakes, 0 blunders)")
    expect(legend).to_contain_text(f"not counted: {ann['by_ai']} move")
    expect(legend).to_contain_text("made by the AI for ann")
    expect(page.locator("#value-graph g.seat-line")).to_have_count(1)  # bob's only: ann chose nothing


def test_a_move_the_clock_made_is_told_as_the_clocks_default(stack, page):
    """Yangtze 4a5e1e0688c3 ?at=15: '?? blunder — ann: win chance 0%' for the clock's 'buy nothing'."""
    game_id, report = away_game(stack, "yangtze")
    row = next(r for r in ann_rows(report) if r["class"] != "forced")
    page.goto(f"/games/{game_id}/replay?at={row['version']}")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-by", "timeout")
    expect(verdict).to_contain_text(" — the clock's default for ann")
    expect(page.locator(".graph-legend li[data-seat='0']")).to_contain_text(
        f"not counted: {report['seats'][0]['by_clock']} moves the clock's default for ann")
    expect(page.locator("#value-graph g.seat-line[data-seat='0']")).to_have_count(0)


def test_an_own_line_is_broken_where_moves_were_made_for_the_seat(stack, page):
    """A seat away for a stretch: its line joins its own moves on each side, never across the stretch."""
    game_id, report = away_game(stack, "kashgar")
    report = {**report, "seats": [dict(s) for s in report["seats"]]}
    made = [r["version"] for r in ann_rows(report) if r["by"] != "person"]
    assert len(made) >= 3
    before, during, after = made[0], made[1], made[2]  # ann's own on either side of a move the AI made for her
    report["rows"] = [{**r, "by": "person", "by_text": None} if r["kind"] == "decision" and r["version"] in (before, after)
                      else r for r in report["rows"]]
    report["seats"][0]["graph"] = [{"version": before, "win": 0.4, "rank": 1.6}, {"version": after, "win": 0.6, "rank": 1.4}]
    assert during > before
    page.route(f"**/games/{game_id}/analysis", lambda route: route.fulfill(json=report))
    page.goto(f"/games/{game_id}/replay?at={after}")
    expect(page.locator("#value-graph g.seat-line[data-seat='0'] polyline")).to_have_count(2)
