"""`caravan wait` says the time a seat has: while it waits (what its clock holds) and when its turn comes
(the time left, and what sets the deadline: its clock, the phase's limit or the no-show rule), as the
board words it. It said only "your turn: game X at version N", so a script or a person waiting on it
learnt nothing of a clock running down."""

from __future__ import annotations

import re
import threading
import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def test_wait_says_what_your_clock_holds_while_waiting_and_the_time_left_when_your_turn_comes(cli):
    created = cli.json("game", "new", "kashgar", "--player", "ann", "--player", "bob", "--option", "clock=fischer:120+5")
    game_id, ann = created["id"], cli.stack.client(created["seats"][0]["token"])
    wait_for_human(ann, game_id, 0)

    def ann_moves():  # until it is bob's turn
        time.sleep(1.5)
        while 1 not in (g := ann.get(f"/games/{game_id}").json())["actors"]:
            ann.post(f"/games/{game_id}/moves", json={"move": ann.get(f"/games/{game_id}/moves").json()[0],
                                                       "expected_version": g["version"]})

    thread = threading.Thread(target=ann_moves)
    thread.start()
    out = cli("wait", game_id, "--as", "bob")
    thread.join()
    assert re.search(r"waiting for ann; you have 2:00 on your clock", out.stderr), out.stderr
    assert re.search(rf"^your turn: game {game_id} at version \d+ — (2:00|1:5\d) left on your clock$", out.stdout.strip()), out.stdout
    got = cli.json("wait", game_id, "--as", "bob")
    assert got["your_turn"] and got["due"] == "clock" and 100 < got["time_left"] <= 120, got
    assert abs(got["deadline"] - (time.time() + got["time_left"])) < 5, got


def test_wait_names_the_no_show_deadline(cli):
    game_id = cli.new_game("kashgar", "ann", "bob", options={"clock": "fischer:120+5", "no_show": "forfeit:60"})
    wait_for_human(cli.stack.client(), game_id, 0)
    out = cli("wait", game_id, "--as", "ann").stdout.strip()
    assert re.search(r" — (1:00|[1-5]?\d s) to make a first move \(no-show rule: forfeit\), (2:00|1:5\d) on the clock$", out), out
    got = cli.json("wait", game_id, "--as", "ann")
    assert got["due"] == "no-show" and 0 < got["time_left"] <= 60, got


def test_wait_without_a_clock_says_no_time(cli):
    game_id = cli.new_game("kashgar", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    out = cli("wait", game_id, "--as", "ann")
    assert out.stdout.strip() == f"your turn: game {game_id} at version {cli.json('game', 'show', game_id)['version']}"
    got = cli.json("wait", game_id, "--as", "ann")
    assert got["time_left"] is None and got["due"] is None and got["deadline"] is None, got
