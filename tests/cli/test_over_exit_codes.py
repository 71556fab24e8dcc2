"""Exit 3 is "it is over": anything asked of a game that is finished or abandoned, or of a tournament that is
finished or cancelled, that only a running one can do (README, "Exit codes"), and `caravan --help` says so.
Against the real stack."""

from __future__ import annotations

import json

import pytest

from cli.client import GAME_OVER
from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_status, wait_until_finished

pytestmark = pytest.mark.e2e


def tournament(stack, *players: str) -> dict:
    r = stack.client().post("/tournaments", json={"type": "toy", "players": list(players)})
    assert r.status_code == 201, r.text
    return r.json()


def test_back_on_a_finished_game_exits_3(cli):
    game_id = cli.new_game("toy", "ann", "b:ai-random")
    cli("resign", game_id, "--as", "ann")
    wait_until_finished(cli.stack.client(), game_id)
    out = json.loads(cli("back", game_id, "--as", "ann", "--json", code=GAME_OVER).stdout)
    assert out["error"] == "game-over", out


def test_withdrawing_from_or_cancelling_a_finished_tournament_exits_3(stack, tmp_path):
    cli = Cli(stack, tmp_path)
    t = tournament(stack, "a:ai-random", "b:ai-random")
    wait_for_status(stack.client(), f"/tournaments/{t['id']}")
    org = t["organiser_token"]
    out = json.loads(cli("tournament", "withdraw", t["id"], "--player", "a", "--token", org, "--json", code=GAME_OVER).stdout)
    assert out["error"] == "game-over" and "finished" in out["detail"], out
    cli("tournament", "cancel", t["id"], "--token", org, code=GAME_OVER)


def test_cancelling_a_cancelled_tournament_exits_3(stack, tmp_path):
    cli = Cli(stack, tmp_path)
    t = tournament(stack, "ann", "bob")
    cli("tournament", "cancel", t["id"], "--token", t["organiser_token"], "--reason", "rain")
    again = cli("tournament", "cancel", t["id"], "--token", t["organiser_token"], "--reason", "again", code=GAME_OVER)
    assert "cancelled already" in again.stderr, again.stderr
    gone = cli("tournament", "withdraw", t["id"], "--player", "ann", "--token", t["organiser_token"], code=GAME_OVER)
    assert "cancelled" in gone.stderr, gone.stderr


def test_help_says_exit_3_is_a_game_or_tournament_that_is_over(cli):
    text = " ".join(cli("--help").stdout.split())
    assert "3 the game or tournament is over" in text, text
