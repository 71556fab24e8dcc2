"""Configuration from the environment (12-factor): one place, read once."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Settings:
    redis_url: str = field(default_factory=lambda: os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    # REDIS_URL names a Redis Cluster node: the store spreads games over the shards by their hash tags
    cluster: bool = field(default_factory=lambda: os.environ.get("CARAVAN_CLUSTER", "") in ("1", "true", "yes"))
    # the RQ queue's server (RQ needs one server, not a cluster); default: REDIS_URL
    queue_url: str = field(default_factory=lambda: os.environ.get("CARAVAN_QUEUE_URL") or os.environ.get(
        "REDIS_URL", "redis://127.0.0.1:6379/0"))
    arbiter_token: str | None = field(default_factory=lambda: os.environ.get("CARAVAN_ARBITER_TOKEN") or None)
    queue: str = field(default_factory=lambda: os.environ.get("CARAVAN_QUEUE", "caravan"))
    max_body: int = int(os.environ.get("CARAVAN_MAX_BODY", 64 * 1024))
    job_timeout: int = int(os.environ.get("CARAVAN_JOB_TIMEOUT", 600))
    sweep_after: float = float(os.environ.get("CARAVAN_SWEEP_AFTER", 5.0))  # seconds a waiting game may sit idle


def settings() -> Settings:
    return Settings()
