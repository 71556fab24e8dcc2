"""The whole stack on a Redis Cluster of three shards (the store), with RQ on a plain server: games
spread over the shards by their hash tags and play exactly as on one server."""

from __future__ import annotations

import time
import zlib

import pytest
import redis

from service.embedded import start_cluster
from tests.e2e.helpers import (all_events, assert_chain_holds, race_for_one_version, wait_for_human,
                               wait_for_status, wait_until_finished)
from tests.stack import Stack

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def cluster_stack(redis_url, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("cluster")
    nodes = start_cluster(tmp / "nodes")
    stack = Stack(f"redis://127.0.0.1:{nodes[0].port}/0", tmp, CARAVAN_CLUSTER="1", CARAVAN_QUEUE_URL=redis_url)
    stack.nodes = nodes
    stack.start(workers=1)
    yield stack
    stack.stop()
    for n in nodes:
        n.stop()


def shard_of(stack, key: str) -> int:
    """The port of the primary that holds `key`."""
    node = redis.Redis(port=stack.nodes[0].port)
    slot = node.execute_command("CLUSTER", "KEYSLOT", key)
    for lo, hi, primary, *_ in node.execute_command("CLUSTER", "SLOTS"):
        if lo <= slot <= hi:
            return int(primary[1])
    raise AssertionError("no shard holds the slot")


def test_all_ai_games_spread_over_the_shards_and_finish(cluster_stack):
    c = cluster_stack.client()
    ids = [c.post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-greedy"]}).json()["id"] for _ in range(6)]
    for game_id in ids:
        g = wait_until_finished(c, game_id)
        assert g["result"] is not None
        assert_chain_holds(c, game_id)
        assert c.get(f"/games/{game_id}/verify").json()["ok"] is True
    assert len({shard_of(cluster_stack, f"caravan:{{{g}}}:events") for g in ids}) >= 2


def test_a_real_game_finishes_on_the_cluster(cluster_stack):
    c = cluster_stack.client()
    game_id = c.post("/games", json={"type": "bangkok-klongs", "players": ["a:ai-random", "b:ai-random"]}).json()["id"]
    assert wait_until_finished(c, game_id, timeout=300)["result"] is not None


def test_racing_clients_one_wins_on_the_cluster(cluster_stack):
    created = cluster_stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    ann = cluster_stack.client(token)
    g = wait_for_human(ann, game_id, 0)
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    codes = race_for_one_version(cluster_stack, game_id, token, move, g["version"])
    assert sorted(codes) == [201] + [409] * 7
    again = ann.post(f"/games/{game_id}/moves", json={"move": move}, headers={"Idempotency-Key": "once"})
    assert again.status_code in (201, 403, 422)
    assert [e.version for e in all_events(ann, game_id)] == list(range(1, len(all_events(ann, game_id)) + 1))


def test_the_lobby_follows_every_shard(cluster_stack):
    c = cluster_stack.client()
    ids = {c.post("/games", json={"type": "toy", "players": ["a", "b"]}).json()["id"] for _ in range(8)}
    partitions = {zlib.crc32(g.encode()) % 4 for g in ids}
    for _ in range(300):
        listed = {r["id"] for r in c.get("/games").json()}
        if ids <= listed:
            break
        time.sleep(0.1)
    assert ids <= listed and len(partitions) >= 2


def test_a_tournament_runs_to_the_end_on_the_cluster(cluster_stack):
    c = cluster_stack.client()
    created = c.post("/tournaments", json={"type": "toy", "players": [f"e{i}:ai-random" for i in range(4)]}).json()
    t = wait_for_status(c, f"/tournaments/{created['id']}", timeout=60)
    assert t["status"] == "finished" and len(t["games"]) == 6
    assert {s["name"] for s in t["standings"]} == {f"e{i}" for i in range(4)}
