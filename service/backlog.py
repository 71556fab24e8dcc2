"""Bounds on the work one client address leaves queued for the workers (docs/limits.md, "Work queues"):

- analysis: the seconds of search its analyses still have to do (an estimate: each decision to search
  at its budget, a person's twice, whose second opinion is searched too) at most
  `Settings.analysis_queued_per_client`. While an address is past it, a new analysis (of a game, or of a
  tournament's tables) is refused: 429 `rate-limited`, Retry-After the seconds one worker takes to bring it
  back under. An address with nothing queued is always served one, whatever its size.
- games of AIs only: at most `Settings.ai_games_per_client` in play per creator address with a seat that
  searches (any level but random and greedy, which answer at once); the next is refused the same way.
The arbiter is exempt. The counts live in the store (`caravan:{client:<address>}:…`, one hash slot per
address), shared by every API process; an entry lasts until its analysis is done or superseded, or its game
is over (and at most `KEPT` seconds, should a worker never finish it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable

from litestar import Request

from events import keys
from service import analysis
from service.admission import Refused, client_of
from service.errors import Invalid
from service.runtime import Runtime, bearer

KEPT = 24 * 3600  # seconds an entry counts at most
Charge = Callable[["analysis.Meta", float], Awaitable[None]]


def key(client: str, kind: str) -> str:
    return f"{keys.PREFIX}:{{client:{client[:200]}}}:{kind}"


def exempt(r: Runtime, request: Request) -> bool:
    token = bearer(request)
    return token is not None and r.is_arbiter(token)


# --- analysis -----------------------------------------------------------------------------------------

async def queued_analysis(redis, client: str) -> float:
    """The seconds of search still to do in `client`'s analyses (done and superseded ones dropped)."""
    k, now = key(client, "analyses"), time.time()
    await redis.zremrangebyscore(k, "-inf", now)
    total = 0.0
    for raw in await redis.zrange(k, 0, -1):
        member = raw.decode() if isinstance(raw, bytes) else raw
        game, scope, made, seconds = member.split("|")
        meta = await analysis.current(redis, game, scope)
        done = await redis.hlen(analysis.rows_key(meta)) if meta is not None and meta.id == made else None
        if meta is None or done is None or done >= meta.total:
            await redis.zrem(k, member)
            continue
        searched = max(1, sum(len(c) for c in meta.chunks))
        total += float(seconds) * min(1.0, (meta.total - done) / searched)
    return total


async def analysis_charge(r: Runtime, request: Request) -> Charge | None:
    """For a request that queues analysis: Refused (429) while its address is past the bound; else how to
    count what it queues (None: not counted, the arbiter or no bound)."""
    bound = r.cfg.analysis_queued_per_client
    if bound <= 0 or exempt(r, request):
        return None
    client = client_of(request.scope)
    queued = await queued_analysis(r.redis, client)
    if queued >= bound:
        wait = min(3600, max(1, math.ceil(queued - bound) + 1))
        raise Refused(429, "rate-limited", f"this address's analyses still have about {queued:.0f} s of search "
                                           f"queued (the bound is {bound:g} s, CARAVAN_ANALYSIS_QUEUED_PER_CLIENT); "
                                           f"retry when they have run", wait)

    async def charge(meta: analysis.Meta, seconds: float) -> None:
        k = key(client, "analyses")
        await r.redis.zadd(k, {f"{meta.game}|{meta.scope}|{meta.id}|{seconds:.3f}": time.time() + KEPT})
        await r.redis.expire(k, KEPT)

    return charge


# --- games of AIs only --------------------------------------------------------------------------------

def searching_ais_only(players: list[str]) -> bool:
    """Every seat an AI, and one of them searches (random and greedy answer at once)."""
    from ai import parse_level
    from service.players import parse_players

    try:
        seats = parse_players(players)
        return all(p.ai for p in seats) and any(parse_level(p.ai)[0] not in ("random", "greedy") for p in seats if p.ai)
    except (Invalid, ValueError):
        return False  # the route refuses it


async def ai_games_in_play(redis, client: str) -> int:
    k = key(client, "ai-games")
    count = 0
    for raw in await redis.zrange(k, 0, -1):
        game = raw.decode() if isinstance(raw, bytes) else raw
        status, version = await redis.hmget(keys.meta(game), "status", "version")
        if version is None or status in (b"finished", b"abandoned", "finished", "abandoned"):
            await redis.zrem(k, game)
        else:
            count += 1
    return count


async def ai_game_count(r: Runtime, request: Request, players: list[str]) -> Callable[[str], Awaitable[None]] | None:
    """For `POST /games`: Refused (429) when its address has `ai_games_per_client` games of searching AIs
    only in play and this is another; else how to count the game made (None: not counted)."""
    bound = r.cfg.ai_games_per_client
    if bound <= 0 or not searching_ais_only(players) or exempt(r, request):
        return None
    client = client_of(request.scope)
    if (n := await ai_games_in_play(r.redis, client)) >= bound:
        raise Refused(429, "rate-limited", f"this address has {n} games of searching AIs only in play (the bound "
                                           f"is {bound}, CARAVAN_AI_GAMES_PER_CLIENT); retry when one is over",
                      r.cfg.retry_after)

    async def count(game_id: str) -> None:
        k = key(client, "ai-games")
        await r.redis.zadd(k, {game_id: time.time()})
        await r.redis.expire(k, KEPT)

    return count
