"""A job a worker took from its queue and never started is lost, and the sweeper resumes its game.

bench/bench_chaos.py (10 min of kill -9 under `caravan up`) left two games with a person in them standing
still for good, the AI to move: the game's job said "queued" but was in no queue, a worker having taken it
and died (or the store killed) before marking it started. One was in no list at all, the other in the
started-job registry, its status still "queued". The sweeper counted any queued job as alive, so it never
resumed either game. Each case is made here as the kill left it, on a game waiting for its first chance
draw, with no worker running; then a worker (and its sweeper thread) is started."""

from __future__ import annotations

import time

import pytest
from rq import Queue
from rq.job import Job, JobStatus

from events.connect import connect_sync
from tests.e2e.helpers import wait_until_finished
from tests.stack import Stack

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def bare(redis_url, tmp_path_factory):
    s = Stack(redis_url, tmp_path_factory.mktemp("lost-job")).start(workers=0)
    yield s
    s.stop()


def taken_and_dropped(job: Job, where: str) -> None:
    """Leave `job` as a worker killed after taking it leaves it: out of its queue, status still "queued"."""
    queue = Queue(job.origin, connection=job.connection)
    conn = job.connection
    assert conn.lrem(queue.key, 1, job.id) == 1
    if where == "intermediate":  # RQ's dequeue moves it there; the worker died before starting it
        conn.rpush(queue.intermediate_queue_key, job.id)
    elif where == "started registry":  # the store died halfway through the worker's start of it
        conn.zadd(queue.started_job_registry.key, {f"{job.id}:lost": time.time() + 3600})
    assert job.get_status(refresh=True) == JobStatus.QUEUED


@pytest.mark.parametrize("where", ["nowhere", "intermediate", "started registry"])
def test_a_job_taken_by_a_worker_that_died_before_starting_it_is_resumed(bare, where):
    created = bare.client().post("/games", json={"type": "toy", "players": ["ann:ai-random", "bob:ai-random"]})
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    c = bare.client()
    assert c.get(f"/games/{game_id}").json()["version"] == 1  # no worker: it waits for its shuffle
    job = Job.fetch(f"advance-{game_id}-1", connection=connect_sync(bare.redis_url))
    taken_and_dropped(job, where)
    worker = bare.start_worker()
    try:
        t0 = time.monotonic()
        deadline = t0 + 30
        while c.get(f"/games/{game_id}").json()["version"] == 1:
            assert time.monotonic() < deadline, f"the game stood still 30 s with its job lost ({where})"
            time.sleep(0.2)
        print(f"\njob lost ({where}): the game moved again {time.monotonic() - t0:.1f} s after a worker started")
        assert wait_until_finished(c, game_id, timeout=60)["result"] is not None
    finally:
        bare.kill_workers()
        assert worker.poll() is not None
