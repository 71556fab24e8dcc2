"""`caravan up` with the embedded server, driven by the real CLI, as a user on a fresh machine would."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from service.embedded import free_port
from tests.stack import ROOT, wait_for

pytestmark = pytest.mark.e2e
CARAVAN = str(Path(sys.executable).with_name("caravan"))


@pytest.fixture(scope="module")
def up(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("up")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CARAVAN_ARBITER_TOKEN")}
    env.update(CARAVAN_DATA=str(tmp / "data"), CARAVAN_CONFIG=str(tmp / "config"), CARAVAN_URL=f"http://127.0.0.1:{port}",
               CARAVAN_GAME_MODULES="tests.toygame", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([CARAVAN, "up", "--port", str(port)], env=env, cwd=ROOT,
                            stdout=open(tmp / "up.log", "wb"), stderr=subprocess.STDOUT)
    wait_for(f"http://127.0.0.1:{port}/health")

    def cli(*args, check=True, input=None):
        p = subprocess.run([CARAVAN, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=120,
                           input=input)
        if check and p.returncode:
            raise AssertionError(f"caravan {args}: {p.returncode} {p.stderr}")
        return p

    yield cli, proc, tmp
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        proc.wait(15)


def test_an_all_ai_game_plays_to_the_end_through_the_cli(up):
    cli, _, _ = up
    created = json.loads(cli("game", "new", "toy", "--player", "ann:ai-random", "--player", "bob:ai-greedy", "--json").stdout)
    game_id = created["id"]
    events = [json.loads(line) for line in cli("watch", game_id, "--json").stdout.splitlines()]
    assert events[-1]["kind"] == "seed-revealed"
    shown = json.loads(cli("game", "show", game_id, "--json").stdout)
    assert shown["status"] == "finished" and shown["result"]["winners"]
    log = json.loads(cli("log", game_id, "--json").stdout)
    from events.envelope import Envelope, check_chain, secret_salt
    import msgspec

    chain = [msgspec.convert({k: v for k, v in e.items() if k != "redacted"}, Envelope) for e in log]
    seed = chain[-1].payload["seed"]
    assert check_chain(chain, salt_of=lambda v: secret_salt(seed, game_id, v)) is None
    lobby = json.loads(cli("game", "list", "--json").stdout)
    assert isinstance(lobby, list)


def test_a_person_plays_with_numbered_moves(up):
    cli, _, _ = up
    created = json.loads(cli("game", "new", "toy", "--player", "ann", "--player", "bob:ai-random", "--json").stdout)
    game_id = created["id"]
    for _ in range(200):
        g = json.loads(cli("game", "show", game_id, "--as", "0", "--json").stdout)
        if g["status"] == "finished":
            break
        if 0 in g["actors"]:
            listed = json.loads(cli("moves", game_id, "--as", "0", "--json").stdout)
            played = json.loads(cli("play", game_id, "0", "--as", "0", "--json").stdout)
            assert played["version"] > g["version"] and listed
    assert g["status"] == "finished"
    board = cli("game", "show", game_id, "--as", "0").stdout
    assert game_id in board and "ann" in board


def test_a_person_plays_a_whole_game_interactively(up):
    cli, _, _ = up
    created = json.loads(cli("game", "new", "toy", "--player", "ann", "--player", "bob:ai-random", "--json").stdout)
    p = cli("game", "play", created["id"], "--as", "0", "--poll", "0.1", input="0\n" * 20)
    assert "your move" in p.stdout and "bid" in p.stdout and "result:" in p.stdout
    shown = json.loads(cli("game", "show", created["id"], "--json").stdout)
    assert shown["status"] == "finished"


def test_a_4xx_is_a_clear_message_without_a_traceback(up):
    cli, _, _ = up
    p = cli("game", "new", "toy", "--player", "solo", check=False)
    assert p.returncode == 1
    assert p.stderr.startswith("error: invalid:") and "Traceback" not in p.stderr
    p = cli("game", "show", "no-such-game", check=False)
    assert p.returncode == 1 and "not-found" in p.stderr


def test_replay_steps_forward_and_back(up):
    cli, _, _ = up
    created = json.loads(cli("game", "new", "toy", "--player", "ann:ai-random", "--player", "bob:ai-random", "--json").stdout)
    cli("watch", created["id"], "--json")  # until it ends
    states = json.loads(cli("replay", created["id"], "--json", input="g\nn\nn\np\n5\nG\nq\n").stdout)
    assert [s["version"] for s in states[:5]] == [1, 2, 3, 2, 5]
    last = json.loads(cli("game", "show", created["id"], "--json").stdout)["version"]
    assert states[-1]["version"] == last  # G: the last event
    one = json.loads(cli("replay", created["id"], "--at", "3", "--json").stdout)
    assert one["version"] == 3 and one["view"] == states[2]["view"]
    board = cli("replay", created["id"], "--at", "3").stdout
    assert "event 3 of" in board


def test_the_access_log_is_on_one_json_line_per_request(up):
    cli, _, tmp = up
    game_id = json.loads(cli("game", "new", "toy", "--player", "ann", "--player", "bob", "--json").stdout)["id"]
    cli("game", "show", game_id, "--json")
    lines = [json.loads(x) for x in (tmp / "up.log").read_text().splitlines() if x.startswith("{")]
    shown = [x for x in lines if x.get("logger") == "caravan.access" and x["path"] == f"/games/{game_id}"]
    assert shown and shown[-1]["method"] == "GET" and shown[-1]["status"] == 200 and shown[-1]["request_id"]
    assert shown[-1]["ms"] >= 0 and shown[-1]["bytes"] > 0


def test_ctrl_c_stops_the_whole_stack_and_the_log_is_on_disk(up):  # last: it stops the module's stack
    cli, proc, tmp = up
    proc.send_signal(signal.SIGINT)
    assert proc.wait(15) is not None
    assert (tmp / "data" / "appendonlydir").is_dir()
    p = cli("game", "list", check=False)
    assert p.returncode == 5 and "cannot reach" in p.stderr  # exit 5: the server cannot be reached

