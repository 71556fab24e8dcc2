"""The six breaks issue 14 reported, each reproduced on the real stack through the CLI's verbs."""

from __future__ import annotations

import json

import pytest

from tests.e2e.helpers import wait_until_finished

pytestmark = pytest.mark.e2e


def two_people(cli, **options):
    game_id = cli.new_game("toy", "ann", "bob", options=options or None)
    return game_id


def wait_for_bids(cli, game_id):
    from tests.e2e.helpers import wait_for_human

    with cli.stack.client() as c:
        return wait_for_human(c, game_id, 0)


# --- 2. play N is pinned to the list it numbers ----------------------------------------------------

def test_moves_prints_the_version_and_json_returns_it(cli):
    game_id = two_people(cli)
    g = wait_for_bids(cli, game_id)
    listed = cli.json("moves", game_id, "--as", "0")
    assert listed["version"] == g["version"]
    assert [m["n"] for m in listed["moves"]] == list(range(len(listed["moves"])))
    assert all(m["move"]["type"] == "bid" and m["text"] for m in listed["moves"])
    assert f"version {g['version']}" in cli("moves", game_id, "--as", "0").stdout


def test_a_move_number_from_a_list_the_game_has_moved_past_is_refused(cli):
    game_id = two_people(cli)
    wait_for_bids(cli, game_id)
    cli("moves", game_id, "--as", "0")
    cli("play", game_id, "0", "--as", "1")  # bob bids: the game moves on
    stale = cli("play", game_id, "0", "--as", "0", code=4)
    assert "stale" in stale.stderr and "caravan moves" in stale.stderr
    assert cli.stack.client().get(f"/games/{game_id}").json()["actors"] == [0]  # nothing was played for ann
    cli("moves", game_id, "--as", "0")
    cli("play", game_id, "0", "--as", "0")  # listed afresh, it lands


def test_a_stale_number_stays_refused_until_the_moves_are_listed_again(cli):
    """Refused once as stale, the same command played number 0 of a list nobody had seen (the refusal dropped the
    saved list); and `--as 0` and `--as ann` kept separate lists, so a list made as one did not pin the other."""
    game_id = two_people(cli)
    wait_for_bids(cli, game_id)
    cli("moves", game_id, "--as", "0")
    cli("play", game_id, "0", "--as", "1")  # bob bids: the game moves on
    cli("play", game_id, "0", "--as", "ann", code=4)  # ann's list, whichever way her seat is named
    again = cli("play", game_id, "0", "--as", "0", code=4)  # and again: still the list she saw, still stale
    assert "caravan moves" in again.stderr
    assert cli.stack.client().get(f"/games/{game_id}").json()["actors"] == [0]  # nothing was played for ann
    listed = cli.json("moves", game_id, "--as", "ann")
    played = cli("play", game_id, "0", "--as", "0").stdout
    assert listed["moves"][0]["text"] in played  # it says what it played


def test_play_with_an_expected_version_the_game_is_not_at_is_stale(cli):
    game_id = two_people(cli)
    g = wait_for_bids(cli, game_id)
    out = cli("play", game_id, "0", "--as", "0", "--expected-version", str(g["version"] - 1), "--json", code=4)
    assert json.loads(out.stdout)["error"] == "version-conflict"


# --- 3. the arbiter and --token ... --as me ---------------------------------------------------------

def test_the_arbiter_enters_the_chance_outcomes_interactively(cli):
    game_id = cli.new_game("toy", "a:ai-random", "b:ai-random", options={"arbiter_chance": True})
    shuffle = json.dumps({"type": "shuffle", "order": list(range(12))})
    out = cli("game", "play", game_id, "--as", "arbiter", "--poll", "0.05", input=shuffle + "\n" + "0\n" * 40)
    assert "result" in out.stdout
    events = cli.json("log", game_id)
    chance = [e for e in events if e["kind"] == "chance"]
    assert chance and {e["actor"] for e in chance} == {"arbiter"}
    assert events[-1]["kind"] == "seed-revealed"


