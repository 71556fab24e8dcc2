"""A file the CLI cannot write or read, and a --url that is no URL, end in one line and the README's exit code
(1: the input is wrong; 2: usage), never a traceback. Against the real stack."""

from __future__ import annotations

import json

import pytest

from cli.client import REFUSED, USAGE
from tests.cli.conftest import Cli
from tests.e2e.helpers import wait_for_status, wait_until_finished

pytestmark = pytest.mark.e2e


def one_line_error(out, *words: str) -> None:
    assert "Traceback" not in out.stdout + out.stderr, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), out.stderr
    assert all(w in lines[0] for w in words), lines


def test_export_to_a_folder_that_does_not_exist_is_one_line_exit_1(cli, tmp_path):
    """`caravan export ID -o /nonexistent/dir/x.jsonl` ended in a FileNotFoundError traceback."""
    game_id = cli.new_game("toy", "a:ai-random", "b:ai-random")
    wait_until_finished(cli.stack.client(), game_id)
    target = tmp_path / "nonexistent" / "x.jsonl"
    one_line_error(cli("export", game_id, "-o", str(target), code=REFUSED), str(target))
    blocked = tmp_path / "file"
    blocked.write_text("")
    one_line_error(cli("export", game_id, "-o", str(blocked / "x.jsonl"), code=REFUSED))
    one_line_error(cli("export", game_id, "-o", str(tmp_path), code=REFUSED))  # a folder


def test_tournament_export_to_a_folder_that_does_not_exist_is_one_line_exit_1(stack, tmp_path):
    cli = Cli(stack, tmp_path)
    r = stack.client().post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]})
    assert r.status_code == 201, r.text
    tid = r.json()["id"]
    wait_for_status(stack.client(), f"/tournaments/{tid}")
    one_line_error(cli("tournament", "export", tid, "-o", str(tmp_path / "no" / "t.jsonl"), code=REFUSED))


def test_a_profile_that_cannot_be_written_is_one_line_exit_1(stack, tmp_path):
    """The profile `game new` writes its tokens to sits under a file, not a folder: no traceback."""
    (tmp_path / "file").write_text("")
    cli = Cli(stack, tmp_path, CARAVAN_CONFIG=str(tmp_path / "file" / "profile.json"))
    out = cli("game", "new", "toy", "--player", "ann", "--player", "b:ai-random", code=REFUSED)
    one_line_error(out, "profile")


@pytest.mark.parametrize("url", ["http://[::1", "http://127.0.0.1:notaport", "ftp://127.0.0.1:8000", "http://"])
def test_a_url_that_is_no_server_url_is_a_usage_error(cli, url):
    """`caravan --url 'http://[::1' game list` ended in an httpx.InvalidURL traceback, exit 1."""
    out = cli("--url", url, "game", "list", code=USAGE)
    assert "Traceback" not in out.stdout + out.stderr and "--url" in out.stderr, out.stderr
    env = cli("game", "list", code=USAGE, CARAVAN_URL=url)
    assert "Traceback" not in env.stdout + env.stderr, env.stderr


def test_any_file_a_verb_cannot_write_is_one_line_exit_1(stack, tmp_path):
    """`caravan moves` keeps its list beside the profile: a profile under a file ends in one line, not a traceback."""
    r = stack.client().post("/games", json={"type": "toy", "players": ["ann", "b:ai-random"]})
    assert r.status_code == 201, r.text
    game = r.json()
    (tmp_path / "file").write_text("")
    cli = Cli(stack, tmp_path, CARAVAN_CONFIG=str(tmp_path / "file" / "profile.json"))
    out = cli("moves", game["id"], "--token", game["seats"][0]["token"], code=REFUSED)
    one_line_error(out, str(tmp_path / "file"))
    assert json.loads(cli("moves", game["id"], "--token", game["seats"][0]["token"], "--json", code=REFUSED).stdout)["error"]
