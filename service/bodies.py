"""Requests reading their body, per API process (service/admission.py is the edge that uses this).

Granian hands a request to the app once its headers are in and holds one of its requests in flight until
the app answers, so clients that trickle bodies could fill them all. Here each request's whole body must
arrive within `timeout` seconds (else 408), and a request still waiting on its body `grace` seconds after
it began is slow: an address may have `per_client` slow ones and the server `total`. Past that the newest
are answered at once (429 for the address's, 503 for the server's, with Retry-After), and new requests
with a body from that address are refused on arrival until it has fewer. A body that arrives promptly is
never counted, so a burst of quick requests from one address is never refused.

One timer ticks every `tick` seconds while any request reads a body; it cancels the waiting read of a
request it refuses (a timer per read cost a move more than the rest of the edge).
"""

from __future__ import annotations

import asyncio
from collections import Counter


class Refused(Exception):
    """A request refused at the edge: answered `{"error", "detail"}` (with Retry-After when given)."""

    def __init__(self, status: int, code: str, detail: str, retry_after: int | None = None):
        super().__init__(detail)
        self.status, self.code, self.detail, self.retry_after = status, code, detail, retry_after

    def again(self) -> Refused:
        """The same refusal, to raise: one kept on a read (`Reading.refusal`) and raised itself would hold, in
        its traceback, the frame of the read that holds the Reading, a cycle only the garbage collector
        frees, and with it the server's receive callable. Until it was freed, granian kept the connection,
        and one of its places, open: refused slow bodies held their places for seconds, or for good."""
        return Refused(self.status, self.code, self.detail, self.retry_after)

    def body(self) -> dict[str, str]:
        return {"error": self.code, "detail": self.detail}

    def headers(self) -> dict[str, str]:
        """Retry-After where waiting helps, and `Connection: close` where the body was not read: the server
        then closes the connection after the answer instead of waiting to read a body that may never come
        (until it does, the request keeps one of granian's places; under load that held /health 17 s)."""
        close = {"Connection": "close"} if self.status in (408, 429, 503) else {}
        return {**close, **({"Retry-After": str(self.retry_after)} if self.retry_after is not None else {})}


class Reading:
    """A request reading its body: its address, start and deadline (the loop's clock), its task, whether it
    waits on a read now, whether it is counted slow, and the refusal it is to raise."""
    __slots__ = ("client", "end", "refusal", "slow", "start", "task", "waiting")

    def __init__(self, client: str, start: float, end: float, task):
        self.client, self.start, self.end, self.task = client, start, end, task
        self.waiting, self.slow = False, False
        self.refusal: Refused | None = None


class Bodies:
    def __init__(self, timeout: float, per_client: int, total: int, retry_after: int,
                 grace: float = 0.5, tick: float = 0.25):
        self.timeout, self.per_client, self.total, self.retry_after = timeout, per_client, total, retry_after
        self.grace, self.tick = grace, tick
        self.reads: set[Reading] = set()
        self.slow: Counter[str] = Counter()  # slow reads per address
        self.slow_total = 0
        self.timer: asyncio.TimerHandle | None = None

    # --- refusals -------------------------------------------------------------------------------------

    def too_many_of(self, client: str) -> Refused:
        return Refused(429, "rate-limited", f"this address has {self.per_client} requests whose body is still "
                                            "arriving (the bound): finish those first", self.retry_after)

    def too_many(self) -> Refused:
        return Refused(503, "unavailable", f"{self.total} requests are sending their body to this server (the "
                                           "bound)", self.retry_after)

    def admit(self, client: str) -> None:
        """Refused at once while `client`, or the server, holds its bound of slow bodies."""
        if self.per_client > 0 and self.slow[client] >= self.per_client:
            raise self.too_many_of(client)
        if self.total > 0 and self.slow_total >= self.total:
            raise self.too_many()

    # --- a request's reads ----------------------------------------------------------------------------

    def reader(self, client: str, receive):
        """(receive, done) for a request of `client`: its body within the deadline, or a Refused raised
        from the read; `done()` when the request ends (idempotent)."""
        loop = asyncio.get_running_loop()
        now = loop.time()
        r = Reading(client, now, now + self.timeout, asyncio.current_task())
        self.reads.add(r)
        if self.timer is None:
            self.timer = loop.call_later(self.tick, self._sweep, loop)

        def done() -> None:
            if r in self.reads:
                self.reads.discard(r)
                self._uncount(r)

        async def again():
            if r not in self.reads:
                return await receive()
            if r.refusal is None:
                r.waiting = True
                try:
                    message = await receive()
                except asyncio.CancelledError:
                    if r.refusal is None:
                        raise
                    r.task.uncancel()  # our cancel, not the server's: the answer is the refusal
                finally:
                    r.waiting = False
            if r.refusal is not None:
                done()
                raise r.refusal.again()  # (see Refused.again)
            if message["type"] != "http.request" or not message.get("more_body", False):
                done()
            return message

        return again, done

    def _uncount(self, r: Reading) -> None:
        if r.slow:
            r.slow = False
            self.slow[r.client] -= 1
            if self.slow[r.client] <= 0:
                del self.slow[r.client]
            self.slow_total -= 1

    def _refuse(self, r: Reading, refusal: Refused) -> None:
        r.refusal = refusal
        self._uncount(r)
        if r.waiting and r.task is not None:  # (no task: a server running the app outside asyncio's tasks)
            r.task.cancel()

    def _sweep(self, loop) -> None:
        """Refuse what is late or over a bound; the next sweep is set whatever happens here (a sweep that
        raised and set none would leave the timer handle behind, and no sweep would ever run again)."""
        try:
            self._look(loop.time())
        finally:
            self.timer = loop.call_later(self.tick, self._sweep, loop) if self.reads else None

    def _look(self, now: float) -> None:
        for r in self.reads:
            if r.refusal is None and r.end <= now:
                self._refuse(r, Refused(408, "request-timeout",
                                        f"the request's body did not arrive within {self.timeout:g} s"))
            elif r.refusal is None and not r.slow and r.waiting and now - r.start >= self.grace:
                r.slow = True
                self.slow[r.client] += 1
                self.slow_total += 1
        self._shed(now)

    def _shed(self, now: float) -> None:
        """Past a bound, the newest slow reads are refused."""
        over = {c for c, n in self.slow.items() if self.per_client > 0 and n > self.per_client}
        if not over and not (self.total > 0 and self.slow_total > self.total):
            return
        slow = sorted((r for r in self.reads if r.slow), key=lambda r: r.start, reverse=True)
        for r in slow:
            if r.client in over and self.slow[r.client] > self.per_client:
                self._refuse(r, self.too_many_of(r.client))
        for r in slow:
            if self.total > 0 and self.slow_total > self.total and r.slow:
                self._refuse(r, self.too_many())
