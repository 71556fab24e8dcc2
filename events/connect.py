"""Redis clients for the store: one server, or a Redis Cluster (every key of a game carries the hash tag
{game_id}, so a game lives on one shard)."""

from __future__ import annotations

from typing import Any


def connect(url: str, cluster: bool = False, **kw: Any):
    """An asyncio client for the store."""
    if cluster:
        from redis.asyncio.cluster import RedisCluster

        return RedisCluster.from_url(url, **kw)
    from redis.asyncio import Redis

    return Redis.from_url(url, **kw)


def connect_sync(url: str, cluster: bool = False, **kw: Any):
    """A blocking client for the store (the worker's sweeper)."""
    if cluster:
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, **kw)
    from redis import Redis

    return Redis.from_url(url, **kw)
