"""The CLI finds the server `caravan up` runs on this machine, whatever port it was given (`make up PORT=…`),
and when it cannot reach one it names both ways to point it elsewhere."""

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


def env_for(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CARAVAN_ARBITER_TOKEN", "CARAVAN_URL")}
    env.update(CARAVAN_DATA=str(tmp / "data"), CARAVAN_CONFIG=str(tmp / "config"), PYTHONPATH=str(ROOT))
    return env


def caravan(env, *args):
    return subprocess.run([CARAVAN, *args], env=env, cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_the_cli_talks_to_the_server_caravan_up_started_on_another_port(tmp_path):
    env, port = env_for(tmp_path), free_port()
    up = subprocess.Popen([CARAVAN, "up", "--port", str(port)], env=env, cwd=ROOT,
                          stdout=open(tmp_path / "up.log", "wb"), stderr=subprocess.STDOUT)
    try:
        wait_for(f"http://127.0.0.1:{port}/health")
        out = caravan(env, "game", "types", "--json")  # no --url, no CARAVAN_URL
        assert out.returncode == 0, out.stderr
        assert "kashgar" in {t["id"] for t in json.loads(out.stdout)}
        assert (tmp_path / "data" / "url").read_text().strip() == f"http://127.0.0.1:{port}"
    finally:
        up.send_signal(signal.SIGINT)
        up.wait(30)
    log = (tmp_path / "up.log").read_text()
    assert f"http://127.0.0.1:{port}" in log and "caravan" in log
    assert not (tmp_path / "data" / "url").exists()  # stopped: the data folder names no server


def test_an_unreachable_server_names_url_and_caravan_url(tmp_path):
    env = env_for(tmp_path)
    env["CARAVAN_URL"] = f"http://127.0.0.1:{free_port()}"
    out = caravan(env, "game", "list")
    assert out.returncode == 5
    assert "--url" in out.stderr and "CARAVAN_URL" in out.stderr and "caravan up" in out.stderr
