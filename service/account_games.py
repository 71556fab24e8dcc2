"""Which games an account holds a seat of: a sorted set per account (game id -> when it was seated),
`caravan:{<account id>}:games`, hash-tagged by the account's id (one slot under CARAVAN_CLUSTER=1). Written
when a game is made with account seats (service/commands.py) and when an account takes an open seat of a
table still waiting (service/open_tables.py); read by `GET /me/games` (service/my_games.py). It holds no
secret: the bindings themselves are in each game's secret hash (service/seats.py)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from redis.asyncio import Redis

from events import keys, replies

MOST = 500  # games an account's list reads at most (the newest)


def key(account_id: str) -> str:
    return f"{keys.PREFIX}:{{{account_id}}}:games"


async def add(redis: Redis, where: Callable[[str], str], account_ids: Iterable[str], game_id: str) -> None:
    """The game in each account's set (`where`: `key` or `invited_key`)."""
    now = time.time()
    for account_id in account_ids:
        await redis.zadd(where(account_id), {game_id: now})


async def newest_in(redis: Redis, at: str, most: int = MOST) -> list[str]:
    ids = replies.members(await redis.zrevrange(at, 0, most - 1))
    return [i.decode() if isinstance(i, bytes) else i for i in ids]


async def remember(redis: Redis, account_ids: Iterable[str], game_id: str) -> None:
    await add(redis, key, account_ids, game_id)


async def newest(redis: Redis, account_id: str) -> list[str]:
    return await newest_in(redis, key(account_id))


def invited_key(account_id: str) -> str:
    """The account's invitations not yet answered: game id -> when it was invited (service/invitations.py)."""
    return f"{keys.PREFIX}:{{{account_id}}}:invited"


async def invite(redis: Redis, account_ids: Iterable[str], game_id: str) -> None:
    await add(redis, invited_key, account_ids, game_id)


async def invitations(redis: Redis, account_id: str) -> list[str]:
    return await newest_in(redis, invited_key(account_id))


async def answered(redis: Redis, account_id: str, game_id: str) -> bool:
    """Take the invitation off the account's list: True for the one answer that did (a second: False)."""
    return bool(await redis.zrem(invited_key(account_id), game_id))
