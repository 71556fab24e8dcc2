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


def test_the_api_of_caravan_up_holds_every_stream_and_slow_body_it_admits_and_more():
    from service.settings import Settings
    from service.stack import children

    cfg = Settings()
    api = next(c for c in children("127.0.0.1", 8000, 1, {}, None) if c.name == "api")
    assert int(api.env["GRANIAN_BACKPRESSURE"]) >= cfg.max_streams + cfg.max_bodies + 256  # granian's default: 1,024
    given = next(c for c in children("127.0.0.1", 8000, 1, {"GRANIAN_BACKPRESSURE": "32"}, None) if c.name == "api")
    assert given.env["GRANIAN_BACKPRESSURE"] == "32"  # an operator's own setting stands
