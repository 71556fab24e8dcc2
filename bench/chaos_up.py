"""For bench/bench_chaos.py: `caravan up` in a fresh folder (its children found by what it says, as
tests/e2e/test_supervise.py finds them), a seeded killer that sends SIGKILL to one of its children every
few seconds, and a watch on /health every 100 ms."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.common import ROOT
from service.embedded import free_port

CARAVAN = str(Path(sys.executable).with_name("caravan"))
SPARED = ("projector",)  # not killed: only the lobby follows from it
# Where a line of `caravan up`'s own begins. Not always at the start of a line in its log: a child writes to
# the same file, and a line of a child's traceback written in two pieces can hold one of the supervisor's
# lines between them ("    store: pid 10061 killed by SIGKILL…" after a child's indent).
SAYS = r"(?<![\w-])"


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


class Up:
    """`caravan up` on a free port with its data in `tmp`; what it says goes to tmp/up.log."""

    def __init__(self, tmp: Path, **env: str):
        self.tmp, self.port = tmp, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CARAVAN_ARBITER_TOKEN")}
        self.env.update(CARAVAN_DATA=str(tmp / "data"), CARAVAN_CONFIG=str(tmp / "config"), CARAVAN_URL=self.url,
                        PYTHONPATH=str(ROOT), **env)
        self.log = tmp / "up.log"
        self.proc = subprocess.Popen([CARAVAN, "up", "--port", str(self.port), "--no-access-log"], env=self.env,
                                     cwd=ROOT, stdout=open(self.log, "wb"), stderr=subprocess.STDOUT)
        self.wait_healthy(120)
        self.arbiter = (tmp / "data" / "arbiter-token").read_text().strip()

    def said(self) -> str:
        return self.log.read_text(errors="replace")

    def pid(self, name: str) -> int | None:
        """The child's pid as `caravan up` last said it (re)started it; None before it has."""
        found = re.findall(rf"{SAYS}{name}: (?:re)?started \(pid (\d+)", self.said())
        return int(found[-1]) if found else None

    def children(self) -> list[str]:
        """The names of the children `caravan up` started, in its order (store, api, the workers, …)."""
        return re.findall(rf"{SAYS}([\w-]+): started \(pid \d+", self.said())

    def running(self, name: str) -> int | None:
        """The child's pid when it runs now (not dead and waiting for its restart)."""
        pid = self.pid(name)
        return pid if pid is not None and alive(pid) else None

    def wait_healthy(self, timeout: float) -> float:
        """Seconds until /health says 200 (raises past `timeout`)."""
        t0 = time.monotonic()
        while True:
            try:
                if httpx.get(self.url + "/health", timeout=2).status_code == 200:
                    return time.monotonic() - t0
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() - t0 > timeout:
                raise RuntimeError(f"caravan up not healthy after {timeout} s:\n{self.said()[-3000:]}")
            time.sleep(0.1)

    def wait_all_running(self, timeout: float) -> list[str]:
        """Waits until every child runs; the names of those that still do not after `timeout`."""
        deadline = time.monotonic() + timeout
        while (down := [n for n in self.children() if self.running(n) is None]) and time.monotonic() < deadline:
            time.sleep(0.2)
        return down

    def restarted_after(self, name: str, pid: int) -> bool:
        """Whether `caravan up` said it restarted `name` after the death of `pid`."""
        text = self.said()
        died = re.search(rf"{SAYS}{name}: pid {pid} .*restarting in", text)
        return bool(died) and bool(re.search(rf"{SAYS}{name}: restarted \(pid \d+", text[died.end():]))

    def deaths(self) -> list[tuple[str, int, str]]:
        """Every death `caravan up` said: (child, pid, how it ended)."""
        return [(n, int(p), how) for n, p, how in
                re.findall(rf"{SAYS}([\w-]+): pid (\d+) (.+?) after [\d.]+ s; restarting", self.said())]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@dataclass
class Kill:
    at: float  # seconds since the start of the run
    name: str
    pid: int


@dataclass
class Killer:
    """SIGKILL to a child drawn at random (seeded) among `kinds` every 5 to 20 s; a child drawn while it is down (its
    restart not due yet) is killed once it is back."""

    up: Up
    rng: random.Random
    start: float
    kills: list[Kill] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)
    gap: tuple[float, float] = (5.0, 20.0)
    kinds: tuple[str, ...] = ()  # the children to draw from

    def run(self) -> None:
        while not self.stop.wait(self.rng.uniform(*self.gap)):
            name = self.rng.choice(self.kinds)
            while (pid := self.up.running(name)) is None:
                if self.stop.wait(0.1):
                    return
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                continue
            self.kills.append(Kill(time.monotonic() - self.start, name, pid))
            print(f"  {time.monotonic() - self.start:6.1f} s: kill -9 {name} (pid {pid})", flush=True)

    def unasked(self) -> dict[str, Counter]:
        """The deaths that were not kills of ours (children that died because another did): how each ended
        -> the count by child."""
        killed, out = {(k.name, k.pid) for k in self.kills}, {}
        for n, pid, how in self.up.deaths():
            if (n, pid) not in killed:
                out.setdefault(how, Counter())[n] += 1
        return out

    def survived(self) -> dict[str, tuple[int, int]]:
        """Per child: (kills, kills after which `caravan up` restarted it)."""
        out = {n: (0, 0) for n in self.kinds}
        for k in self.kills:
            n, ok = out[k.name]
            out[k.name] = (n + 1, ok + self.up.restarted_after(k.name, k.pid))
        return out


@dataclass
class HealthWatch:
    """/health every 100 ms: the stretches without a 200, and without any answer at all (the API down)."""

    url: str
    start: float
    stop: threading.Event = field(default_factory=threading.Event)
    codes: Counter = field(default_factory=Counter)  # status code (-1: no answer) -> count
    unhealthy: list[tuple[float, float]] = field(default_factory=list)  # (seconds, began since the start) > 0.5 s
    silent: list[tuple[float, float]] = field(default_factory=list)

    def run(self) -> None:
        last_ok = last_answer = time.monotonic()
        with httpx.Client(timeout=1.0) as c:
            while not self.stop.is_set():
                t0 = time.monotonic()
                try:
                    code = c.get(self.url + "/health").status_code
                except httpx.HTTPError:
                    code = -1
                now = time.monotonic()
                self.codes[code] += 1
                if code != -1:
                    self.note(self.silent, now, last_answer)
                    last_answer = now
                if code == 200:
                    self.note(self.unhealthy, now, last_ok)
                    last_ok = now
                self.stop.wait(max(0.0, 0.1 - (time.monotonic() - t0)))

    def note(self, stretches: list[tuple[float, float]], now: float, since: float) -> None:
        if now - since > 0.5:
            stretches.append((now - since, since - self.start))

    @staticmethod
    def longest(stretches: list[tuple[float, float]]) -> str:
        worst = max(stretches, default=(0.0, 0.0))
        return f"{worst[0]:.1f} s (from {worst[1]:.0f} s)"

    @staticmethod
    def outages(stretches: list[tuple[float, float]], least: float) -> str:
        long = [s for s, _ in stretches if s >= least]
        return f"{len(long)}, {sum(long):.1f} s in all"
