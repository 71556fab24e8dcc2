"""`caravan up`: the whole stack in the foreground. The store (embedded unless REDIS_URL is set), the
API (granian), a worker and the projector, each its own process; Ctrl-C stops all of it."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

from service.embedded import EmbeddedRedis, data_dir


def api_command(host: str, port: int, workers: int = 1) -> list[str]:
    return [sys.executable, "-m", "granian", "--interface", "asgi", "--factory", "service.app:app_from_env",
            "--host", host, "--port", str(port), "--workers", str(workers), "--loop", "uvloop",
            "--log-level", "warning"]


def worker_command() -> list[str]:
    return [sys.executable, "-m", "service.worker"]


def projector_command() -> list[str]:
    return [sys.executable, "-m", "service.projector"]


def arbiter_token(directory: Path) -> str:
    """CARAVAN_ARBITER_TOKEN, or one made once and kept (mode 600) beside the data."""
    token = os.environ.get("CARAVAN_ARBITER_TOKEN")
    if token:
        return token
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "arbiter-token"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(24))
        path.chmod(0o600)
    return path.read_text().strip()


def run_stack(host: str = "127.0.0.1", port: int = 8000, workers: int = 1, say=print) -> int:
    env = dict(os.environ)
    store = None
    directory = data_dir()
    if not env.get("REDIS_URL"):
        store = EmbeddedRedis(directory).start()
        env["REDIS_URL"] = store.url
        say(f"store: embedded server on {store.url}, data in {directory}")
    else:
        say(f"store: {env['REDIS_URL']}")
    env["CARAVAN_ARBITER_TOKEN"] = arbiter_token(directory)
    say(f"arbiter token: in {directory / 'arbiter-token'}" if "CARAVAN_ARBITER_TOKEN" not in os.environ
        else "arbiter token: from CARAVAN_ARBITER_TOKEN")
    procs = [subprocess.Popen(api_command(host, port), env=env)]
    procs += [subprocess.Popen(worker_command(), env=env) for _ in range(workers)]
    procs.append(subprocess.Popen(projector_command(), env=env))
    say(f"api: http://{host}:{port}  (OpenAPI at /schema)  workers: {workers}  — Ctrl-C stops all")
    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    try:
        while not stopping:
            if any(p.poll() is not None for p in procs):
                say("a process of the stack exited; stopping the rest")
                break
            time.sleep(0.2)
    except KeyboardInterrupt:
        pass
    finally:
        for p in procs:
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        if store:
            store.stop()
    return 0
