"""The sweeper: it re-enqueues games left waiting on a lost job (or on a thinking slot) and enqueues the
timeout of every late clock, so neither depends on one worker being alive. It runs as a process of its
own (`python -m service.sweeper`; `caravan up` and compose.yaml run one) and as a thread of every worker:
sweeping twice is harmless, a game's job ids are fixed and a clock's timeout is leased. Its heartbeat key
says when it last swept, for health checks."""

from __future__ import annotations

import logging
import signal
import threading
import time

from redis.exceptions import RedisError
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

from events import keys
from events.connect import connect_sync
from service.clocks import lease_key
from service.jobs import SLICE_SECONDS, enqueue_advance, enqueue_timeout, fast_queue_for
from service.settings import Settings, settings

log = logging.getLogger("caravan.sweeper")
HEARTBEAT = f"{keys.PREFIX}:sweeper:heartbeat"  # unix time of the last sweep (expires after HEARTBEAT_TTL)
HEARTBEAT_TTL = 30
TIMEOUT_LEASE = 10  # seconds before the sweeper enqueues a late game's timeout job again (a job lost with its worker)
THINK_ALLOWANCE = 5.0  # seconds a job may run beyond its slice (or its AI's budget) before it counts as lost
ALIVE_TTL = 5  # seconds a worker's "alive" lasts: it says so every second; a started job whose worker is silent is lost


def alive_key(worker: str) -> str:
    """Set (for ALIVE_TTL s) by the sweeper thread of the worker named `worker`, every sweep."""
    return f"{keys.PREFIX}:worker:{worker}:alive"


def in_its_queue(job: Job) -> bool:
    """Whether a queued job is still in its queue's list (a worker has not taken it)."""
    return job.connection.lpos(Queue(job.origin, connection=job.connection).key, job.id) is not None


def running(job: Job, queue: Queue, allowed: float, cfg: Settings, now: float) -> bool:
    """A job still in its queue, or a started one within its allowance whose worker still says it is alive
    (a worker killed mid-job leaves its job "started" for good: without the second check, a game stood still
    for the whole allowance, the longest AI budget). A job that says "queued" but is in no queue was taken
    by a worker that died before starting it (or the store died while it started it): lost, as the worker
    is. Before, any queued job counted as alive, and its game stood still for good (bench/bench_chaos.py)."""
    status = job.get_status(refresh=False)
    if status == JobStatus.QUEUED:
        if in_its_queue(job):
            return True
        try:
            job.refresh()  # (a live worker may have taken it and be starting it now)
        except NoSuchJobError:
            return False
        status = job.get_status(refresh=False)
    if status != JobStatus.STARTED or job.started_at is None:
        return False
    if now - job.started_at.timestamp() >= cfg.sweep_after + allowed + THINK_ALLOWANCE:
        return False
    return job.worker_name is None or bool(queue.connection.exists(alive_key(job.worker_name)))


def sweep_once(conn, queue: Queue, cfg: Settings) -> list[str]:
    """Re-enqueue every game that has waited on a worker for longer than `cfg.sweep_after` with no live
    job (its `advance` job, on the fast queue, hands it to a `think` job when an AI is to move). `conn`
    reaches the store, `queue` the fast queue's server (the same server unless the store is a cluster)."""
    now = time.time()
    resumed = []
    for raw in conn.zrangebyscore(keys.WAITING, "-inf", now - cfg.sweep_after):
        game_id = raw.decode()
        version = int(conn.hget(keys.meta(game_id), "version") or 0)
        dead, live = [], False
        for kind, allowed in (("advance", SLICE_SECONDS), ("think", cfg.ai_max_budget)):
            try:
                job = Job.fetch(f"{kind}-{game_id}-{version}", connection=queue.connection)
            except NoSuchJobError:
                continue
            if running(job, queue, allowed, cfg, now):
                live = True
            else:
                dead.append(job)
        if live:
            continue
        for job in dead:
            job.delete()
        enqueue_advance(queue, game_id, version)
        resumed.append(game_id)
    return resumed


def expired_clocks(conn, queue: Queue) -> list[str]:
    """Enqueue a timeout job for every game whose acting seats' clock has run out."""
    late = [g.decode() for g in conn.zrangebyscore(keys.TIMERS, "-inf", time.time())]
    for game_id in late:  # once per lease: a job lost with its worker is enqueued again when the lease ends
        if conn.set(lease_key(game_id), "1", nx=True, ex=TIMEOUT_LEASE):
            enqueue_timeout(queue, game_id)
    return late


def run(cfg: Settings, stop: threading.Event, every: float = 1.0, heartbeat: bool = True, worker: str | None = None) -> None:
    """Sweep every `every` seconds until `stop`; `heartbeat`: say so for health checks (the sweeper process,
    not a worker's thread: the sweeper's health is that of the process of its own); `worker`: the name of the
    worker whose thread this is, which each sweep says is alive (`alive_key`)."""
    conn, queue = connect_sync(cfg.redis_url, cfg.cluster), fast_queue_for(cfg)
    while True:
        try:
            if worker is not None:
                queue.connection.set(alive_key(worker), "1", ex=ALIVE_TTL)
        except RedisError as e:
            log.warning("could not say the worker is alive: %s", e)
        if stop.wait(every):
            return
        try:
            for game_id in sweep_once(conn, queue, cfg):
                log.info("resumed game %s", game_id, extra={"game": game_id})
            expired_clocks(conn, queue)
            if heartbeat:
                conn.set(HEARTBEAT, str(time.time()), ex=HEARTBEAT_TTL)
        except RedisError as e:  # the store is down or busy: sweep again when it is back
            log.warning("sweep failed: %s", e)


def main() -> None:
    from service.logs import configure

    configure()
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    run(settings(), stop)


if __name__ == "__main__":
    main()