def test_the_arbiter_token_comes_from_the_file_caravan_up_wrote(cli, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "arbiter-token").write_text(cli.stack.arbiter + "\n")
    game_id = cli.new_game("toy", "a:ai-random", "b:ai-random", options={"arbiter_chance": True})
    shown = cli.json("game", "show", game_id, "--as", "arbiter", CARAVAN_ARBITER_TOKEN="")
    assert "seat_views" in shown  # only the arbiter sees every seat's view while the game runs


def test_a_token_given_after_the_subcommand_plays_as_me(cli):
    created = cli.json("game", "new", "toy", "--player", "ann", "--player", "bob:ai-random")
    token = created["seats"][0]["token"]
    out = cli("game", "play", created["id"], "--token", token, "--as", "me", "--poll", "0.05", input="0\n" * 10,
              CARAVAN_CONFIG="/nonexistent/profile.json")
    assert "result" in out.stdout
    assert cli.stack.client().get(f"/games/{created['id']}").json()["status"] == "finished"


# --- 4. bench ai without --json -----------------------------------------------------------------------

def test_bench_ai_prints_its_table_without_json(cli):
    out = cli("bench", "ai", "--game", "toy", "--games", "2", "--budget", "0.01")
    assert "mcts_vs_random" in out.stdout and "games per pairing: 2" in out.stdout


# --- 5. --json errors are one JSON document on stdout ---------------------------------------------

def test_json_errors_go_to_stdout_with_a_nonzero_exit(cli):
    gone = cli("game", "show", "no-such-game", "--json", code=1)
    assert json.loads(gone.stdout)["error"] == "not-found"
    game_id = two_people(cli)
    wait_for_bids(cli, game_id)
    illegal = cli("play", game_id, '{"type": "bid", "card": 99}', "--as", "0", "--json", code=1)
    body = json.loads(illegal.stdout)
    assert body["error"] and body["detail"]
    undo = cli("undo", game_id, "--as", "0", "--json", code=1)  # nothing of ann's to take back
    assert set(json.loads(undo.stdout)) == {"error", "detail"}
    unreachable = cli("game", "list", "--json", code=5, CARAVAN_URL="http://127.0.0.1:9")
    assert json.loads(unreachable.stdout)["error"] == "unreachable"


# --- 6. verify: a cut-short export is incomplete, - reads stdin --------------------------------------

@pytest.fixture
def finished_export(cli, tmp_path):
    game_id = cli.new_game("toy", "a:ai-random", "b:ai-random")
    wait_until_finished(cli.stack.client(), game_id)
    path = tmp_path / "game.jsonl"
    cli("export", game_id, "-o", str(path))
    return path.read_text().splitlines(keepends=True)


def test_verify_calls_an_export_without_its_seed_incomplete(cli, finished_export, tmp_path):
    assert json.loads(finished_export[-1])["kind"] == "seed-revealed"
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(finished_export[:-1]))
    out = cli("verify", str(cut), code=6)
    assert out.stdout.startswith("incomplete") and "seed" in out.stdout
    report = json.loads(cli("verify", str(cut), "--json", code=6).stdout)
    assert report["ok"] is False and report["complete"] is False
    partial = cli("verify", str(cut), "--partial")
    assert partial.stdout.startswith("ok") and "not checked" in partial.stdout


def test_verify_calls_a_head_of_an_export_incomplete(cli, finished_export, tmp_path):
    head = tmp_path / "head.jsonl"
    head.write_text("".join(finished_export[:5]))
    out = cli("verify", str(head), code=6)
    assert "does not finish" in out.stdout
    cli("verify", str(head), "--partial")


def test_verify_dash_reads_standard_input(cli, finished_export):
    out = cli("verify", "-", input="".join(finished_export))
    assert out.stdout.startswith("ok")
    cli("verify", "-", input="".join(finished_export[:-1]), code=6)
