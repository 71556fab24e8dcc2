"""A move the seat's player did not choose — made by the AI playing for a person who was away, or the clock's
default when the seat's time ran out — is told as such in the analysis and never counted as the player's:
not in its accuracy, classes, costliest moments or value graph (web audit, findings 4 and 5)."""

from __future__ import annotations

import pytest

from tests.e2e.away_games import ann_rows, away_game

pytestmark = pytest.mark.e2e


def test_the_ais_moves_for_an_away_person_are_told_and_not_counted_as_hers(stack):
    """Kashgar 573820908401: the AI made all 59 of ann's decisions, yet 'ann: accuracy 93.8% (11 inaccuracies,
    4 mistakes…)'."""
    _, report = away_game(stack, "kashgar")
    mine = ann_rows(report)
    assert mine and {r["by"] for r in mine} <= {"ai-for-person", "timeout"}
    assert any(r["by"] == "ai-for-person" for r in mine)
    for r in mine:
        assert r["by_text"] == ("made by the AI for ann" if r["by"] == "ai-for-person" else "the clock's default for ann")
    ann, bob = report["seats"]
    assert ann["decisions"] == 0 and ann["accuracy"] is None and ann["costliest"] == [] and ann["graph"] == []
    assert sum(ann["classes"].values()) == 0 and ann["matches"] == 0
    assert ann["by_ai"] + ann["by_clock"] == len(mine) and ann["by_ai"] > 0
    theirs = [r for r in report["rows"] if r["kind"] == "decision" and r["seat"] == 1]
    assert {r["by"] for r in theirs} == {"ai"} and all(r["by_text"] is None for r in theirs)  # an AI seat's own
    assert bob["decisions"] > 0 and bob["accuracy"] is not None and bob["by_ai"] == bob["by_clock"] == 0


def test_the_clocks_moves_are_told_and_left_out_of_the_seats_graph(stack):
    """Yangtze 4a5e1e0688c3: '?? blunder — ann: win chance 0%' for the clock's 'buy nothing', and her line
    0 → 0.52 → 0 → 0.60 → 0: each default let bob end the game at once by passing (7.2, all-pass)."""
    _, report = away_game(stack, "yangtze")
    mine = ann_rows(report)
    assert mine and {r["by"] for r in mine} == {"timeout"}
    assert {r["by_text"] for r in mine} == {"the clock's default for ann"}
    ann = report["seats"][0]
    assert ann["decisions"] == 0 and ann["graph"] == [] and ann["costliest"] == []
    assert ann["by_clock"] == len(mine) and ann["by_ai"] == 0
