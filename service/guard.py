"""A process group's guard: `python -m service.guard SECONDS -- COMMAND...` runs COMMAND in the guard's own
process group, passes SIGTERM and SIGINT on to it, and once it was told to stop, kills whatever is left of
the group (every process COMMAND started) when COMMAND has ended or SECONDS have passed, whichever comes
first. A COMMAND that ends by itself ends the guard the same way (its exit code, or its signal).

`caravan up` runs the API under it. Should the supervisor itself be killed (kill -9), nobody is left to
send the group the SIGKILL that follows a stop: each child gets only the SIGTERM the supervisor's death
sends it (PR_SET_PDEATHSIG). The API's server, told to stop, waits for the requests in flight, and a live
stream of a game in play never ends, so without the guard the server, its worker and its read processes
ran on for good."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

from service.supervisor import die_with_parent


def kill_group() -> None:
    """SIGKILL to the guard's whole group (the guard too)."""
    os.killpg(os.getpgid(0), signal.SIGKILL)


def main(argv: list[str]) -> None:
    grace, command = float(argv[0]), argv[argv.index("--") + 1:]
    child = subprocess.Popen(command, preexec_fn=die_with_parent)  # in the guard's group
    told: list[float] = []

    def stop(sig: int, _frame) -> None:
        told.append(time.monotonic())
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(sig)

    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, stop)
    while True:
        try:
            code = child.wait(0.2)
        except subprocess.TimeoutExpired:
            if told and time.monotonic() - told[0] > grace:
                kill_group()
            continue
        if told:
            kill_group()  # its own children that outlived it
        if code < 0:  # it was killed by a signal: so is the guard
            signal.signal(-code, signal.SIG_DFL)
            os.kill(os.getpid(), -code)
        sys.exit(code)


if __name__ == "__main__":
    main(sys.argv[1:])
