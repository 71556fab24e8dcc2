"""Redis clients for the store: one server, or a Redis Cluster (every key of a game carries the hash tag
{game_id}, so a game lives on one shard)."""

from __future__ import annotations

from typing import Any


def connect(url: str, cluster: bool = False, wait: float | None = None, **kw: Any):
    """An asyncio client for the store. With `wait` (seconds), a caller finding every one of the pool's
    `max_connections` busy waits that long for one to come back (then redis' ConnectionError) instead of
    failing at once: a burst of requests queues for the pool rather than erroring."""
    if cluster:
        from redis.asyncio.cluster import RedisCluster

        return RedisCluster.from_url(url, **kw)
    from redis.asyncio import BlockingConnectionPool, Redis

    if wait is not None:
        return Redis.from_pool(BlockingConnectionPool.from_url(url, timeout=wait, **kw))
    return Redis.from_url(url, **kw)


def connect_sync(url: str, cluster: bool = False, **kw: Any):
    """A blocking client for the store (the worker's sweeper)."""
    if cluster:
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, **kw)
    from redis import Redis

    return Redis.from_url(url, **kw)
