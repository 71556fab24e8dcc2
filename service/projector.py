"""The projector process: keeps the lobby read model up to date from the notification streams. It exits
when the store goes away (`caravan up`, or the container's restart policy, starts it again)."""

from __future__ import annotations

import asyncio
import contextlib

from events.connect import connect
from projections.lobby import Lobby
from service.settings import settings


async def main() -> None:
    cfg = settings()
    await Lobby(connect(cfg.redis_url, cfg.cluster)).run()


if __name__ == "__main__":
    from service.logs import configure

    configure()
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
