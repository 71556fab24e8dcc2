"""The containers' health checks (service/health.py, used by compose.yaml) run against the real stack:
each says healthy when its role does its work, and unhealthy (exit 1, with why) when it does not."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
import redis

from service.embedded import free_port
from tests.stack import ROOT

pytestmark = pytest.mark.e2e


def health(stack, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "service.health", *args], env={**stack.env, **env}, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def test_the_api_worker_and_projector_of_the_stack_are_healthy(stack):
    for args in (("api", str(stack.port)), ("worker",), ("projector",)):
        p = health(stack, *args)
        assert p.returncode == 0, (args, p.stderr)


def test_no_api_on_the_port_and_no_store_are_unhealthy(stack):
    p = health(stack, "api", str(free_port()))
    assert p.returncode == 1 and "/health" in p.stderr
    p = health(stack, "projector", REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    assert p.returncode == 1 and "the store" in p.stderr


def test_the_sweeper_is_healthy_while_it_sweeps(stack):
    from service.sweeper import HEARTBEAT

    redis.Redis.from_url(stack.redis_url).delete(HEARTBEAT)
    p = health(stack, "sweeper")
    assert p.returncode == 1 and "swept" in p.stderr
    sweeper = subprocess.Popen([sys.executable, "-m", "service.sweeper"], env=stack.env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while (p := health(stack, "sweeper")).returncode != 0:
            assert time.monotonic() < deadline, p.stderr
            time.sleep(0.5)
    finally:
        sweeper.terminate()
        assert sweeper.wait(10) == 0  # SIGTERM: it stops cleanly
