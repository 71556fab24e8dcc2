"""The worker process: an RQ SimpleWorker (no fork per job: ~6 ms enqueue → result) serving the fast
queue first (chance, clocks, tournaments), then the live one (AI moves in games with people), the slow one
(AI moves in games of AIs only) and the analysis one (service/jobs.py). With `--fast`, the fast queue
only, so chance and clocks never wait for a search to end; with `--live`, the fast and live queues only,
so an AI move a person waits for never waits behind an all-AI game's search or an analysis job. It runs
the sweeper (service/sweeper.py) in a thread too."""

from __future__ import annotations

import argparse
import threading

from rq import SimpleWorker

from events.connect import connect_sync
from service.jobs import analysis_queue_for, fast_queue_for, live_queue_for, queue_for
from service.settings import Settings, settings
from service.sweeper import run as sweep


def queues(cfg: Settings, fast_only: bool = False, live_only: bool = False) -> list:
    """The queues a worker serves, in the order it serves them."""
    fast = fast_queue_for(cfg)
    if fast_only:
        return [fast]
    live = live_queue_for(cfg, fast.connection)
    if live_only:
        return [fast, live]
    return [fast, live, queue_for(cfg), analysis_queue_for(cfg, fast.connection)]


def run_worker(cfg: Settings | None = None, burst: bool = False, fast_only: bool = False,
               live_only: bool = False) -> None:
    cfg = cfg or settings()
    conn = connect_sync(cfg.queue_url)
    stop = threading.Event()
    worker = SimpleWorker(queues(cfg, fast_only, live_only), connection=conn)
    # its sweeper thread also says every second that this worker is alive: a job it started and lost with
    # it (kill -9) is then resumed by any sweeper within seconds (service/sweeper.running)
    thread = threading.Thread(target=sweep, args=(cfg, stop, 1.0, False, worker.name), daemon=True, name="sweeper")
    thread.start()
    try:
        worker.work(burst=burst, with_scheduler=False, logging_level="WARNING")
    finally:
        stop.set()


def main(argv: list[str] | None = None) -> None:
    from service.logs import configure

    parser = argparse.ArgumentParser(prog="python -m service.worker")
    parser.add_argument("--fast", action="store_true", help="serve the fast queue only (chance, clocks, tournaments)")
    parser.add_argument("--live", action="store_true", help="serve the fast queue and AI moves in games with "
                                                            "people only (never all-AI games, never analysis)")
    args = parser.parse_args(argv)
    configure()  # job failures as JSON lines with their traceback and job id
    run_worker(fast_only=args.fast, live_only=args.live)


if __name__ == "__main__":
    main()
