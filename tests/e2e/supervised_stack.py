"""A `caravan up` of a test's own, and what tests of its supervision read: its children's pids from what
it said, the process tree from /proc, who listens on a port, a move answered by an AI, a stream read to
its end, /health watched through an outage (tests/e2e/test_supervise.py and the tests of stopping)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import httpx

from service.embedded import free_port
from tests.stack import ROOT, wait_for

CARAVAN = str(Path(sys.executable).with_name("caravan"))


class Up:
    def __init__(self, tmp: Path):
        self.tmp, self.port = tmp, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CARAVAN_ARBITER_TOKEN")}
        self.env.update(CARAVAN_DATA=str(tmp / "data"), CARAVAN_CONFIG=str(tmp / "config"), CARAVAN_URL=self.url,
                        CARAVAN_GAME_MODULES="tests.toygame", PYTHONPATH=str(ROOT), CARAVAN_SWEEP_AFTER="1.5",
                        CARAVAN_AI_MAX_BUDGET="60",
                        CARAVAN_STREAM_KEEPALIVE="2")
        self.log = tmp / "up.log"
        self.proc = subprocess.Popen([CARAVAN, "up", "--port", str(self.port)], env=self.env, cwd=ROOT,
                                     stdout=open(self.log, "wb"), stderr=subprocess.STDOUT)
        wait_for(self.url + "/health", timeout=60)

    def said(self) -> str:
        return self.log.read_text(errors="replace")

    def pid(self, name: str) -> int:
        """The child's current pid, as `caravan up` said when it (re)started it."""
        found = re.findall(rf"(?<![\w-]){name}: (?:re)?started \(pid (\d+)", self.said(), re.M)
        assert found, self.said()
        return int(found[-1])

    def supervisor_said(self) -> str:
        """What `caravan up` itself said (its children's JSON log lines left out), and the store's own log's tail."""
        lines = [line for line in self.said().splitlines() if not line.startswith("{")]
        server_log = self.tmp / "data" / "server.log"
        tail = server_log.read_text(errors="replace").splitlines()[-15:] if server_log.exists() else []
        return "\n".join(lines + ["--- the store's log, its end:"] + tail)

    def wait_said(self, pattern: str, timeout: float = 30.0) -> re.Match:
        deadline = time.monotonic() + timeout
        while not (m := re.search(pattern, self.said(), re.M)):
            assert time.monotonic() < deadline, f"never said {pattern!r}:\n{self.supervisor_said()}"
            time.sleep(0.05)
        return m


def children_of(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def tree(pid: int) -> list[int]:
    kids = children_of(pid)
    return [pid] + [p for k in kids for p in tree(k)]


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def a_move_goes_through(u: Up, timeout: float = 60.0) -> float:
    """A new game against an AI: a person's move is accepted and the AI (a worker) answers it. Seconds taken."""
    t0 = time.monotonic()
    deadline = t0 + timeout
    while True:  # the API may still be coming back
        try:
            created = httpx.post(u.url + "/games", json={"type": "toy", "players": ["ann", "bob:ai-random"]}, timeout=5)
            if created.status_code == 201:
                break
            assert created.status_code == 503, created.text
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, "no game could be created"
        time.sleep(0.1)
    game_id, token = created.json()["id"], created.json()["seats"][0]["token"]
    ann = httpx.Client(base_url=u.url, headers={"Authorization": f"Bearer {token}"}, timeout=5)
    moved_at = None
    while time.monotonic() < deadline:
        g = ann.get(f"/games/{game_id}").json()
        if moved_at is not None and g["version"] > moved_at:
            return time.monotonic() - t0  # the AI (or chance, on a worker) answered the person's move
        if moved_at is None and 0 in g["actors"]:
            move = ann.get(f"/games/{game_id}/moves").json()[0]
            r = ann.post(f"/games/{game_id}/moves", json={"move": move})
            assert r.status_code == 201, r.text
            moved_at = r.json()["version"]
        time.sleep(0.05)
    raise AssertionError(f"game {game_id}: no move went through, or no worker answered it")


def read_stream(url: str, out: dict) -> None:
    """Lines of a live stream into out["lines"] until it ends (out["error"] if it breaks)."""
    try:
        with httpx.stream("GET", url, timeout=httpx.Timeout(10, read=10)) as r:
            out["status"] = r.status_code
            for line in r.iter_lines():
                out["lines"].append(line)
    except httpx.HTTPError as e:
        out["error"] = repr(e)


def watch_health(u: Up, until: float) -> list[int]:
    """Status codes of /health polled until `until` (monotonic); -1 when the port did not answer."""
    seen = []
    while time.monotonic() < until:
        try:
            r = httpx.get(u.url + "/health", timeout=2)
            seen.append(r.status_code)
            if r.status_code != 200:
                assert set(r.json()) >= {"error", "detail", "request_id"} and r.headers["retry-after"], r.text
        except httpx.TransportError:
            seen.append(-1)
        time.sleep(0.02)
    return seen


def listening(pid: int, port: int) -> bool:
    """Whether process `pid` holds a listening TCP socket on `port` (from /proc)."""
    try:
        inodes = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
    except OSError:
        return False
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            f = line.split()
            if int(f[1].rsplit(":", 1)[1], 16) == port and f[3] == "0A" and f"socket:[{f[9]}]" in inodes:
                return True
    return False
