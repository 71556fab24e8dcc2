"""Accounts on a Redis Cluster of three shards (CARAVAN_CLUSTER=1): every key of an account on its one
slot, so creating, signing in, tokens, throttling and disabling work as on one server; and this stack's
low quota of sign-ups per address, and its short sessions."""

from __future__ import annotations

import secrets
import time

import pytest
import redis

from service.accounts import digest_of
from service.embedded import start_cluster
from tests.e2e.test_accounts import PASSWORD, bearer, client_from, signed_in, signed_up
from tests.stack import Stack

pytestmark = pytest.mark.e2e

SESSION_TTL = 10  # seconds: this stack's sessions expire while a test waits


@pytest.fixture(scope="module")
def cluster_stack(redis_url, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("accounts-cluster")
    nodes = start_cluster(tmp / "nodes")
    stack = Stack(f"redis://127.0.0.1:{nodes[0].port}/0", tmp, CARAVAN_CLUSTER="1", CARAVAN_QUEUE_URL=redis_url,
                  CARAVAN_SIGNIN_FAILURES="2", CARAVAN_QUOTA_ACCOUNTS="3",
                  CARAVAN_SESSION_TTL=str(SESSION_TTL)).start(workers=0)
    stack.store = redis.RedisCluster(host="127.0.0.1", port=nodes[0].port)
    yield stack
    stack.stop()
    for n in nodes:
        n.stop()


def test_an_account_lives_on_one_slot_and_works_on_the_cluster(cluster_stack):
    name = "ann" + secrets.token_hex(4)
    with client_from(cluster_stack) as c:
        signed_up(c, name)
        assert c.post("/accounts", json={"name": name.upper(), "password": PASSWORD}).status_code == 409
        session = bearer(signed_in(c, name)["token"])
        token = c.post("/me/tokens", json={"label": "x", "scopes": ["play"]}, headers=session).json()
        assert c.get("/me", headers=bearer(token["token"])).json()["name"] == name
        assert c.delete(f"/me/tokens/{token['id']}", headers=session).status_code == 204
        assert c.get("/me", headers=bearer(token["token"])).status_code == 401
        assert c.post(f"/accounts/{name}/disable", headers=bearer(cluster_stack.arbiter)).status_code == 200
        assert c.get("/me", headers=session).status_code == 401
    names = [f"caravan:{{acct:{digest_of(name)}}}:{k}" for k in ("events", "meta", "secret")]
    assert all(cluster_stack.store.exists(k) for k in names)
    assert len({cluster_stack.store.keyslot(k) for k in names}) == 1


def test_failed_sign_ins_are_throttled_on_the_cluster(cluster_stack):
    name = "bob" + secrets.token_hex(4)
    with client_from(cluster_stack) as c:
        signed_up(c, name)
        assert [c.post("/sessions", json={"name": name, "password": "not the passphrase"}).status_code
                for _ in range(3)] == [401, 401, 429]
        assert c.post("/sessions", json={"name": name, "password": PASSWORD}).status_code == 429


def test_sign_ups_past_the_quota_are_refused_and_make_no_account(cluster_stack):
    names = ["cy" + secrets.token_hex(4) for _ in range(4)]
    with client_from(cluster_stack) as c:
        assert [c.post("/accounts", json={"name": n, "password": PASSWORD}).status_code for n in names[:3]] == [201] * 3
        r = c.post("/accounts", json={"name": names[3], "password": PASSWORD})
        assert r.status_code == 429 and r.json()["error"] == "rate-limited" and int(r.headers["Retry-After"]) >= 1
        assert c.get(f"/accounts/{names[3]}").status_code == 404
    with client_from(cluster_stack, cluster_stack.arbiter) as arbiter:  # exempt
        assert arbiter.post("/accounts", json={"name": names[3], "password": PASSWORD}).status_code == 201


def test_an_expired_session_stops_and_signing_in_prunes_the_expired(cluster_stack):
    name = "dee" + secrets.token_hex(4)
    with client_from(cluster_stack) as c:
        signed_up(c, name)
        old = [signed_in(c, name)["token"] for _ in range(2)]
        time.sleep(SESSION_TTL + 1)
        r = c.get("/me", headers=bearer(old[0]))
        assert r.status_code == 401 and "expired" in r.json()["detail"]
        fresh = signed_in(c, name)["token"]
        assert c.get("/me", headers=bearer(fresh)).status_code == 200
        assert c.get("/me", headers=bearer(old[1])).status_code == 401
    fields = cluster_stack.store.hkeys(f"caravan:{{acct:{digest_of(name)}}}:secret")
    assert len([f for f in fields if f.startswith(b"tok:")]) == 1  # the expired sessions are gone
