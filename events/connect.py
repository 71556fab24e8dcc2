"""Redis clients for the store: one server, or a Redis Cluster (every key of a game carries the hash tag
{game_id}, so a game lives on one shard)."""

from __future__ import annotations

from typing import Any


def reconnecting(kw: dict[str, Any], asyncio: bool = True) -> dict[str, Any]:
    """A command that finds its pooled connection dead (the store restarted while it sat idle: "Connection
    closed by server") is sent once more on a new connection, at once, instead of failing. Only a lost
    connection is retried, never a timeout (a slow command may have run). The command on the dead
    connection never reached the store that runs now; an append is checked against the version it
    expects (events/append.lua), so even a command that did run is never recorded twice."""
    from redis.backoff import NoBackoff
    from redis.exceptions import ConnectionError

    if asyncio:
        from redis.asyncio.retry import Retry
    else:
        from redis.retry import Retry  # type: ignore[assignment]
    return {"retry": Retry(NoBackoff(), 1, supported_errors=(ConnectionError,)), "retry_on_error": [ConnectionError], **kw}


def connect(url: str, cluster: bool = False, wait: float | None = None, **kw: Any):
    """An asyncio client for the store (`reconnecting`). With `wait` (seconds), a caller finding every one of
    the pool's `max_connections` busy waits that long for one to come back (then redis' ConnectionError)
    instead of failing at once: a burst of requests queues for the pool rather than erroring."""
    if cluster:
        from redis.asyncio.cluster import RedisCluster

        return RedisCluster.from_url(url, **kw)
    from redis.asyncio import BlockingConnectionPool, Redis

    kw = reconnecting(kw)
    if wait is not None:
        return Redis.from_pool(BlockingConnectionPool.from_url(url, timeout=wait, **kw))
    return Redis.from_url(url, **kw)


def connect_sync(url: str, cluster: bool = False, **kw: Any):
    """A blocking client for the store (the worker's sweeper; `reconnecting`)."""
    if cluster:
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, **kw)
    from redis import Redis

    return Redis.from_url(url, **reconnecting(kw, asyncio=False))
