"""`caravan analyse`, `replay` and `export --analysis` on a game whose person never moved: each move the AI or the
clock made for her says who made it, and none is counted as hers (web audit, findings 4 and 5)."""

from __future__ import annotations

import json

import pytest

from tests.e2e.away_games import QUICK, ann_rows, away_game

pytestmark = pytest.mark.e2e
SAME = ("--budget", "0", "--iterations", str(QUICK["iterations"]), "--seed", str(QUICK["seed"]))


def test_analyse_tells_the_moves_made_for_an_away_person_and_counts_none(cli):
    game_id, report = away_game(cli.stack, "kashgar")
    out = cli("analyse", game_id, *SAME, COLUMNS="300").stdout
    ann = report["seats"][0]
    assert f"ann: not counted: {ann['by_ai']} moves made by the AI for ann" in out
    row = next(r for r in ann_rows(report) if r["by"] == "ai-for-person")
    line = next(l for l in out.splitlines() if l.split()[:1] == [str(row["version"])])
    assert "made by the AI for ann" in line, line
    seat_line = next(l for l in out.splitlines() if l.startswith("ann ") and "%" not in l and "not counted" not in l)
    assert seat_line.split()[1:3] == ["-", "-"], seat_line  # no accuracy, no expected rank: nothing of hers judged


def test_replay_and_export_tell_the_clocks_default_as_the_clocks(cli):
    game_id, report = away_game(cli.stack, "yangtze")
    row = next(r for r in ann_rows(report) if r["class"] != "forced")
    out = cli("replay", game_id, "--at", str(row["version"]), COLUMNS="400").stdout
    line = next(l for l in out.splitlines() if l.startswith(f"event {row['version']} of"))
    assert "| the clock's default for ann: " in line, line
    cli("export", game_id, "--analysis", "-o", str(cli.env["CARAVAN_DATA"]) + ".jsonl")
    lines = open(str(cli.env["CARAVAN_DATA"]) + ".jsonl").read().splitlines()
    section = json.loads(lines[-1])["analysis"]
    told = next(r for r in section["rows"] if r["version"] == row["version"])
    assert told["by"] == "timeout" and told["by_text"] == "the clock's default for ann"
    assert section["seats"][0]["decisions"] == 0
