"""The projector process: keeps the lobby read model up to date from the notification streams."""

from __future__ import annotations

import asyncio

from events.connect import connect

from projections.lobby import Lobby
from service.settings import settings


async def main() -> None:
    cfg = settings()
    await Lobby(connect(cfg.redis_url, cfg.cluster)).run()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
