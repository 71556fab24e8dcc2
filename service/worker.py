"""The worker process: an RQ SimpleWorker (no fork per job: ~6 ms enqueue → result) plus a sweeper
thread that re-enqueues any game left waiting on chance or an AI, e.g. after a worker crashed."""

from __future__ import annotations

import logging
import threading
import time

from redis import Redis as SyncRedis
from rq import Queue, SimpleWorker
from rq.job import Job, JobStatus

from events import keys
from events.connect import connect_sync
from service.clocks import lease_key
from service.jobs import SLICE_SECONDS, enqueue_advance, enqueue_timeout, queue_for
from service.settings import Settings, settings

log = logging.getLogger("caravan.worker")
TIMEOUT_LEASE = 10  # seconds before the sweeper enqueues a late game's timeout job again (a job lost with its worker)
THINK_ALLOWANCE = 5.0  # seconds an AI move may take beyond a job's slice before the job counts as lost


def sweep_once(conn, queue: Queue, cfg: Settings) -> list[str]:
    """Re-enqueue every game that has waited on a worker for longer than `cfg.sweep_after` with no live job.
    `conn` reaches the store, `queue` the RQ server (the same server unless the store is a cluster)."""
    now = time.time()
    resumed = []
    for raw in conn.zrangebyscore(keys.WAITING, "-inf", now - cfg.sweep_after):
        game_id = raw.decode()
        version = int(conn.hget(keys.meta(game_id), "version") or 0)
        job_id = f"advance-{game_id}-{version}"
        try:
            job = Job.fetch(job_id, connection=queue.connection)
            status = job.get_status()
        except Exception:  # noqa: BLE001 - no such job (lost with its worker, or expired)
            job, status = None, None
        if status == JobStatus.QUEUED:
            continue
        if status == JobStatus.STARTED and job.started_at is not None:
            running = now - job.started_at.timestamp()
            if running < cfg.sweep_after + SLICE_SECONDS + THINK_ALLOWANCE:
                continue
        if job is not None:
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


def sweeper(cfg: Settings, stop: threading.Event, every: float = 1.0) -> None:
    conn, queue = connect_sync(cfg.redis_url, cfg.cluster), queue_for(cfg)
    while not stop.wait(every):
        try:
            for game_id in sweep_once(conn, queue, cfg):
                log.info("sweeper resumed game %s", game_id)
            expired_clocks(conn, queue)
        except Exception:  # noqa: BLE001 - the sweeper must outlive a passing Redis hiccup
            log.exception("sweep failed")


def run_worker(cfg: Settings | None = None, burst: bool = False) -> None:
    cfg = cfg or settings()
    conn = SyncRedis.from_url(cfg.queue_url)
    stop = threading.Event()
    thread = threading.Thread(target=sweeper, args=(cfg, stop), daemon=True, name="sweeper")
    thread.start()
    try:
        worker = SimpleWorker([queue_for(cfg)], connection=conn)
        worker.work(burst=burst, with_scheduler=False, logging_level="WARNING")
    finally:
        stop.set()


if __name__ == "__main__":
    from service.logs import configure

    configure()  # job failures as JSON lines with their traceback and job id
    run_worker()
