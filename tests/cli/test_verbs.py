"""Every verb's output and exit code, through Typer's CliRunner, against the real stack."""

from __future__ import annotations

import json
import time

import click
import pytest
import typer

from cli.main import app
from tests.e2e.helpers import wait_for_human, wait_until_finished

pytestmark = pytest.mark.e2e


def finished_ai_game(cli) -> str:
    game_id = cli.new_game("toy", "ann:ai-random", "bob:ai-random")
    wait_until_finished(cli.stack.client(), game_id)
    return game_id


def test_game_new_saves_the_tokens_and_prints_the_next_command(cli, tmp_path):
    out = cli("game", "new", "toy", "--player", "ann", "--player", "bob:ai-random").stdout
    game_id = out.split()[1]
    assert f"next: caravan game play {game_id} --as ann" in out
    profile = json.loads((tmp_path / "profile.json").read_text())  # CARAVAN_CONFIG is the profile file
    assert any(game_id in games for games in profile.values())


def test_game_types_lists_every_type_and_its_options(cli):
    out = cli("game", "types").stdout
    assert "himalaya: Himalaya, 3–6 players" in out and "--option planning_time_limit=" in out
    types = cli.json("game", "types")
    assert {t["id"] for t in types} >= {"kashgar", "yangtze", "bangkok-klongs", "himalaya"}


def test_game_list_validates_its_status(cli):
    finished = finished_ai_game(cli)
    rows = cli.json("game", "list", "--status", "finished")
    assert all(r["status"] == "finished" for r in rows)
    bad = cli("game", "list", "--status", "done", "--json", code=1)
    assert json.loads(bad.stdout)["error"] == "bad-request"
    assert finished in cli("game", "list").stdout or rows  # the lobby follows the projector


def test_game_list_shows_the_newest_games_first_and_a_few_of_them(cli):
    made = [cli.new_game("toy", "ann", "bob") for _ in range(3)]
    deadline = time.monotonic() + 30
    while not set(made) <= {r["id"] for r in cli.json("game", "list", "--limit", "0")} and time.monotonic() < deadline:
        time.sleep(0.2)  # the lobby follows the projector
    ids = [r["id"] for r in cli.json("game", "list", "--limit", "0")]
    assert [i for i in ids if i in made] == made[::-1]  # newest first (it was oldest first)
    out = cli("game", "list", "--limit", "2").stdout.splitlines()
    assert [line.split()[0] for line in out[:2]] == made[:0:-1] and out[2] == f"({len(ids) - 2} older: --limit 0 lists all)"
    assert {r["type"] for r in cli.json("game", "list", "--type", "toy", "--limit", "0")} == {"toy"}
    assert cli("game", "list", "--type", "nope").stdout.strip() == "no games (type nope)"


