"""A small process supervisor (what `caravan up` runs the stack with): each child in its own process
group, so a child and everything it spawned are signalled and reaped together; a child that dies is
restarted with backoff and the supervisor says so; SIGINT/SIGTERM stop every group, last started first.
Children also get SIGTERM should the supervisor itself die (Linux: PR_SET_PDEATHSIG)."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field

FIRST_DELAY, MAX_DELAY = 0.5, 10.0  # seconds before a restart: doubled after each quick death, up to MAX_DELAY
STABLE = 10.0  # a child that ran this long before dying is restarted after FIRST_DELAY again
GRACE = 5.0  # seconds a stopping group gets between SIGTERM and SIGKILL


def die_with_parent() -> None:
    """In the child, before exec: SIGTERM when the supervisor dies, however it dies (Linux only)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


@dataclass
class Child:
    name: str
    command: list[str]
    env: dict[str, str] | None = None
    ready: Callable[[], bool] | None = None  # polled after a start until true (e.g. the store answers PING)
    proc: subprocess.Popen | None = None
    restarts: int = 0
    delay: float = FIRST_DELAY
    quick_deaths: int = 0  # deaths in a row, each within STABLE seconds of its start
    started_at: float = 0.0
    restart_at: float | None = None  # when a dead child is due to be started again

    def start(self) -> None:
        self.proc = subprocess.Popen(self.command, env=self.env, start_new_session=True, preexec_fn=die_with_parent)
        self.started_at = time.monotonic()
        self.restart_at = None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def exit_code(self) -> int:
        """How it ended (a negative number: the signal); 0 while it runs or before it started."""
        code = self.proc.poll() if self.proc is not None else None
        return code or 0

    def wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while self.ready is not None and not self.ready():
            if not self.alive() or time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def signal_group(self, sig: int) -> None:
        """`sig` to the child's whole process group (its own children too, orphaned or not)."""
        if self.proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, sig)

    def stop(self, grace: float = GRACE) -> None:
        if self.proc is None:
            return
        self.signal_group(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(grace)
        self.signal_group(signal.SIGKILL)  # whatever is left of the group, e.g. a server's worker processes
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(grace)


def how_it_ended(code: int) -> str:
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


@dataclass
class Supervisor:
    children: list[Child]
    say: Callable[[str], None] = print
    stopping: bool = False
    tick: float = 0.1
    on_restart: list[Callable[[Child], None]] = field(default_factory=list)

    def start(self, ready_timeout: float = 30.0) -> None:
        """Start every child in order, each ready before the next (the store before what uses it)."""
        for child in self.children:
            child.start()
            if not child.wait_ready(ready_timeout):
                raise RuntimeError(f"{child.name} did not start ({how_it_ended(child.exit_code())})")
            self.say(f"{child.name}: started (pid {child.pid})")

    def check(self) -> None:
        """One round: notice dead children, restart those whose backoff is over."""
        now = time.monotonic()
        for child in self.children:
            if child.restart_at is None and not child.alive():
                code = child.exit_code()
                child.signal_group(signal.SIGKILL)  # its orphans (a server's workers still holding the port)
                ran = now - child.started_at
                child.quick_deaths = 0 if ran >= STABLE else child.quick_deaths + 1
                child.delay = min(FIRST_DELAY * 2 ** max(child.quick_deaths - 1, 0), MAX_DELAY)
                child.restart_at = now + child.delay
                self.say(f"{child.name}: pid {child.pid} {how_it_ended(code)} after {ran:.1f} s; "
                         f"restarting in {child.delay:.1f} s")
            elif child.restart_at is not None and now >= child.restart_at:
                child.restarts += 1
                child.start()
                self.say(f"{child.name}: restarted (pid {child.pid}, restart {child.restarts})")
                for hook in self.on_restart:
                    hook(child)

    def run(self) -> int:
        """Supervise until SIGINT or SIGTERM; then stop every child, last started first."""
        def stop(*_):
            self.stopping = True

        previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)}
        try:
            while not self.stopping:
                self.check()
                time.sleep(self.tick)
        finally:
            self.stop()
            for s, handler in previous.items():
                signal.signal(s, handler)
        return 0

    def stop(self) -> None:
        self.stopping = True
        for child in reversed(self.children):
            if child.proc is not None:
                child.stop()
        self.say("stopped")
