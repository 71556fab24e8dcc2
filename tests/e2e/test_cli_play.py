"""`caravan game play` through a pseudo-terminal (pexpect), as a person plays it: every game to the end
against AI seats, Himalaya's planning with AI seats moving under the prompt and with its clock."""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from pathlib import Path

import pexpect
import pytest

from tests.e2e.helpers import wait_for_status
from tests.stack import ROOT

pytestmark = pytest.mark.e2e
CARAVAN = str(Path(sys.executable).with_name("caravan"))
PROMPT = r"your move \(number"
FAST_AI = "ai-greedy"


def spawn(stack, tmp_path, *args: str) -> pexpect.spawn:
    env = {**stack.env, "COLUMNS": "80", "LINES": "40", "TERM": "xterm"}
    child = pexpect.spawn(CARAVAN, list(args), env=env, cwd=str(ROOT), encoding="utf-8", timeout=60,
                          dimensions=(40, 80))
    child.logfile_read = open(tmp_path / "pty.log", "w")
    return child


def new_game(stack, game_type: str, players: list[str], **options) -> dict:
    with stack.client() as c:
        r = c.post("/games", json={"type": game_type, "players": players, "options": options})
        assert r.status_code == 200 or r.status_code == 201, r.text
        created = r.json()
    from cli.client import ctx, save_tokens

    import os
    os.environ["CARAVAN_CONFIG"] = stack.env["CARAVAN_CONFIG"]
    ctx.url = stack.url
    save_tokens(created["id"], created["seats"])
    return created


def play_to_the_end(child: pexpect.spawn, answer=lambda n: "0", limit: int = 2000) -> tuple[int, str]:
    """Answer every prompt until the process ends; (prompts answered, everything printed)."""
    prompts = 0
    while True:
        i = child.expect([PROMPT, pexpect.EOF], timeout=90)
        if i == 1:
            child.close()
            return prompts, child.before
        prompts += 1
        assert prompts < limit, "the game does not end"
        child.sendline(answer(prompts))


@pytest.mark.parametrize("game_type,players", [
    ("kashgar", ["ann", f"bob:{FAST_AI}"]),
    ("yangtze", ["ann", f"bob:{FAST_AI}", f"cy:{FAST_AI}"]),
    ("bangkok-klongs", ["ann", f"bob:{FAST_AI}"]),
])
def test_a_person_plays_a_whole_game_at_the_terminal(stack, tmp_path, game_type, players):
    created = new_game(stack, game_type, players)
    child = spawn(stack, tmp_path, "game", "play", created["id"], "--as", "ann", "--poll", "0.05")
    prompts, _ = play_to_the_end(child)
    assert child.exitstatus == 0
    assert prompts > 0
    log = (tmp_path / "pty.log").read_text()
    assert "result:" in log and "Traceback" not in log
    assert "None" not in log.replace("None of", "")
    with stack.client() as c:
        assert c.get(f"/games/{created['id']}").json()["status"] == "finished"


def test_himalaya_planning_survives_the_others_moving_and_the_clock(stack, tmp_path):
    created = new_game(stack, "himalaya", ["ann", "bob", f"cy:{FAST_AI}"], planning_time_limit=3)
    game_id = created["id"]
    bob = stack.client(created["seats"][1]["token"])
    stop = threading.Event()

    def play_bob():  # bob plays his first move whenever he has one
        while not stop.is_set():
            moves = bob.get(f"/games/{game_id}/moves")
            if moves.status_code == 200 and moves.json():
                bob.post(f"/games/{game_id}/moves", json={"move": moves.json()[0]})
            time.sleep(0.05)

    child = spawn(stack, tmp_path, "game", "play", game_id, "--as", "0", "--poll", "0.1")
    seen_clock = False
    waited = False

    def answer(n: int) -> str:
        nonlocal waited
        g = bob.get(f"/games/{game_id}").json()
        if g["view"].get("phase") == "planning" and not waited:
            waited = True  # let the clock run out once: it fills the discs and the screen says so
            child.expect("your time ran out", timeout=30)
            child.expect(PROMPT, timeout=60)
        if g["view"].get("phase") == "planning":
            moves = bob.get(f"/games/{game_id}/moves").json()
            if moves:  # the game moves on under ann's prompt
                bob.post(f"/games/{game_id}/moves", json={"move": moves[0]})
        return "0"

    worker = threading.Thread(target=play_bob, daemon=True)
    worker.start()
    try:
        prompts, _ = play_to_the_end(child, answer)
    finally:
        stop.set()
        worker.join(5)
    log = (tmp_path / "pty.log").read_text()
    assert child.exitstatus == 0, log[-2000:]
    assert "version-conflict" not in log and "Traceback" not in log
    assert "your time ran out" in log
    assert "result:" in log


def test_a_narrow_terminal_gets_lines_that_fit_it(stack, tmp_path):
    """The CLI set COLUMNS=120 unless the shell exported it (bash does not), so in a 60-column terminal the
    standings and boards were drawn 120 wide and wrapped into unreadable rows."""
    created = stack.client().post("/tournaments", json={"type": "toy", "players": ["ann:ai-random", "bob:ai-random"]}).json()
    wait_for_status(stack.client(), f"/tournaments/{created['id']}", timeout=120)
    env = {k: v for k, v in stack.env.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(CARAVAN, ["tournament", "show", created["id"]], env={**env, "TERM": "xterm"}, cwd=str(ROOT),
                          encoding="utf-8", timeout=60, dimensions=(40, 60))
    child.expect(pexpect.EOF)
    lines = re.sub(r"\x1b\[[0-9;]*m", "", child.before).replace("\r", "").splitlines()  # (without colours)
    assert any("ann" in line for line in lines)
    assert max(len(line) for line in lines) <= 60, max(lines, key=len)
    header = next(line for line in lines if "points" in line)
    assert "timeouts" not in header and "note" not in header  # columns nobody has anything in are left out


def test_the_l_key_shows_the_whole_log_so_far(stack, tmp_path):
    """`l` (the help: "the log so far") printed the last 12 lines and "… and N earlier (caravan log ID)"."""
    created = new_game(stack, "yangtze", ["ann", f"bob:{FAST_AI}", f"cy:{FAST_AI}"])
    child = spawn(stack, tmp_path, "game", "play", created["id"], "--as", "ann", "--poll", "0.05")
    child.expect(PROMPT, timeout=90)
    with stack.client() as c:
        told = [e for e in c.get(f"/games/{created['id']}/events").json() if e["version"] > 1]
    assert len(told) > 12  # the draws of the river and the goods come before ann's first move
    child.sendline("l")
    child.expect(PROMPT, timeout=30)
    shown = child.before
    child.sendline("q")
    child.expect(pexpect.EOF)
    assert "earlier (caravan log" not in shown
    lines = shown.replace("\r", "").split("the log so far:", 1)[1].splitlines()
    assert sum(line.startswith("  ") and line.strip() != "" for line in lines) > 12, shown  # all of it, not the last 12
