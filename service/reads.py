"""Expensive reads off the event loop: replaying a game to a version (`GET /games/{id}/state?at=N`, a fork),
telling a page of its log in words (`GET /games/{id}/events?words=true`) and verifying its log
(`GET /games/{id}/verify`) fold events through the rules, which is CPU work. They run in a small pool of
processes of their own (threads would still share the API's interpreter lock, and
/health would queue behind them), at most `Settings.read_workers` at once with at most
`Settings.read_waiting` more waiting their turn; past that bound the request is refused with 503 and
`Retry-After`. A process reads the events itself and hands back the folded record as a snapshot (or the
verification's report); the reader's view is then made by the same redaction code as every other read."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from projections.audit import Report
from projections.fold import Folded
from projections.loader import from_snapshot


class Busy(Exception):
    """Every slot for expensive reads is taken: 503 with Retry-After."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


class Reads:
    def __init__(self, redis_url: str, cluster: bool, workers: int, waiting: int):
        self.where = (redis_url, cluster)
        self.workers, self.bound = max(1, workers), max(1, workers) + max(0, waiting)
        self.pool = self._pool()
        self.taken = 0

    def _pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))

    def warm(self) -> None:
        """Start the processes now rather than on the first expensive read."""
        for _ in range(self.workers):
            self.pool.submit(_ready)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` in the pool; Busy when `bound` reads are running or waiting already."""
        if self.taken >= self.bound:
            raise Busy(f"{self.taken} expensive reads (replays, verifications) are running or waiting on this "
                       f"server (the bound is {self.bound}); retry later")
        self.taken += 1
        try:
            return await asyncio.wrap_future(self.pool.submit(fn, *args))
        except BrokenProcessPool:  # a process of the pool died (killed, out of memory): a fresh pool
            self.pool = self._pool()
            raise Busy("the processes for expensive reads are restarting; retry later") from None
        finally:
            self.taken -= 1

    async def replay(self, game_id: str, version: int) -> Folded:
        """The game as it was after event `version` (projections.loader.Loader.at, in the pool)."""
        return from_snapshot(await self.run(_replay, *self.where, game_id, version))

    async def said(self, game_id: str, start: int, count: int, caller: Any) -> dict[int, str]:
        """Version -> words of the moves and draws among `count` events from `start` that `caller` may read,
        each told from the position it was played in (service/said.py, in the pool)."""
        return msgspec.msgpack.decode(await self.run(_said, *self.where, game_id, start, count, caller), type=dict[int, str])

    async def verify(self, game_id: str, seed: str | None) -> Report | None:
        """The verification of the game's live log (projections.audit.verify, in the pool); None: no such game."""
        report = await self.run(_verify, *self.where, game_id, seed)
        return None if report is None else msgspec.msgpack.decode(report, type=Report)

    def close(self) -> None:
        """Stop the pool and its processes at once: they hold nothing (each read folds afresh), and left to
        the pool's own shutdown they sometimes never received its stop, so the server's worker process
        waited on them for good at its exit (tests/e2e/test_api_stops.py)."""
        processes = list((self.pool._processes or {}).values())  # (no public handle on them before Python 3.14)
        self.pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            p.terminate()


# --- in a pool process -----------------------------------------------------------------------------

_here: dict[tuple[str, bool], tuple] = {}


def _ready() -> None:
    pass


def _store(redis_url: str, cluster: bool):
    """This process's event loop, store and loader (made once)."""
    if (redis_url, cluster) not in _here:
        from events.connect import connect
        from events.store import EventStore
        from projections.loader import Loader

        loop = asyncio.new_event_loop()
        store = EventStore(connect(redis_url, cluster), cluster=cluster)
        _here[(redis_url, cluster)] = loop, store, Loader(store)
    return _here[(redis_url, cluster)]


def _replay(redis_url: str, cluster: bool, game_id: str, version: int) -> bytes:
    from projections.loader import to_snapshot

    loop, _, loader = _store(redis_url, cluster)
    return to_snapshot(loop.run_until_complete(loader.at(game_id, version)))


def _said(redis_url: str, cluster: bool, game_id: str, start: int, count: int, caller: Any) -> bytes:
    from service import said, views

    loop, store, loader = _store(redis_url, cluster)

    async def tell() -> dict[int, str]:
        f = await loader.load(game_id)
        events = await store.read(game_id, start, count=count)
        rows = views.log_rows(f, events, caller)
        base = await loader.at(game_id, start - 1) if start > 1 and events else None
        return said.said(game_id, f.type, base, events, rows, caller, [p.name for p in f.players])

    return msgspec.msgpack.encode(loop.run_until_complete(tell()))


def _verify(redis_url: str, cluster: bool, game_id: str, seed: str | None) -> bytes | None:
    from projections.audit import verify

    loop, store, _ = _store(redis_url, cluster)
    events = loop.run_until_complete(store.read(game_id, 1))  # not through the loader: a broken log is reported
    return msgspec.msgpack.encode(verify(events, seed=seed)) if events else None
