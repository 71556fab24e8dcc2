"""The real stack for end-to-end tests: a Redis-compatible server (the embedded binary on a free port,
or REDIS_URL when set), the API over HTTP (granian), worker and projector processes."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from service.embedded import EmbeddedRedis, free_port
from service.stack import api_command, projector_command, worker_command, worker_commands

ROOT = Path(__file__).resolve().parent.parent
# the suite and the benches create games, tournaments and analyses by the hundred from 127.0.0.1: quotas far
# above that (tests/e2e/test_quotas.py sets low ones on a stack of its own; tests/conftest.py sets these for
# the apps a test runs in-process)
GENEROUS_QUOTAS = {f"CARAVAN_QUOTA_{kind}": "1000000" for kind in ("GAMES", "TOURNAMENTS", "ANALYSES", "ACCOUNTS")}


def wait_for(url: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not come up")


class Stack:
    def __init__(self, redis_url: str, tmp: Path, **extra_env: str):
        self.redis_url = redis_url
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.arbiter = secrets.token_urlsafe(16)
        self.tmp = tmp
        self.env = {
            **GENEROUS_QUOTAS,
            "CARAVAN_STAND_IN_DELAY": "0",  # stand-ins at once, as the suite's games expect (test_stand_in_pace.py: paced)
            **os.environ,
            "REDIS_URL": redis_url,
            "CARAVAN_QUEUE": f"test-{secrets.token_hex(4)}",
            "CARAVAN_ARBITER_TOKEN": self.arbiter,
            "CARAVAN_GAME_MODULES": "tests.toygame",
            "CARAVAN_SWEEP_AFTER": "1.5",
            "CARAVAN_STREAM_KEEPALIVE": "2",
            "CARAVAN_URL": self.url,
            "CARAVAN_CONFIG": str(tmp / "config"),
            "PYTHONPATH": str(ROOT),
            **extra_env,
        }
        self.api: subprocess.Popen | None = None
        self.workers: list[subprocess.Popen] = []
        self.projector: subprocess.Popen | None = None

    def _spawn(self, cmd: list[str]) -> subprocess.Popen:
        log = open(self.tmp / f"{Path(cmd[2] if len(cmd) > 2 else cmd[0]).name}-{len(self.workers)}.log", "ab")
        # each in a process group of its own, so stop() takes what it started too (the API's worker and pool)
        return subprocess.Popen(cmd, env=self.env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)

    def start(self, workers: int = 1) -> "Stack":
        from events.envelope import now

        self.started = now()  # games created from here on are this stack's
        self.api = self._spawn(api_command("127.0.0.1", self.port))
        for _ in range(workers):
            self.start_worker()
        self.projector = self._spawn(projector_command())
        try:
            wait_for(self.url + "/health")
        except BaseException:  # nothing started may outlive a start that failed (the fixture never stops it)
            self.stop()
            raise
        return self

    def start_like_up(self) -> "Stack":
        """The stack with the workers `caravan up` runs (service.stack.worker_commands), no others."""
        self.start(workers=0)
        for _, command in worker_commands():
            self.workers.append(self._spawn(command))
        return self

    def start_worker(self, fast: bool = False) -> subprocess.Popen:
        """A worker (`fast`: one that serves the fast queue only)."""
        p = self._spawn(worker_command(fast))
        self.workers.append(p)
        return p

    def kill_workers(self) -> None:
        """Kill every worker as a machine's death would: with the job's work-horse it forked (its process
        group), which a kill of the worker alone left running, an orphan, long after the test."""
        for p in self.workers:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            p.wait()
        self.workers.clear()

    def stop(self) -> None:
        for p in [self.api, self.projector, *self.workers]:
            if p and p.poll() is None:
                p.terminate()
        for p in [self.api, self.projector, *self.workers]:
            if p:
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    pass
                try:  # whatever of its group is left: nothing outlives the stack
                    os.killpg(p.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
                p.wait(5)

    def client(self, token: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return httpx.Client(base_url=self.url, headers=headers, timeout=30)

    def cli(self, *args: str, check: bool = True, timeout: float = 120) -> subprocess.CompletedProcess:
        exe = Path(sys.executable).with_name("caravan")
        p = subprocess.run([str(exe), *args], env=self.env, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
        if check and p.returncode != 0:
            raise AssertionError(f"caravan {' '.join(args)} exited {p.returncode}: {p.stderr}{p.stdout}")
        return p


def start_redis(tmp: Path) -> tuple[str, EmbeddedRedis | None]:
    url = os.environ.get("REDIS_URL")
    if url:
        return url, None
    server = EmbeddedRedis(tmp / "redis", durable=False).start()
    return server.url, server
