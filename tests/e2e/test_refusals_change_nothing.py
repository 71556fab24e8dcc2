"""Refused requests change nothing, in the corners a hostile client found: a bad move from a seat an AI
had taken over appended its `returned` event (and ended the takeover) before the move was refused; an
abandoned game still took undo requests, consents and the arbiter's grant."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def test_a_bad_move_from_a_seat_taken_over_leaves_the_takeover_alone(stack):
    created = stack.client().post("/games", json={"type": "himalaya", "players": ["ann", "bob:ai-random", "cy:ai-random"],
                                                   "options": {"no_show": "takeover:1"}}).json()  # (a long game)
    ann = stack.client(created["seats"][0]["token"])
    deadline = time.monotonic() + 60
    while not (g := ann.get(f"/games/{created['id']}").json()).get("absent"):
        assert time.monotonic() < deadline, "nobody was taken over"
        time.sleep(0.2)
    seat = g["absent"][0]["seat"]
    me = stack.client(created["seats"][seat]["token"])
    before = me.get(f"/games/{created['id']}").json()
    r = me.post(f"/games/{created['id']}/moves", json={"move": {"type": "no-such-move"}})
    assert r.status_code in (403, 422) and r.json()["detail"], r.text
    since = me.get(f"/games/{created['id']}/events", params={"from": before["version"] + 1}).json()
    assert "returned" not in [e["kind"] for e in since]  # (the AI plays on for the seat meanwhile)
    assert seat in [a["seat"] for a in me.get(f"/games/{created['id']}").json().get("absent", [])]


def test_an_abandoned_game_takes_no_undo(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    ann, bob = (stack.client(s["token"]) for s in created["seats"])
    g = wait_for_human(ann, created["id"], 0)
    moves = ann.get(f"/games/{created['id']}/moves").json()
    assert ann.post(f"/games/{created['id']}/moves", json={"move": moves[0]}).status_code == 201
    arbiter = stack.client(stack.arbiter)
    assert arbiter.post(f"/games/{created['id']}/abandon", json={"reason": "test"}).status_code == 200
    version = arbiter.get(f"/games/{created['id']}").json()["version"]
    for client, body in ((ann, {}), (arbiter, {"to": g["version"]})):
        r = client.post(f"/games/{created['id']}/undo", json=body)
        assert r.status_code == 409 and r.json()["error"] == "game-over", r.text
    assert arbiter.get(f"/games/{created['id']}").json()["version"] == version
