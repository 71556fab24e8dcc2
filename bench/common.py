"""Shared by the benchmarks: a fresh server, a table printer, percentiles."""

from __future__ import annotations

import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def fresh_server(durable: bool = True):
    from service.embedded import EmbeddedRedis

    return EmbeddedRedis(Path(tempfile.mkdtemp(prefix="caravan-bench-")), durable=durable).start()


def timed_get(c: Any, path: str, params: dict | None = None) -> float:
    """Seconds one GET of `path` takes on the client `c` (its answer must be 200)."""
    t0 = time.perf_counter()
    r = c.get(path, params=params)
    took = time.perf_counter() - t0
    assert r.status_code == 200, r.text
    return took


def percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def table(title: str, header: list[str], rows: list[list]) -> None:
    cells = [header] + [[f"{c:,.2f}" if isinstance(c, float) else str(c) for c in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    print(f"\n{title}")
    for j, r in enumerate(cells):
        print("  ".join(c.rjust(w) for c, w in zip(r, widths)))
        if j == 0:
            print("  ".join("-" * w for w in widths))


@contextmanager
def running_stack(prefix: str, workers: int = 1, **env: str) -> Iterator[Any]:
    """The real stack (tests/stack.py: an embedded Redis or REDIS_URL, the API over HTTP, `workers` RQ
    workers) in a fresh temporary folder, stopped afterwards; `env`: settings for its processes."""
    from tests.stack import Stack, start_redis

    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    url, server = start_redis(tmp)
    stack = Stack(url, tmp, **env).start(workers=workers)
    try:
        yield stack
    finally:
        stack.stop()
        if server:
            server.stop()
