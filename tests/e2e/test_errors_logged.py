"""Errors do not vanish: on the real stack, a route that fails unexpectedly (a stored key of the wrong type
makes the handler raise) answers 500 with a request id, and the API's log holds the traceback under that
same id — on the Litestar routes and on the fast path for moves alike. A failing worker job is logged
with its traceback and job id. Every answer carries `X-Request-Id`; the tests' stack writes no access log."""

from __future__ import annotations

import json
import secrets
import time

import pytest
import redis

from events import keys

pytestmark = pytest.mark.e2e


def log_lines(path) -> list[dict]:
    out = []
    for line in path.read_text(errors="replace").splitlines():
        if line.startswith("{"):
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def logged(path, request_id: str, timeout: float = 10.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        hits = [r for r in log_lines(path) if r.get("request_id") == request_id]
        if hits or time.monotonic() > deadline:
            assert hits, f"nothing logged under {request_id}: {path.read_text()[-2000:]}"
            return hits[0]
        time.sleep(0.1)


@pytest.fixture
def broken_game(stack):
    """A game id whose stored keys hold the wrong types: every read of it raises in the handler."""
    game_id = f"g-broken-{secrets.token_hex(4)}"
    r = redis.Redis.from_url(stack.redis_url)
    r.set(keys.meta(game_id), "not a hash")
    r.set(keys.secret(game_id), "not a hash")
    yield game_id
    r.delete(keys.meta(game_id), keys.secret(game_id))


def test_a_500_carries_a_request_id_and_the_log_holds_its_traceback(stack, broken_game):
    got = stack.client().get(f"/games/{broken_game}")
    assert got.status_code == 500
    body = got.json()
    assert body["error"] == "internal" and body["request_id"] == got.headers["x-request-id"]
    assert "WRONGTYPE" not in body["detail"]  # what went wrong is in the log, not in the answer
    line = logged(stack.tmp / "granian-0.log", body["request_id"])
    assert line["level"] == "error" and "Traceback" in line["exc"] and "WRONGTYPE" in line["exc"]
    assert line["path"] == f"/games/{broken_game}" and line["method"] == "GET" and line["status"] == 500


def test_the_fast_path_for_moves_logs_its_500_likewise(stack, broken_game):
    got = stack.client("some-token").post(f"/games/{broken_game}/moves", json={"move": {"type": "pass"}})
    assert got.status_code == 500
    body = got.json()
    assert body["request_id"] == got.headers["x-request-id"]
    line = logged(stack.tmp / "granian-0.log", body["request_id"])
    assert "Traceback" in line["exc"] and "WRONGTYPE" in line["exc"] and line["method"] == "POST"


def test_a_callers_request_id_is_kept_and_every_answer_has_one(stack):
    c = stack.client()
    assert c.get("/health", headers={"X-Request-Id": "trace-123"}).headers["x-request-id"] == "trace-123"
    unsafe = c.get("/health", headers={"X-Request-Id": "a b\tc" * 30}).headers["x-request-id"]
    assert unsafe != "a b\tc" * 30 and len(unsafe) == 16
    missing = c.get("/games/no-such-game")
    assert missing.status_code == 404 and missing.headers["x-request-id"]
    assert not any(r.get("logger") == "caravan.access" for r in log_lines(stack.tmp / "granian-0.log"))


def test_a_failing_worker_job_is_logged_with_its_traceback_and_job_id(stack):
    from service.jobs import enqueue_advance, queue_for
    from service.settings import Settings

    game_id = f"g-broken-{secrets.token_hex(4)}"
    r = redis.Redis.from_url(stack.redis_url)
    r.set(keys.meta(game_id), "not a hash")
    try:
        enqueue_advance(queue_for(Settings(redis_url=stack.redis_url, queue_url=stack.redis_url,
                                           queue=stack.env["CARAVAN_QUEUE"])), game_id, 1)
        job_id = f"advance-{game_id}-1"
        deadline = time.monotonic() + 30
        while not [x for x in log_lines(stack.tmp / "service.worker-0.log") if x.get("job_id") == job_id]:
            assert time.monotonic() < deadline, (stack.tmp / "service.worker-0.log").read_text()[-2000:]
            time.sleep(0.2)
        line = [x for x in log_lines(stack.tmp / "service.worker-0.log") if x.get("job_id") == job_id][0]
        assert line["level"] == "error" and "Traceback" in line["msg"] and "WRONGTYPE" in line["msg"]
    finally:
        r.delete(keys.meta(game_id))
