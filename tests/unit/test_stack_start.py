"""The test stack cleans up after a start that fails: when the API did not come up (a schema error kept it
from importing), its processes — the API, the worker, the projector — ran on after the test run, orphans
found by `ps` minutes later."""

from __future__ import annotations

import pytest

import tests.stack as stack_module
from tests.stack import Stack


def test_a_stack_whose_api_does_not_come_up_leaves_nothing_running(redis_url, tmp_path, monkeypatch):
    def never(url: str, timeout: float = 30.0) -> None:
        raise RuntimeError(f"{url} did not come up")

    monkeypatch.setattr(stack_module, "wait_for", never)
    s = Stack(redis_url, tmp_path)
    with pytest.raises(RuntimeError):
        s.start(workers=1)
    for p in [s.api, s.projector, *s.workers]:
        assert p is None or p.poll() is not None, p.args
