"""Who may analyse what, on the real stack: a seat's private fork shows only that seat's side, and only
when analysing it cannot help anyone in a game still being played."""

from __future__ import annotations

import random
import time

import pytest

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_analysis import SMALL, analysed

pytestmark = pytest.mark.e2e


def test_a_seat_analyses_its_private_fork_and_sees_only_its_side(stack):
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    # the setup's chance waits behind earlier tests' jobs; then either seat may be first (bob plays in the fork)
    deadline = time.monotonic() + 300
    while ann.get(f"/games/{created['id']}").json()["waiting_for"] != "seats":
        assert time.monotonic() < deadline, "the setup's chance was never drawn"
        time.sleep(0.1)
    fork = ann.post(f"/games/{created['id']}/fork").json()
    me = stack.client(next(s["token"] for s in fork["seats"] if s.get("token")))
    rng = random.Random(3)
    played = 0
    while played < 4:
        g = wait_for_human(me, fork["id"], 0, timeout=300)
        if g["status"] != "active":
            break
        moves = me.get(f"/games/{fork['id']}/moves").json()
        if me.post(f"/games/{fork['id']}/moves", json={"move": rng.choice(moves), "expected_version": g["version"]}).status_code == 201:
            played += 1
    assert stack.client().post(f"/games/{fork['id']}/analysis", json=SMALL).status_code == 409
    assert me.post(f"/games/{fork['id']}/analysis", json=SMALL).status_code == 202
    body = analysed(me, fork["id"])
    assert body["scope"] == "seat-0" and [s["seat"] for s in body["seats"]] == [0]
    decisions = [r for r in body["rows"] if r["kind"] == "decision"]
    assert len(decisions) >= played and {r["seat"] for r in decisions} == {0}
    assert stack.client().get(f"/games/{fork['id']}/analysis").status_code == 409  # nobody else reads it
