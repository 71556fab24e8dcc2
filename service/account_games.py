"""Which games an account holds a seat of: a sorted set per account (game id -> when it was seated),
`caravan:{<account id>}:games`, hash-tagged by the account's id (one slot under CARAVAN_CLUSTER=1). Written
when a game is made with account seats (service/commands.py) and when an account takes an open seat of a
table still waiting (service/open_tables.py); read by `GET /me/games` (service/my_games.py). It holds no
secret: the bindings themselves are in each game's secret hash (service/seats.py)."""

from __future__ import annotations

import time
from collections.abc import Iterable

from redis.asyncio import Redis

from events import keys, replies

MOST = 500  # games an account's list reads at most (the newest)


def key(account_id: str) -> str:
    return f"{keys.PREFIX}:{{{account_id}}}:games"


async def remember(redis: Redis, account_ids: Iterable[str], game_id: str) -> None:
    now = time.time()
    for account_id in account_ids:
        await redis.zadd(key(account_id), {game_id: now})


async def newest(redis: Redis, account_id: str, most: int = MOST) -> list[str]:
    ids = replies.members(await redis.zrevrange(key(account_id), 0, most - 1))
    return [i.decode() if isinstance(i, bytes) else i for i in ids]
