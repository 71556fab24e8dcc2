"""Creation is quota'd per client address (issue 55, item 7): one client created 9,770 games a minute.
Past CARAVAN_QUOTA_GAMES / _TOURNAMENTS / _ANALYSES in CARAVAN_QUOTA_WINDOW seconds, a creating
request is a 429 `{"error": "rate-limited", "detail"}` with Retry-After, and nothing is created; the
arbiter is exempt. The counts live in Redis (every API process shares them), on one server and on a
Redis Cluster alike.

Every stack of a test session shares one store, so each test here speaks from a loopback address of its
own (127.x.y.z, drawn): its counts start at zero whatever the rest of the session created."""

from __future__ import annotations

import random

import httpx
import pytest
import redis

from events import keys
from service.embedded import start_cluster
from tests.stack import Stack

pytestmark = pytest.mark.e2e

GAMES, TOURNAMENTS, ANALYSES = 3, 1, 2
TOY = {"type": "toy", "players": ["a:ai-random", "b:ai-random"]}


@pytest.fixture(scope="module", params=["one-server", "cluster"])
def quota_stack(request, redis_url, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(f"quota-{request.param}")
    nodes = start_cluster(tmp / "nodes") if request.param == "cluster" else []
    env = dict(CARAVAN_QUOTA_GAMES=str(GAMES), CARAVAN_QUOTA_TOURNAMENTS=str(TOURNAMENTS),
               CARAVAN_QUOTA_ANALYSES=str(ANALYSES), CARAVAN_QUOTA_WINDOW="60")
    if nodes:
        env.update(CARAVAN_CLUSTER="1", CARAVAN_QUEUE_URL=redis_url)
    s = Stack(f"redis://127.0.0.1:{nodes[0].port}/0" if nodes else redis_url, tmp, **env).start(workers=1)
    s.store = redis.RedisCluster(host="127.0.0.1", port=nodes[0].port) if nodes else redis.Redis.from_url(redis_url)
    yield s
    s.stop()
    for n in nodes:
        n.stop()


def client_from(stack, token: str | None = None) -> httpx.Client:
    """A client speaking from a loopback address of its own."""
    address = f"127.{random.randint(1, 254)}.{random.randint(1, 254)}.{random.randint(1, 254)}"
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=stack.url, headers=headers, timeout=30,
                        transport=httpx.HTTPTransport(local_address=address))


def assert_rate_limited(r: httpx.Response, window: int = 60) -> None:
    assert r.status_code == 429, (r.status_code, r.text[:300])
    assert r.json()["error"] == "rate-limited" and r.json()["detail"]
    assert 1 <= int(r.headers["Retry-After"]) <= window


def test_games_past_the_quota_are_refused_and_not_created_and_the_arbiter_is_exempt(quota_stack):
    with client_from(quota_stack) as c:
        made = [c.post("/games", json=TOY) for _ in range(GAMES)]
        assert [r.status_code for r in made] == [201] * GAMES
        before = quota_stack.store.zcard(keys.GAMES)
        assert_rate_limited(c.post("/games", json=TOY))
        assert_rate_limited(c.post(f"/games/{made[0].json()['id']}/fork"))  # a fork is a game made too
        assert quota_stack.store.zcard(keys.GAMES) == before
    with client_from(quota_stack, quota_stack.arbiter) as arbiter:
        assert [arbiter.post("/games", json=TOY).status_code for _ in range(GAMES + 1)] == [201] * (GAMES + 1)
    with client_from(quota_stack) as other:  # another address has a quota of its own
        assert other.post("/games", json=TOY).status_code == 201


def test_tournaments_and_analyses_past_their_quotas_are_refused(quota_stack):
    with client_from(quota_stack) as c:
        assert c.post("/tournaments", json=TOY).status_code == 201
        assert_rate_limited(c.post("/tournaments", json=TOY))
        game_id = c.post("/games", json=TOY).json()["id"]
        asked = [c.post(f"/games/{game_id}/analysis", json={"iterations": 10}) for _ in range(ANALYSES)]
        assert all(r.status_code != 429 for r in asked), [(r.status_code, r.text[:200]) for r in asked]
        assert_rate_limited(c.post(f"/games/{game_id}/analysis", json={"iterations": 10}))
