"""`caravan replay` in a terminal (pexpect) opens a finished game at its first move and says where it is
and which keys move (issue 58, confused 2: it opened at the last event, so `n` did nothing until one
found `g`)."""

from __future__ import annotations

import pexpect
import pytest

from tests.e2e.helpers import wait_until_finished
from tests.e2e.test_cli_play import spawn

pytestmark = pytest.mark.e2e


def test_replay_of_a_finished_game_opens_at_its_first_move(stack, tmp_path):
    with stack.client() as c:
        game_id = c.post("/games", json={"type": "toy", "players": ["ann:ai-random", "bob:ai-random"]}).json()["id"]
        last = wait_until_finished(c, game_id)["version"]
        first = next(e["version"] for e in c.get(f"/games/{game_id}/events").json() if e["kind"] == "move")
    assert first + 1 < last
    child = spawn(stack, tmp_path, "replay", game_id)
    try:
        child.expect(rf"event {first} of {last}:")
        child.expect("first move: n/→ next, p/← back, g first, G last, N Enter jump, q quit")
        child.send("n")
        child.expect(rf"event {first + 1} of {last}:")
        child.expect(rf"event {first + 1}: n/→ next")
        child.send("G")
        child.expect(rf"event {last} of {last}:")
        child.expect("last event: n/→ next")
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
