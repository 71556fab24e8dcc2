"""Health checks for containers (compose.yaml's `healthcheck`): `python -m service.health ROLE` exits 0
when that role is doing its work, 1 (with why on stderr) when not.

- api: `GET /health` answers 200 (the API reaches the store)
- worker, live-worker, fast-worker: the store answers and an RQ worker of this host (container) is registered
- sweeper: the store answers and the sweeper's heartbeat is at most HEARTBEAT_TTL seconds old
- projector: the store answers (the projector follows the notification streams of it)"""

from __future__ import annotations

import socket
import sys
import urllib.request

from redis import Redis
from redis.exceptions import RedisError

from service.settings import settings

ROLES = ("api", "worker", "live-worker", "fast-worker", "sweeper", "projector")


def check(role: str) -> str | None:
    """None when healthy, else why not."""
    cfg = settings()
    if role == "api":
        port = int(sys.argv[2]) if len(sys.argv) > 2 else 8000
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=3) as r:
                return None if r.status == 200 else f"/health answered {r.status}"
        except OSError as e:
            return f"/health: {e}"
    try:
        worker = role in ("worker", "live-worker", "fast-worker")
        conn = Redis.from_url(cfg.queue_url if worker else cfg.redis_url, socket_timeout=3)
        conn.ping()
        if worker:
            from rq import Worker

            mine = [w for w in Worker.all(connection=conn) if w.hostname == socket.gethostname()]
            return None if mine else "no worker of this host is registered"
        if role == "sweeper":
            from service.sweeper import HEARTBEAT

            return None if conn.exists(HEARTBEAT) else "the sweeper has not swept lately"
        return None
    except RedisError as e:
        return f"the store: {e}"


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in ROLES:
        sys.exit("usage: python -m service.health api [PORT] | worker | live-worker | fast-worker | sweeper | projector")
    why = check(sys.argv[1])
    if why:
        print(why, file=sys.stderr)
    sys.exit(1 if why else 0)
