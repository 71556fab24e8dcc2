"""`caravan replay` of an analysed game on the real stack: a judged move is told as fully as the best move beside
it and from the same viewpoint (the mover named, as a spectator reads it)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.helpers import wait_until_finished

pytestmark = pytest.mark.e2e
SMALL = ("--budget", "0", "--iterations", "4", "--seed", "1")


def analysed(cli, game_type: str, seats: int) -> tuple[str, dict]:
    game_id = cli.new_game(game_type, *[f"p{i}:ai-random" for i in range(seats)])
    wait_until_finished(cli.stack.client(), game_id, timeout=300)
    return game_id, cli.json("analyse", game_id, *SMALL)


def event_line(cli, game_id: str, version: int) -> str:
    out = cli("replay", game_id, "--at", str(version), COLUMNS="400").stdout  # (one line: no wrapping)
    return next(l for l in out.splitlines() if l.startswith(f"event {version} of"))


def test_a_himalaya_disc_is_told_with_its_path_as_the_best_move_is(cli):
    """`caravan replay 2d626cd6425c --at 109` read "me: program the next disc: earth path", the best beside it
    "ice path: village 8 → 7 along P12"."""
    game_id, report = analysed(cli, "himalaya", 3)
    disc = next(r for r in report["rows"] if r["kind"] == "decision" and r["move"].get("type") == "plan-slot"
                and " → " in r["text"])
    line = event_line(cli, game_id, disc["version"])
    assert f"p{disc['seat']}: {disc['text']}" in line, line


def test_a_bangkok_klongs_move_and_its_best_name_the_mover_alike(cli):
    """v135 (web) and v12 (replay): the move played read "goes to me's warehouse", the best "goes to your
    warehouse"."""
    game_id, report = analysed(cli, "bangkok-klongs", 2)
    judged = [r for r in report["rows"] if r["kind"] == "decision" and r["class"] != "forced"]
    owned = [r for r in judged if re.search(r"'s (boat|warehouse|merchant|hand)", r["text"])]
    assert owned
    for r in judged:
        for words in (r["text"], r["best_text"]):
            assert not re.search(r"\byour (boat|warehouse|merchant|hand)\b", words), words
    for r in owned:
        assert f"p{r['seat']}'s" in r["text"]
    row = next((r for r in owned if not r["matches"] and "'s" in r["best_text"]), owned[0])
    line = event_line(cli, game_id, row["version"])
    assert f"p{row['seat']}: {row['text']}" in line and "your" not in line, line