def test_game_show_draws_the_board_with_whose_turn_by_name(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    out = cli("game", "show", game_id, "--as", "ann").stdout
    assert "to move: you, bob" in out and "← you" in out


def test_as_a_player_name_is_that_seat(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    assert cli.json("game", "show", game_id, "--as", "bob")["you"] == 1
    missing = cli("game", "show", game_id, "--as", "zed", code=1)
    assert "no seat 'zed'" in missing.stderr
    # names at one table never read alike, so a name typed as it reads finds the seat: `--as Bob`, `--as ＢＯＢ`
    assert cli.json("game", "show", game_id, "--as", "Bob")["you"] == 1
    assert cli.json("game", "show", game_id, "--as", "ＢＯＢ")["you"] == 1


def test_the_profile_does_not_depend_on_how_the_url_is_spelled(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    port = cli.stack.url.rsplit(":", 1)[1]
    for url in (f"http://localhost:{port}/", f"http://127.0.0.1:{port}"):
        assert cli.json("game", "show", game_id, "--as", "0", CARAVAN_URL=url)["you"] == 0


def test_moves_and_play_speak_words(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    listed = cli("moves", game_id, "--as", "0").stdout
    assert "version" in listed and "  0  " in listed
    played = cli("play", game_id, "0", "--as", "0").stdout
    first = listed.split("  0  ", 1)[1].splitlines()[0].strip()
    assert played.startswith(f"played: {first} (version "), played  # what was played, in the list's words


def test_log_speaks_words_with_names_and_json_keeps_the_raw_events(cli):
    game_id = finished_ai_game(cli)
    lines = cli("log", game_id).stdout.splitlines()
    assert "the game begins: toy with ann (ai-random), bob (ai-random)" in lines[0]
    assert any("ann:" in line or "bob:" in line for line in lines)
    assert "seed is revealed" in lines[-1]
    assert not any("None" in line for line in lines)
    raw = cli.json("log", game_id)
    assert raw[0]["kind"] == "created" and len(raw) == len(lines)


@pytest.mark.parametrize("game_type,players", [("kashgar", 2), ("yangtze", 3), ("bangkok-klongs", 2), ("himalaya", 3)])
def test_a_real_games_log_has_no_json_or_none_in_its_words(cli, game_type, players):
    game_id = cli.new_game(game_type, *[f"p{i}:ai-random" for i in range(players)])
    wait_until_finished(cli.stack.client(), game_id, timeout=300)
    lines = cli("log", game_id).stdout.splitlines()
    leaks = [line for line in lines if "None" in line or "{" in line or "[" in line]
    assert not leaks, leaks[:5]


def test_watch_follows_to_the_end_in_words_or_json_lines(cli):
    game_id = finished_ai_game(cli)
    words = cli("watch", game_id).stdout.splitlines()
    assert "seed is revealed" in words[-1]
    rows = [json.loads(line) for line in cli("watch", game_id, "--json").stdout.splitlines()]
    assert rows[-1]["kind"] == "seed-revealed" and len(rows) == len(words)


def test_wait_exits_0_on_your_turn_and_3_when_the_game_is_over(cli):
    game_id = cli.new_game("toy", "ann", "bob:ai-random")
    out = cli("wait", game_id, "--as", "ann", code=0)
    assert out.stdout.startswith("your turn")
    over = finished_ai_game(cli)
    assert cli("wait", over, "--as", "arbiter", code=3).stdout.startswith("game over")
    assert cli.json("wait", over, "--as", "arbiter", code=3)["status"] == "finished"


def test_acting_on_a_finished_game_exits_3_the_game_is_over(cli):
    """A move or a resignation on a finished game exited 4 ("stale: the move was numbered at version None")."""
    created = cli.json("game", "new", "toy", "--player", "ann", "--player", "bob:ai-random")
    game_id = created["id"]
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("resign", game_id, "--as", "ann")  # an AI plays ann's part: the game runs to its end
    wait_until_finished(cli.stack.client(), game_id)
    played = cli("play", game_id, '{"type": "bid", "card": 1}', "--as", "ann", code=3)
    assert "game-over" in played.stderr and "stale" not in played.stderr and "None" not in played.stderr
    cli("resign", game_id, "--as", "ann", code=3)
    cli("undo", game_id, "--as", "ann", code=3)


def test_the_log_tells_undos_and_resignations_in_words(cli):
    """The CLI's log read "bob: undo requested (by 1, to 3, needs [0])": field names and seat numbers."""
    game_id = cli.new_game("toy", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("play", game_id, "0", "--as", "bob")
    cli("undo", game_id, "--as", "bob")
    cli("undo", game_id, "--as", "bob", "--withdraw")
    cli("resign", game_id, "--as", "ann")
    told = cli("log", game_id).stdout
    assert "bob asks to take back moves" in told and "bob withdraws the undo" in told and "ann resigns" in told, told
    assert "needs" not in told and "by 1" not in told and "seat" not in told, told


def test_resign_takes_a_token_after_the_subcommand_and_log_from_0_is_a_usage_error(cli):
    """`resign ID --token T` was "No such option: --token" (the README says --token goes before or after any
    subcommand); `log ID --from 0` printed the server's validation error naming `from_`."""
    created = cli.stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob:ai-random"]}).json()
    out = cli.json("resign", created["id"], "--token", created["seats"][0]["token"])
    assert out["id"] == created["id"]
    bad = cli("log", created["id"], "--from", "0", code=2)
    assert "from_" not in bad.stderr and "--from" in bad.stderr, bad.stderr


def test_wait_blocks_until_the_others_have_moved(cli):
    import threading
    import time

    created = cli.json("game", "new", "toy", "--player", "ann", "--player", "bob")
    game_id, bob = created["id"], cli.stack.client(created["seats"][1]["token"])
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("play", game_id, "0", "--as", "ann")  # ann has bid; now she waits for bob

    def bob_bids():
        time.sleep(0.5)
        bob.post(f"/games/{game_id}/moves", json={"move": bob.get(f"/games/{game_id}/moves").json()[0]})

    thread = threading.Thread(target=bob_bids)
    thread.start()
    cli("wait", game_id, "--as", "ann", code=0)
    thread.join()
    assert 0 in cli.stack.client().get(f"/games/{game_id}").json()["actors"]


def test_wait_gives_up_after_its_timeout_on_a_quiet_game(cli):
    """`wait --timeout 3` on a game where the other seat sits idle blocked for ten minutes and more: the timeout
    was looked at only when an event came or the stream reconnected, and keep-alives kept it connected."""
    created = cli.json("game", "new", "toy", "--player", "ann", "--player", "bob")
    game_id = created["id"]
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("play", game_id, "0", "--as", "ann")  # ann has bid; bob never will
    out = cli.stack.cli("--token", created["seats"][0]["token"], "wait", game_id, "--timeout", "3", check=False,
                        timeout=90)
    assert out.returncode == 1 and "did not have to act within 3 s" in out.stderr, (out.returncode, out.stderr)


def test_fork_starts_a_new_game_and_saves_its_tokens(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    out = cli("fork", game_id, "--as", "ann").stdout
    assert "forked from" in out and "next: caravan game play" in out
    new_id = out.split()[1].rstrip(":")
    assert cli.json("game", "show", new_id, "--as", "0")["you"] == 0


def test_undo_answers_in_words_without_lists(cli):
    game_id = cli.new_game("toy", "ann", "bob")
    wait_for_human(cli.stack.client(), game_id, 0)
    cli("play", game_id, "0", "--as", "ann")
    out = cli("undo", game_id, "--as", "ann").stdout
    assert "waiting for bob" in out and "[" not in out
    shown = cli("game", "show", game_id, "--as", "bob").stdout
    assert "ann asks to go back" in shown


def test_replay_at_n_shows_the_event_in_words(cli):
    game_id = finished_ai_game(cli)
    out = cli("replay", game_id, "--at", "1").stdout
    assert "event 1 of" in out and "the game begins" in out
    stepped = cli("replay", game_id, input="g\n12\nq\n").stdout
    assert "event 12 of" in stepped


def test_export_and_verify_round_trip(cli, tmp_path):
    game_id = finished_ai_game(cli)
    cli("export", game_id, "-o", str(tmp_path / "g.jsonl"))
    assert cli("verify", str(tmp_path / "g.jsonl")).stdout.startswith("ok")
    assert cli("verify", str(tmp_path / "missing.jsonl"), code=1).stderr.startswith("error: cannot read")


def test_tournament_verbs(cli):
    t = cli.json("tournament", "new", "toy", "--player", "a:ai-random", "--player", "b:ai-random")
    advanced = cli("tournament", "advance", t["id"]).stdout
    assert t["id"] in advanced and "round" in advanced
    cli("tournament", "run", t["id"], "--poll", "0.1", "--timeout", "120")
    assert cli.json("tournament", "show", t["id"])["status"] == "finished"
    assert any(r["id"] == t["id"] for r in cli.json("tournament", "list"))


# --- help ---------------------------------------------------------------------------------------------

def all_commands(group: click.Group, prefix=()):
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            yield from all_commands(cmd, prefix + (name,))
        else:
            yield prefix + (name,), cmd


def test_every_option_has_a_help_line_and_flags_are_flags(cli):
    root = typer.main.get_command(app)
    for path, cmd in all_commands(root):
        for p in cmd.params:
            if isinstance(p, click.Option):
                assert p.help, f"caravan {' '.join(path)} {p.opts[0]} has no help"
        text = cli(*path, "--help").stdout
        assert "<bool>" not in text and "BOOLEAN" not in text, f"caravan {' '.join(path)} --help"


def test_game_help_lists_play(cli):
    assert " play " in cli("game", "--help").stdout


def test_a_numbered_move_asked_of_a_finished_game_exits_3(cli):
    """It exited 1 with 'move number 0 is not among the 0 legal moves'; the same move as JSON exited 3
    (the game is over), which the README's bot loop (`while caravan wait …`) expects."""
    from tests.e2e.helpers import wait_until_finished

    game_id = cli.new_game("toy", "ann:ai-random", "bob:ai-random")
    wait_until_finished(cli.stack.client(), game_id, timeout=120)
    done = cli("play", game_id, "0", "--as", "arbiter", code=3)
    assert "over" in done.stdout + done.stderr
