"""`caravan game play` while the seat waits: it said nothing when an AI had taken the seat over (the AI's
moves were listed as "you: …"), offered no way back but to out-race the AI, and what was typed while it
waited was played on the next menu, unseen (a Yeti placed on P4 by a key meant for the planning)."""

from __future__ import annotations

import time

import pexpect
import pytest

from tests.e2e.test_cli_play import PROMPT, spawn
from tests.e2e.test_come_back import taken_over

pytestmark = pytest.mark.e2e


def in_profile(stack, game_id, seats):
    import os

    from cli.client import ctx, save_tokens
    os.environ["CARAVAN_CONFIG"] = stack.env["CARAVAN_CONFIG"]
    ctx.url = stack.url
    save_tokens(game_id, seats)


def test_game_play_says_the_seat_is_away_and_back_takes_it(stack, tmp_path):
    game_id, ann = taken_over(stack)
    in_profile(stack, game_id, [{"seat": 0, "name": "ann", "token": ann.headers["Authorization"].split()[1]}])
    child = spawn(stack, tmp_path, "game", "play", game_id, "--as", "ann", "--poll", "0.1")
    child.expect("you are away", timeout=60)
    child.expect("type back", timeout=10)
    child.sendline("back")
    child.expect("your seat is yours again", timeout=30)
    child.expect(PROMPT, timeout=120)  # the next decision is the owner's own
    child.sendline("q")
    child.expect(pexpect.EOF, timeout=30)
    assert not [a for a in ann.get(f"/games/{game_id}").json().get("absent", []) if a["seat"] == 0]


def test_what_is_typed_while_waiting_is_not_played_later(stack, tmp_path):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    in_profile(stack, created["id"], created["seats"])
    bob = stack.client(created["seats"][1]["token"])
    child = spawn(stack, tmp_path, "game", "play", created["id"], "--as", "ann", "--poll", "0.1")
    child.expect(PROMPT, timeout=60)
    child.sendline("0")  # ann bids; now she waits for bob
    child.expect("waiting for bob", timeout=30)
    child.sendline("0")  # typed while waiting: not a bid of the next round
    child.expect("not your turn", timeout=10)
    g = bob.get(f"/games/{created['id']}").json()
    assert bob.post(f"/games/{created['id']}/moves", json={"move": bob.get(f"/games/{created['id']}/moves").json()[0],
                                                           "expected_version": g["version"]}).status_code == 201
    child.expect(PROMPT, timeout=60)  # the next round's menu
    time.sleep(1.0)
    g = bob.get(f"/games/{created['id']}").json()
    if g["status"] == "active":
        assert 0 in g["actors"], g  # ann has not bid in the new round
    child.sendline("q")
    child.expect(pexpect.EOF, timeout=30)
