"""The lobby page never fails on a game whose type this server does not know (a retired type, or a bench's
game type on a shared store): such a row is left out of the page, and the rest is served."""

from __future__ import annotations

import asyncio
import secrets

import pytest
from litestar.testing import TestClient
from redis.asyncio import Redis

from games import registry
from projections.lobby import Lobby
from service.app import create_app
from service.settings import Settings
from tests.toygame import ToyGame


class Retired(ToyGame):
    id = "retired-toy"


@pytest.fixture
def client(redis_url):
    cfg = Settings(redis_url=redis_url, queue_url=redis_url, arbiter_token="arb-" + secrets.token_hex(8),
                   queue=f"lobby-{secrets.token_hex(4)}")
    with TestClient(app=create_app(cfg)) as c:
        yield c


def test_a_game_of_a_type_no_longer_served_does_not_break_the_lobby(client):
    registry.register(Retired())
    try:
        gone = client.post("/games", json={"type": "retired-toy", "players": ["ann", "bob"],
                                           "options": {"arbiter_chance": True}})
        assert gone.status_code == 201, gone.text
        kept = client.post("/games", json={"type": "toy", "players": ["cy", "di"], "options": {"arbiter_chance": True}})
        assert kept.status_code == 201
    finally:
        registry._registry.pop("retired-toy", None)
    async def project():  # what the lobby projector does for each new game
        redis = Redis.from_url(client.app.state.runtime.cfg.redis_url)
        lobby = Lobby(redis)
        for g in (gone.json()["id"], kept.json()["id"]):
            await lobby.project(g)
        await redis.aclose()

    asyncio.run(project())
    page = client.get("/")
    assert page.status_code == 200, page.text[:300]
    assert kept.json()["id"] in page.text and gone.json()["id"] not in page.text
