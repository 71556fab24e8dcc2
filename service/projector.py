"""The projector process: keeps the lobby read model up to date from the notification streams."""

from __future__ import annotations

import asyncio

from redis.asyncio import Redis

from projections.lobby import Lobby
from service.settings import settings


async def main() -> None:
    redis = Redis.from_url(settings().redis_url)
    await Lobby(redis).run()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
