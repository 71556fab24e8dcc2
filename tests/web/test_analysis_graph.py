"""The replay's analysis as the page draws it: end labels apart and marked in their seat's colour, percentages
rounded as the CLI rounds them, the move played told beside the best in the same words, the engine line in
plain words. A real finished game and its real analysis, then the answer the page reads shaped to the case
(two seats ending close together, a win chance of 0.485)."""

from __future__ import annotations

import copy

import pytest
from playwright.sync_api import expect

from cli.analysis import pct
from tests.e2e.helpers import wait_for_status, wait_until_finished

pytestmark = pytest.mark.e2e
QUICK = {"budget": None, "iterations": 6, "seed": 3}
COLOURS = ["#0072B2", "#D55E00"]  # analysis.js's first two


@pytest.fixture
def analysed(stack):
    c = stack.client()
    game_id = c.post("/games", json={"type": "toy", "players": ["ann:ai-random", "bob:ai-random"]}).json()["id"]
    wait_until_finished(c, game_id)
    assert c.post(f"/games/{game_id}/analysis", json=QUICK).status_code in (200, 202)
    return game_id, wait_for_status(c, f"/games/{game_id}/analysis", "done", timeout=240)


def shown(page, game_id: str, report: dict, at: int) -> None:
    """The replay at version `at`, the page reading `report` as the game's analysis."""
    page.route(f"**/games/{game_id}/analysis", lambda route: route.fulfill(json=report))
    page.goto(f"/games/{game_id}/replay?at={at}")
    expect(page.locator("#value-graph")).to_be_visible()


def test_end_labels_of_seats_finishing_close_together_do_not_overlap(stack, page, analysed, shots):
    """Himalaya 2d626cd6425c: "b1" and "me" were drawn over each other, their markers black."""
    game_id, report = analysed
    report = copy.deepcopy(report)
    last = report["version"]
    for s, win in zip(report["seats"], (0.50, 0.51)):
        s["graph"] = [{"version": 1, "win": 0.5, "rank": 1.5}, {"version": last, "win": win, "rank": 2 - win}]
    shown(page, game_id, report, last)
    labels = page.locator("#value-graph text.end-label")
    expect(labels).to_have_count(2)
    a, b = (labels.nth(k).bounding_box() for k in range(2))
    assert a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"], (a, b)
    for k in range(2):
        seat = int(labels.nth(k).locator("xpath=..").get_attribute("data-seat"))
        assert labels.nth(k).locator("tspan").get_attribute("fill") == COLOURS[seat]
    page.locator("#value-graph").screenshot(path=str(shots / "value-graph-close-ends.png"))


def test_the_page_rounds_a_win_chance_as_the_cli_does_and_tells_both_moves(stack, page, analysed):
    """Kashgar v79: 0.485 read 48 % in the CLI and 49 % on the page; the page named the best move only."""
    game_id, report = analysed
    report = copy.deepcopy(report)
    row = next(r for r in report["rows"] if r["kind"] == "decision" and r["class"] != "forced")
    row.update({"win_played": 0.485, "win_best": 0.6447, "loss": 0.1597, "class": "blunder", "matches": False,
                "text": "the move played, in words", "best_text": "the best move, in words"})
    report["engine"].update({"budget": None, "iterations": 50})
    shown(page, game_id, report, row["version"])
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text(f"win chance {pct(0.485)} (the best move: {pct(0.6447)})")
    assert pct(0.485) == "49%"
    expect(verdict).to_contain_text("played: the move played, in words")
    expect(verdict).to_contain_text("best: the best move, in words")
    expect(page.locator("#analysis-engine")).to_contain_text(", at most 50 iterations a decision (no time bound), seed 3")
