"""`caravan tournament …` as the audit found it: a cancelled tournament's `run`, `show`, a seed nobody may pick,
a second withdrawal, whose tables `tables` lists, and a spectator following `run`. Against the real stack."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli.client import GAME_OVER, REFUSED, USAGE
from tests.cli.conftest import Cli

pytestmark = pytest.mark.e2e

CARAVAN = str(Path(sys.executable).with_name("caravan"))


def people_tournament(stack, *players: str) -> dict:
    """A tournament made over HTTP (no CLI profile holds its tokens): people's tables wait for them."""
    r = stack.client().post("/tournaments", json={"type": "toy", "players": list(players or ("ann", "bob", "cy:ai-random"))})
    assert r.status_code == 201, r.text
    return r.json()


def token_of(t: dict, name: str) -> str:
    return next(e["token"] for e in t["entrants"] if e["name"] == name)


def cancel(stack, t: dict, reason: str) -> None:
    r = stack.client(t["organiser_token"]).post(f"/tournaments/{t['id']}/cancel", json={"reason": reason})
    assert r.status_code == 200, r.text


def test_run_on_a_cancelled_tournament_says_who_called_it_off_and_exits_3(stack, tmp_path):
    """`run` looped until `finished` only: on a cancelled tournament it printed "n/m games" until its timeout."""
    cli = Cli(stack, tmp_path)
    t = people_tournament(stack)
    cancel(stack, t, "the hall closes")
    out = cli("tournament", "run", t["id"], "--poll", "0.1", "--timeout", "5", code=GAME_OVER)
    assert "cancelled by the organiser after round 1: the hall closes" in out.stdout, out.stdout
    shown = cli.json("tournament", "run", t["id"], "--poll", "0.1", "--timeout", "5", code=GAME_OVER)
    assert shown["status"] == "cancelled" and shown["cancelled"]["reason"] == "the hall closes"


def test_run_started_before_the_cancel_stops_when_it_comes(stack, tmp_path):
    t = people_tournament(stack)
    env = {**stack.env, "CARAVAN_CONFIG": str(tmp_path / "profile.json")}
    run = subprocess.Popen([CARAVAN, "tournament", "run", t["id"], "--poll", "0.1", "--timeout", "20"], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(1.5)  # it is following (people's tables wait for ann and bob)
        assert run.poll() is None, run.communicate()
        cancel(stack, t, "rain")
        out, err = run.communicate(timeout=40)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == GAME_OVER, (run.returncode, out, err)
    assert "cancelled by the organiser after round 1: rain" in out, out


def test_run_help_tells_the_exit_code_of_a_cancelled_tournament(cli):
    text = " ".join(cli("tournament", "run", "--help").stdout.split())
    assert "cancelled" in text and "exit 3" in text, text


def test_show_says_who_cancelled_and_why(stack, tmp_path):
    cli = Cli(stack, tmp_path)
    t = people_tournament(stack)
    cancel(stack, t, "the hall closes")
    assert "cancelled by the organiser after round 1: the hall closes" in cli("tournament", "show", t["id"]).stdout
    quiet = people_tournament(stack)
    cancel(stack, quiet, "")
    assert "cancelled by the organiser after round 1 (no reason given)" in cli("tournament", "show", quiet["id"]).stdout


def test_nobody_picks_a_tournaments_seed_so_new_has_no_seed_option(cli):
    """`tournament new --seed S` was offered and always refused by the server (400 unknown field `seed`)."""
    assert "--seed" not in cli("tournament", "new", "--help").stdout
    out = cli("tournament", "new", "toy", "--player", "a:ai-random", "--player", "b:ai-random", "--seed", "x",
              code=USAGE)
    assert "--seed" in out.stderr


def test_a_second_withdrawal_reads_already_withdrawn_a_refusal(stack, tmp_path):
    """It read "version-conflict" with exit 4 (stale)."""
    cli = Cli(stack, tmp_path)
    t = people_tournament(stack, "ann", "bob", "cy:ai-random", "di:ai-random")
    first = cli.json("tournament", "withdraw", t["id"], "--player", "ann", "--token", t["organiser_token"])
    assert first["withdrawn"] == ["ann"]
    again = cli("tournament", "withdraw", t["id"], "--player", "ann", "--token", t["organiser_token"], code=REFUSED)
    assert "ann has already withdrawn (after round 1)" in again.stderr and "version-conflict" not in again.stderr
    doc = json.loads(cli("tournament", "withdraw", t["id"], "--player", "ann", "--token", token_of(t, "ann"),
                         "--json", code=REFUSED).stdout)
    assert doc["error"] == "already-withdrawn" and "ann" in doc["detail"]


def test_tables_refuses_a_token_that_is_not_the_named_entrants(stack, tmp_path):
    """`tables --as bob --token <ann's>` listed ann's tables as bob's ("you"): the token won silently."""
    cli = Cli(stack, tmp_path)
    t = people_tournament(stack, "ann", "bob", "cy:ai-random", "di:ai-random")  # everyone has a table in round 1
    mixed = cli("tournament", "tables", t["id"], "--as", "bob", "--token", token_of(t, "ann"), code=REFUSED)
    assert "ann" in mixed.stderr and "not bob" in mixed.stderr, mixed.stderr
    assert not (tmp_path / "profile.json").exists()  # nothing of ann's was saved under bob's name
    mine = cli("tournament", "tables", t["id"], "--token", token_of(t, "ann")).stdout
    assert mine.startswith(f"ann's tables in {t['id']}:"), mine
    assert "you are" not in mine and "ann is seat" in mine, mine


def test_tables_does_not_name_a_token_no_table_shows_the_holder_of(stack, tmp_path):
    """ann sits out round 1 (three entrants, tables of two): her token has no table to tell whose it is."""
    cli = Cli(stack, tmp_path)
    t = people_tournament(stack)
    out = cli("tournament", "tables", t["id"], "--as", "bob", "--token", token_of(t, "ann")).stdout
    assert "bob" not in out and "no table" in out, out


def test_a_spectator_follows_run_read_only(stack, tmp_path):
    """`run` without the organiser's token (or the arbiter's) was refused 401 before it followed anything."""
    spectator = Cli(stack, tmp_path, CARAVAN_ARBITER_TOKEN="")
    t = people_tournament(stack, "a:ai-random", "b:ai-random", "c:ai-random")
    out = spectator("tournament", "run", t["id"], "--poll", "0.1", "--timeout", "120")
    assert "read-only" in out.stdout and "cannot advance" in out.stdout, out.stdout
    assert spectator.json("tournament", "show", t["id"])["status"] == "finished"


def test_a_tournaments_time_rules_are_shown(stack, tmp_path):
    """A person forfeited 45 s after being seated with no sign of the rule anywhere: GET /tournaments/{id}
    had no options, and neither `tournament show` nor the page told the clock or the no-show rule."""
    r = stack.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob"],
                                                  "options": {"clock": "fischer:60+5", "no_show": "forfeit:45"}})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    got = stack.client().get(f"/tournaments/{tid}").json()
    assert got["options"]["clock"] == "fischer:60+5" and got["options"]["no_show"] == "forfeit:45"
    shown = stack.cli("tournament", "show", tid).stdout
    assert "clock fischer:60+5" in shown and "no-show: forfeit after 45 s" in shown, shown
    page = stack.client().get(f"/tournaments/{tid}/view").text
    assert "fischer:60+5" in page and "forfeit after 45 s" in page
