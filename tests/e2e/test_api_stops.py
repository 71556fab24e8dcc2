"""SIGTERM stops the API server and every process it started (its worker and the pool that runs the
expensive reads) within seconds, so a container's stop or `caravan up`'s never has to fall back to
SIGKILL, and nothing is left running behind it. (The pool's processes once outlived the server's
shutdown: the worker waited on them for good, and a test stack's API outlived its tests.)"""

from __future__ import annotations

import time

import pytest

from service.stack import api_command
from tests.e2e.test_supervise import alive, tree
from tests.stack import Stack, wait_for

pytestmark = pytest.mark.e2e
TRIES = 3  # the hang came in about half of the stops


def test_sigterm_stops_the_api_and_its_read_processes(redis_url, tmp_path):
    for attempt in range(TRIES):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        s = Stack(redis_url, folder, CARAVAN_READ_WORKERS="2")
        api = s.api = s._spawn(api_command("127.0.0.1", s.port))
        everything: list[int] = []
        try:
            wait_for(s.url + "/health")
            deadline = time.monotonic() + 30
            # the server, its worker, and its read pool's resource tracker and two processes
            while len(everything := tree(api.pid)) < 5:
                assert time.monotonic() < deadline, everything
                time.sleep(0.1)
            t0 = time.monotonic()
            api.terminate()
            deadline = t0 + 15
            while [p for p in everything if alive(p)]:
                assert time.monotonic() < deadline, (
                    f"stop {attempt + 1}: still running 15 s after SIGTERM: {[p for p in everything if alive(p)]}")
                time.sleep(0.1)
            print(f"\nstop {attempt + 1}: the API and its {len(everything) - 1} processes gone "
                  f"{time.monotonic() - t0:.2f} s after SIGTERM")
        finally:
            s.stop()  # whatever of the server's process group is left
