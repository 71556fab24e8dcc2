"""`caravan analyse ID > file` writes every move whole (issue 58, confused 6: piped to a file, the moves' words
were cut mid-word, with an ellipsis, to fit 80 or 120 columns nobody was looking at)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.e2e.away_games import QUICK, away_game
from tests.stack import ROOT

pytestmark = pytest.mark.e2e
CARAVAN = str(Path(sys.executable).with_name("caravan"))


def test_analyse_to_a_file_writes_every_move_whole(stack, tmp_path):
    game_id, report = away_game(stack, "kashgar")
    out = tmp_path / "analysis.txt"
    args = [CARAVAN, "analyse", game_id, "--budget", "0", "--iterations", str(QUICK["iterations"]), "--seed", str(QUICK["seed"])]
    with out.open("w") as f:
        done = subprocess.run(args, env={**stack.env, "COLUMNS": "80"}, cwd=ROOT, stdout=f, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    text = out.read_text()
    texts = {t for r in report["rows"] if r["kind"] == "decision" for t in (r["text"], r["best_text"]) if t}
    assert max(len(t) for t in texts) > 40  # (moves long enough to have been cut)
    cut = sorted(t for t in texts if t not in text)
    assert not cut, f"{len(cut)} of {len(texts)} moves' words not whole in the file, e.g. {cut[:3]}"
    assert not [line for line in text.splitlines() if line.rstrip().endswith("…") and not line.startswith("engine")]
