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


# --- 1. a move number always refers to a list the user was shown ----------------------------------------

def test_a_number_after_a_play_is_refused_until_the_moves_are_listed_again(cli):
    """`moves`, `play 0` (it lands), then a round later `play 0` played number 0 of a list never shown."""
    game_id = people(cli)
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("moves", game_id, "--as", "ann")
    cli("play", game_id, "0", "--as", "ann")
    cli("play", game_id, "0", "--as", "bob")  # bob never listed: the list as it is now (a script's way)
    wait_for_human(cli.stack.client(), game_id, 0)  # the roll is drawn: the next round's bids
    before = version_of(cli, game_id)
    refused = cli("play", game_id, "0", "--as", "ann", code=STALE)
    assert f"caravan moves {game_id} --as ann" in refused.stderr, refused.stderr
    assert version_of(cli, game_id) == before  # nothing was played
    cli("play", game_id, "0", "--as", "ann", code=STALE)  # and again, until listed afresh
    listed = cli.json("moves", game_id, "--as", "ann")
    assert listed["moves"][0]["text"] in cli("play", game_id, "0", "--as", "ann").stdout


def test_a_number_after_a_move_given_as_json_is_refused_too(cli):
    game_id = people(cli)
    wait_for_human(cli.stack.client(), game_id, 0)
    listed = cli.json("moves", game_id, "--as", "ann")
    cli("play", game_id, json.dumps(listed["moves"][0]["move"]), "--as", "ann")
    cli("play", game_id, "0", "--as", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    out = json.loads(cli("play", game_id, "0", "--as", "ann", "--json", code=STALE).stdout)
    assert "list the moves again" in out["detail"]


def test_a_script_that_never_lists_plays_numbers_of_the_list_as_it_is_now(cli):
    """`while caravan wait ID --as 1; do caravan play ID --as 1 0; done` still works."""
    game_id = people(cli)
    for _ in range(2):
        wait_for_human(cli.stack.client(), game_id, 1)
        cli("play", game_id, "0", "--as", "bob")
        cli("play", game_id, "0", "--as", "ann")


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

OFFLINE = {("up",), ("verify",), ("bench", "ai"), ("rules",)}  # rules: read from the game package
# these make, or revoke, this machine's own account token: the profile's, never one given
OWN_CREDENTIAL = {("signup",), ("login",), ("logout",)}


def verbs(group=None, path=()):
    group = group or typer.main.get_command(app)
    for name, sub in group.commands.items():
        if getattr(sub, "commands", None):
            yield from verbs(sub, path + (name,))
        else:
            yield path + (name,), sub


def test_every_verb_that_talks_to_the_server_takes_token_after_the_subcommand():
    missing = [" ".join(p) for p, c in verbs() if p not in OFFLINE | OWN_CREDENTIAL and "--token" not in [o for x in c.params for o in x.opts]]
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


# --- 4. a game waiting for the seats' entropy says so -----------------------------------------------------

def test_a_game_awaiting_entropy_says_so_and_how_to_give_it(cli):
    game_id = people(cli, await_entropy=True)
    hint = f"caravan entropy {game_id} --as ann"
    shown = cli("game", "show", game_id, "--as", "ann").stdout
    assert "waiting for entropy" in shown and hint in shown and "waiting for chance" not in shown, shown
    listed = cli("moves", game_id, "--as", "ann").stdout
    assert "entropy" in listed and hint in listed and "not your turn" not in listed, listed
    waited = cli("wait", game_id, "--as", "ann", "--timeout", "5", code=0)
    assert hint in waited.stdout, waited.stdout
    assert json.loads(cli("wait", game_id, "--as", "ann", "--json").stdout)["waiting_for"] == "entropy"
    cli("entropy", game_id, "--as", "ann", "mine")
    still = cli("wait", game_id, "--as", "ann", "--timeout", "1", code=REFUSED)  # bob's entropy is awaited
    assert "entropy" in still.stderr and "bob" in still.stderr, still.stderr
    cli("entropy", game_id, "--as", "bob", "his")
    assert cli("wait", game_id, "--as", "ann", "--timeout", "30").stdout.startswith("your turn")


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


# --- 6. every hint the CLI prints works when pasted -------------------------------------------------------

def hinted(text: str, verb: str) -> list[list[str]]:
    """The commands `caravan VERB ...` a text suggests, split as a shell would."""
    return [shlex.split(m)[1:] for m in re.findall(rf"caravan {verb} [^()\n;,]*[^()\n;,. ]", text)]


def test_the_undo_hint_on_the_board_works_when_pasted(cli):
    game_id = people(cli)
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("play", game_id, "0", "--as", "ann")
    cli("undo", game_id, "--as", "ann")
    board = cli("game", "show", game_id, "--as", "bob").stdout
    answers = hinted(board, "undo")
    assert answers and all("--as" in a for a in answers), board
    consent = next(a for a in answers if "--consent" in a)
    assert "undone" in cli(*consent).stdout


def test_the_hints_after_a_takeover_work_when_pasted(cli):
    game_id = cli.new_game("himalaya", "ann", "bob:ai-random", "cy:ai-random",
                           options={"no_show": "takeover:1", "absent": "ai-mcts@1"})
    reader = cli.stack.client(cli.stack.arbiter)
    deadline = time.monotonic() + 60
    while not [a for a in reader.get(f"/games/{game_id}").json().get("absent", []) if a["seat"] == 0]:
        assert time.monotonic() < deadline, "ann was never taken over"
        time.sleep(0.1)
    board = cli("game", "show", game_id, "--as", "ann").stdout
    back = hinted(board, "back")
    assert back, board
    said = cli(*back[0]).stdout
    play = hinted(said, "game play")
    assert play, said
    cli(*play[0], "--poll", "0.05", input="q\n")


def test_the_moves_hint_works_with_a_token_given_on_the_command_line(cli):
    created = cli.stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    token = created["seats"][0]["token"]  # not in the profile
    wait_for_human(cli.stack.client(), created["id"], 0)
    listed = cli("moves", created["id"], "--token", token).stdout
    (play,) = hinted(listed, "play")
    cli(*[("0" if a == "N" else a) for a in play])


# --- 7. a number when it is not your turn says whose turn it is -------------------------------------------

def test_a_number_when_it_is_not_your_turn_says_whose_it_is(cli):
    game_id = people(cli)
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("play", game_id, "0", "--as", "ann")
    out = cli("play", game_id, "0", "--as", "ann", code=REFUSED)
    assert "not your turn: waiting for bob" in out.stderr and "legal moves" not in out.stderr, out.stderr
    cli("moves", game_id, "--as", "ann")
    doc = json.loads(cli("play", game_id, "0", "--as", "ann", "--json", code=REFUSED).stdout)
    assert doc["error"] == "not-your-turn" and "waiting for bob" in doc["detail"]


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
