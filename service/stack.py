"""`caravan up`: the whole stack in the foreground, supervised (service/supervisor.py). The store
(embedded unless REDIS_URL is set), the API (granian), the worker(s), the sweeper and the projector, each
a child in its own process group: one that dies is restarted with backoff, and said so; Ctrl-C or SIGTERM
stops the whole tree. It refuses to start when the port is taken or another `caravan up` holds the data
folder."""

from __future__ import annotations

import fcntl
import os
import secrets
import socket
import sys
from pathlib import Path

import redis

from service.embedded import EmbeddedRedis, data_dir
from service.settings import Settings
from service.supervisor import GRACE, Child, Supervisor


def api_command(host: str, port: int, workers: int = 1) -> list[str]:
    return [sys.executable, "-m", "granian", "--interface", "asgi", "--factory", "service.app:app_from_env",
            "--host", host, "--port", str(port), "--workers", str(workers), "--loop", "uvloop",
            "--log-level", "warning"]


def guarded(command: list[str]) -> list[str]:
    """`command` under its group's guard (service/guard.py): should `caravan up` be killed, what the
    command started is stopped all the same, within the supervisor's grace."""
    return [sys.executable, "-m", "service.guard", str(GRACE), "--", *command]


def worker_command(fast: bool = False, live: bool = False) -> list[str]:
    """A worker: the fast queue first, then the live, slow and analysis ones; `fast`: the fast queue only;
    `live`: the fast queue and AI moves in games with people only (service/worker.py)."""
    return [sys.executable, "-m", "service.worker", *(["--fast"] if fast else []), *(["--live"] if live else [])]


def worker_commands(workers: int = 1) -> list[tuple[str, list[str]]]:
    """The workers `caravan up` runs, by name: `workers` that serve every queue, the live one and the fast one."""
    out = [("worker" if workers == 1 else f"worker-{i + 1}", worker_command()) for i in range(workers)]
    out.append(("live-worker", worker_command(live=True)))  # a person's AI opponent never waits for an
    # all-AI game's search or an analysis job
    out.append(("fast-worker", worker_command(fast=True)))  # chance and clocks never wait for a search
    return out


def sweeper_command() -> list[str]:
    return [sys.executable, "-m", "service.sweeper"]


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


class Refused(Exception):
    """`caravan up` cannot start (the port is taken, the data folder is in use)."""


def port_is_free(host: str, port: int) -> bool:
    """Whether nothing listens on host:port. A plain bind (SO_REUSEADDR, without SO_REUSEPORT) fails
    whenever another socket listens there, whatever options that one set."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
            s.listen()
        except OSError:
            return False
    return True


def hold_data_dir(directory: Path):
    """An exclusive lock on the data folder for as long as this process lives (two embedded servers on
    one append-only file would ruin it). The open lock file; Refused when another process holds it."""
    directory.mkdir(parents=True, exist_ok=True)
    lock = open(directory / "up.lock", "a+")  # noqa: SIM115 (the open file is the lock: held for the process's life)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise Refused(f"another `caravan up` is already running on the data folder {directory} "
                      f"(CARAVAN_DATA=… to use another)") from None
    return lock


def pings(url: str):
    def ready() -> bool:
        try:
            return bool(redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1).ping())
        except redis.RedisError:
            return False
    return ready


def in_flight(cfg: Settings) -> int:
    """Requests granian lets one API process hold at once (its own default: 1,024): room for every event and
    page stream and every slow body the app admits (service/streams.py, service/admission.py), and 512 more
    for everything else, so that /health and moves answer while the bounded ones are all held."""
    return cfg.max_streams + cfg.max_bodies + 512


def children(host: str, port: int, workers: int, env: dict[str, str], store: EmbeddedRedis | None) -> list[Child]:
    out = []
    if store is not None:
        out.append(Child("store", store.command(), ready=pings(store.url)))
    out.append(Child("api", guarded(api_command(host, port)), {"GRANIAN_BACKPRESSURE": str(in_flight(Settings())), **env}))
    out += [Child(name, command, env) for name, command in worker_commands(workers)]
    out += [Child("sweeper", sweeper_command(), env), Child("projector", projector_command(), env)]
    return out


def run_stack(host: str = "127.0.0.1", port: int = 8000, workers: int = 1, access_log: bool = True,
              say=print, complain=None) -> int:
    complain = complain or (lambda m: print(m, file=sys.stderr))
    directory = data_dir()
    env = dict(os.environ)
    env["CARAVAN_ACCESS_LOG"] = "1" if access_log else "0"
    try:
        if not port_is_free(host, port):
            raise Refused(f"port {port} on {host} is already in use (another server? --port/PORT=… to use another)")
        lock = hold_data_dir(directory) if not env.get("REDIS_URL") else None
    except Refused as e:
        complain(f"error: {e}")
        return 1
    store = None
    if not env.get("REDIS_URL"):
        store = EmbeddedRedis(directory)
        env["REDIS_URL"] = store.url
        say(f"store: embedded server on {store.url}, data in {directory}")
    else:
        say(f"store: {env['REDIS_URL']}")
    env["CARAVAN_ARBITER_TOKEN"] = arbiter_token(directory)
    say(f"arbiter token: in {directory / 'arbiter-token'}" if "CARAVAN_ARBITER_TOKEN" not in os.environ
        else "arbiter token: from CARAVAN_ARBITER_TOKEN")
    sup = Supervisor(children(host, port, workers, env, store), say=say)
    try:
        sup.start()
    except RuntimeError as e:
        sup.stop()
        complain(f"error: {e}")
        return 1
    url = here_url(directory, host, port)
    say(f"api: {url}  (OpenAPI at /schema)  workers: {workers} + 1 live + 1 fast  — a child that dies is restarted; "
        f"Ctrl-C stops all")
    say(f"cli: {Path(sys.executable).with_name('caravan')} finds this server by itself (web: {url}/)")
    try:
        return sup.run()
    finally:
        forget_url(directory, url)
        if lock is not None:
            lock.close()


def here_url(directory: Path, host: str, port: int) -> str:
    """The URL a client on this machine reaches the API at, written to the data folder (`url`), where the
    CLI looks when neither --url nor CARAVAN_URL names a server (`make up PORT=…` needs nothing more)."""
    near = "127.0.0.1" if host in ("0.0.0.0", "", "::") else (f"[{host}]" if ":" in host else host)
    url = f"http://{near}:{port}"
    try:
        (directory / "url").write_text(url + "\n")
    except OSError:
        pass  # the CLI then needs --url (its error says so)
    return url


def forget_url(directory: Path, url: str) -> None:
    """Stopped: the data folder no longer names this server (unless another `caravan up` wrote its own)."""
    try:
        if (directory / "url").read_text().strip() == url:
            (directory / "url").unlink()
    except OSError:
        pass
