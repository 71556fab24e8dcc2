"""The example bot (examples/bot.py) plays a seat to the end with `caravan wait`, `moves --json`, `play`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.stack import ROOT

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("game_type,options", [("toy", ()), ("toy", ("--option", "await_entropy=true"))])
def test_the_example_bot_plays_a_seat_to_the_end(stack, game_type, options):
    """With await_entropy the game holds its first draw for the seat's entropy: `wait` says so (it blocked
    for ever, then returned at once with no move to play, and the bot spun), the bot adds it and plays on."""
    env = {**stack.env, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    created = stack.cli("game", "new", game_type, "--player", "ann", "--player", "bob:ai-greedy", *options, "--json")
    import json

    game_id = json.loads(created.stdout)["id"]
    bot = subprocess.run([sys.executable, str(ROOT / "examples" / "bot.py"), game_id, "ann"], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert bot.returncode == 0, bot.stderr
    g = stack.client().get(f"/games/{game_id}").json()
    assert g["status"] == "finished"
    events = stack.client().get(f"/games/{game_id}/events").json()
    assert any(e["actor"] == 0 and e["kind"] == "move" for e in events)  # ann's moves were the bot's
