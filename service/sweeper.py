"""The sweeper as a process of its own (`python -m service.sweeper`; `caravan up` and compose.yaml run
one): it re-enqueues games left waiting on a lost job and enqueues the timeout of every late clock, so
neither depends on a worker being alive. (Each worker keeps a sweeper thread too: sweeping twice is
harmless, a game's job id is fixed and a clock's timeout is leased.) Its heartbeat key says when it last
swept, for health checks."""

from __future__ import annotations

import logging
import signal
import threading
import time

from redis.exceptions import RedisError

from events import keys
from events.connect import connect_sync
from service.jobs import queue_for
from service.settings import Settings, settings
from service.worker import expired_clocks, sweep_once

log = logging.getLogger("caravan.sweeper")
HEARTBEAT = f"{keys.PREFIX}:sweeper:heartbeat"  # unix time of the last sweep (expires after HEARTBEAT_TTL)
HEARTBEAT_TTL = 30


def run(cfg: Settings, stop: threading.Event, every: float = 1.0) -> None:
    conn, queue = connect_sync(cfg.redis_url, cfg.cluster), queue_for(cfg)
    while not stop.wait(every):
        try:
            for game_id in sweep_once(conn, queue, cfg):
                log.info("resumed game %s", game_id, extra={"game": game_id})
            expired_clocks(conn, queue)
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
