"""Quotas: how many times a subject (a client address today, an account later) may do one kind of thing
(create a game, a tournament, an analysis…) in a window of time, counted in Redis so that every API
process shares the count.

A fixed window per (subject, kind): the first use opens it for `window` seconds; up to `limit` uses fit
in it; past that, `take` answers how long until the window closes (the caller's Retry-After) and counts
nothing: a refused use changes no state. One key per subject, with the subject in a hash tag
(`caravan:{quota:<subject>}:<kind>`), so the script touches one slot on a Redis Cluster and one
subject's kinds live on one shard.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

PREFIX = "caravan"

# KEYS[1] the counter; ARGV[1] the limit, ARGV[2] the window in ms. Returns {taken (1/0), ms left in the window}.
_TAKE = """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local left = redis.call('PTTL', KEYS[1])
if used >= tonumber(ARGV[1]) and left > 0 then
  return {0, left}
end
if left <= 0 then
  redis.call('SET', KEYS[1], 1, 'PX', ARGV[2])
  return {1, tonumber(ARGV[2])}
end
redis.call('INCR', KEYS[1])
return {1, left}
"""


def key(subject: str, kind: str) -> str:
    return f"{PREFIX}:{{quota:{subject}}}:{kind}"


@dataclass(frozen=True)
class Taken:
    ok: bool
    retry_after: int  # whole seconds until the window closes (at least 1)


class Quota:
    """`limit` uses of `kind` per subject in `window` seconds. A limit of 0 or less: no bound."""

    def __init__(self, redis, kind: str, limit: int, window: float):
        self.kind, self.limit, self.window_ms = kind, limit, max(1, int(window * 1000))
        self._redis, self._take = redis, redis.register_script(_TAKE)

    async def take(self, subject: str) -> Taken:
        """One use for `subject`, if its window has room (else nothing is counted)."""
        if self.limit <= 0:
            return Taken(True, 0)
        ok, left = await self._take(keys=[key(subject[:200], self.kind)], args=[self.limit, self.window_ms])
        return Taken(bool(ok), max(1, math.ceil(int(left) / 1000)))

    async def full(self, subject: str) -> Taken:
        """Whether `subject`'s window is full, counting nothing (`ok` False: full, with its Retry-After): a
        check before the work that a use would count (a sign-in checks before it tries the password)."""
        if self.limit <= 0:
            return Taken(True, 0)
        k = key(subject[:200], self.kind)
        used, left = await self._redis.get(k), await self._redis.pttl(k)
        if int(used or 0) >= self.limit and left > 0:
            return Taken(False, max(1, math.ceil(int(left) / 1000)))
        return Taken(True, 0)
