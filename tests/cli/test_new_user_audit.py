"""The CLI's breaks a new user's audit of the README found (/tmp/audit_readme/report.md), each reproduced
on the real stack through the CLI's verbs: a number played from a list nobody was shown, `--as NAME` on a
private fork, `--token` after the subcommand, a game waiting for entropy said as waiting for chance, refusals
that can never succeed exiting 4 ("stale: wait again"), hints that fail when pasted, "not your turn" said as
"not among the 0 legal moves", and `game list --status abandoned`."""

from __future__ import annotations

import json
import re
import shlex
import time

import pytest
import typer.main

from cli.client import GAME_OVER, REFUSED, STALE
from cli.main import app
from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def people(cli, *more: str, **options) -> str:
    return cli.new_game("toy", "ann", "bob", *more, options=options or None)


def version_of(cli, game_id: str) -> int:
    return cli.stack.client(cli.stack.arbiter).get(f"/games/{game_id}").json()["version"]


# --- 2. --as NAME on a private fork ---------------------------------------------------------------------

def test_as_a_name_reads_a_private_fork(cli):
    game_id = cli.new_game("toy", "ann", "bob:ai-random")  # (against an AI: its fork may be analysed while it runs)
    wait_for_human(cli.stack.client(), game_id, 0)
    fork = cli.json("fork", game_id, "--as", "ann")
    assert cli.stack.client().get(f"/games/{fork['id']}").status_code == 401  # private
    mine = next(s for s in fork["seats"] if s.get("token"))
    name = mine["name"]
    assert cli.json("game", "show", fork["id"], "--as", name)["you"] == mine["seat"]
    cli("moves", fork["id"], "--as", name)
    cli("game", "play", fork["id"], "--as", name, "--poll", "0.05", input="q\n")
    cli("analyse", fork["id"], "--as", name, "--budget", "0", "--iterations", "4", "--seed", "1")


# --- 3. --token after the subcommand, on every verb that talks to the server -----------------------------

OFFLINE = {("up",), ("verify",), ("bench", "ai")}


def verbs(group=None, path=()):
    group = group or typer.main.get_command(app)
    for name, sub in group.commands.items():
        if getattr(sub, "commands", None):
            yield from verbs(sub, path + (name,))
        else:
            yield path + (name,), sub


def test_every_verb_that_talks_to_the_server_takes_token_after_the_subcommand():
    missing = [" ".join(p) for p, c in verbs() if p not in OFFLINE and "--token" not in [o for x in c.params for o in x.opts]]
    assert not missing, missing


def test_abandon_and_tournament_verbs_take_the_token_after_the_subcommand(cli):
    game_id = people(cli)
    cli("abandon", game_id, "--token", cli.stack.arbiter, CARAVAN_ARBITER_TOKEN="")  # the token given, none else
    cli("game", "abandon", people(cli), "--token", cli.stack.arbiter, CARAVAN_ARBITER_TOKEN="")
    t = cli.json("tournament", "new", "toy", "--format", "swiss", "--table-size", "2", "--rounds", "1",
                 "--player", "a:ai-random", "--player", "b:ai-random")
    out = cli("tournament", "run", t["id"], "--token", cli.stack.arbiter, "--poll", "0.1", "--timeout", "120")
    assert "following read-only" not in out.stdout + out.stderr
    cli("tournament", "show", t["id"], "--token", cli.stack.arbiter)
    assert '"stream"' in cli("tournament", "export", t["id"], "--token", cli.stack.arbiter).stdout


# --- 5. a refusal a retry can never turn round exits 1, not 4 ("stale") ----------------------------------

def test_entropy_twice_or_too_late_and_back_when_not_away_are_refused_not_stale(cli):
    game_id = people(cli, await_entropy=True)
    cli("entropy", game_id, "--as", "ann", "one")
    again = json.loads(cli("entropy", game_id, "--as", "ann", "two", "--json", code=REFUSED).stdout)
    assert again["error"] == "conflict" and "already" in again["detail"]
    late = people(cli)
    wait_for_human(cli.stack.client(), late, 0)  # the first draw is done
    assert json.loads(cli("entropy", late, "--as", "ann", "--json", code=REFUSED).stdout)["error"] == "conflict"
    back = json.loads(cli("back", late, "--as", "ann", "--json", code=REFUSED).stdout)
    assert back["error"] == "conflict" and "not played by an AI" in back["detail"]


def test_a_stale_version_still_exits_4(cli):
    game_id = people(cli)
    g = wait_for_human(cli.stack.client(), game_id, 0)
    out = cli("play", game_id, "0", "--as", "ann", "--expected-version", str(g["version"] - 1), "--json", code=STALE)
    assert json.loads(out.stdout)["error"] == "version-conflict"


# --- 8. the lobby's abandoned games -----------------------------------------------------------------------

def test_game_list_filters_abandoned_games(cli):
    game_id = people(cli)
    cli("abandon", game_id)
    deadline = time.monotonic() + 30
    while game_id not in {r["id"] for r in cli.json("game", "list", "--status", "abandoned", "--limit", "0")}:
        assert time.monotonic() < deadline, "the abandoned game never showed"
        time.sleep(0.2)
    assert {r["status"] for r in cli.json("game", "list", "--status", "abandoned", "--limit", "0")} == {"abandoned"}


def test_a_finished_game_still_exits_3(cli):
    game_id = cli.new_game("toy", "ann:ai-random", "bob:ai-random")
    wait_until_finished(cli.stack.client(), game_id)
    cli("play", game_id, "0", "--as", "arbiter", code=GAME_OVER)
