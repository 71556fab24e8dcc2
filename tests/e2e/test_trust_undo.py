"""Undo's verbs are distinct: a request names nothing; consent, decline and withdraw name the pending
request; a late or retried answer is a 409 and never a new request; every human seat sees what is pending."""

from __future__ import annotations

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def humans(stack, n=2):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob", "cy"][:n]}).json()
    tokens = [s["token"] for s in created["seats"]]
    return created["id"], [stack.client(t) for t in tokens], tokens


def bid_and_ask(game_id, ann):
    wait_for_human(ann, game_id, 0)
    ann.post(f"/games/{game_id}/moves", json={"move": ann.get(f"/games/{game_id}/moves").json()[0]})
    asked = ann.post(f"/games/{game_id}/undo", json={"action": "request"})
    assert asked.status_code == 200, asked.text
    return asked.json()


def kinds(client, game_id):
    return [e["kind"] for e in client.get(f"/games/{game_id}/events").json()]


def test_the_pending_request_shows_in_every_human_seat_view_and_on_the_cli_board(stack):
    game_id, (ann, bob), tokens = humans(stack)
    asked = bid_and_ask(game_id, ann)
    for c in (ann, bob):
        pending = c.get(f"/games/{game_id}").json()["undo"]["pending"]
        assert pending == {"request": asked["request"], "by": 0, "to": asked["to"], "consents": [], "waiting_for": [1]}
    assert bob.get(f"/games/{game_id}").json()["undo"]["request"] == asked["request"]
    board = stack.cli("--token", tokens[1], "game", "show", game_id).stdout
    assert f"undo request {asked['request']}" in board and "--consent" in board


def test_a_late_consent_after_a_decline_is_a_409_and_never_a_new_request(stack):
    game_id, (ann, bob), _ = humans(stack)
    asked = bid_and_ask(game_id, ann)
    wrong = bob.post(f"/games/{game_id}/undo", json={"action": "consent", "request": asked["request"] - 1})
    assert wrong.status_code == 409
    declined = bob.post(f"/games/{game_id}/undo", json={"action": "decline", "request": asked["request"]})
    assert declined.status_code == 200 and declined.json()["settled"] == "declined"
    before = kinds(ann, game_id)
    late = bob.post(f"/games/{game_id}/undo", json={"action": "consent", "request": asked["request"]})
    assert late.status_code == 409
    assert kinds(ann, game_id) == before
    assert before[-2:] == ["undo-requested", "undo-declined"]
    assert ann.get(f"/games/{game_id}").json()["undo"]["pending"] is None


def test_a_retried_consent_after_the_grant_is_a_409(stack):
    game_id, (ann, bob), _ = humans(stack)
    asked = bid_and_ask(game_id, ann)
    body = {"action": "consent", "request": asked["request"]}
    assert bob.post(f"/games/{game_id}/undo", json=body).json()["granted"] is True
    before = kinds(ann, game_id)
    again = bob.post(f"/games/{game_id}/undo", json=body)
    assert again.status_code == 409
    assert kinds(ann, game_id) == before and before.count("undo-requested") == 1


def test_the_asker_withdraws_and_a_late_consent_then_is_a_409(stack):
    game_id, (ann, bob), _ = humans(stack)
    asked = bid_and_ask(game_id, ann)
    body = {"request": asked["request"]}
    assert bob.post(f"/games/{game_id}/undo", json={"action": "withdraw", **body}).status_code == 422  # not bob's
    assert ann.post(f"/games/{game_id}/undo", json={"action": "withdraw", **body}).json()["settled"] == "withdrawn"
    assert bob.post(f"/games/{game_id}/undo", json={"action": "consent", **body}).status_code == 409
    assert kinds(ann, game_id)[-2:] == ["undo-requested", "undo-withdrawn"]


def test_a_request_while_one_is_pending_is_a_409_not_a_consent(stack):
    game_id, (ann, bob, cy), _ = humans(stack, 3)
    asked = bid_and_ask(game_id, ann)
    before = kinds(ann, game_id)
    r = bob.post(f"/games/{game_id}/undo", json={})  # the old shared verb: now always a request
    assert r.status_code == 409
    assert kinds(ann, game_id) == before
    assert bob.post(f"/games/{game_id}/undo", json={"action": "consent"}).status_code == 422  # names no request
    one = bob.post(f"/games/{game_id}/undo", json={"action": "consent", "request": asked["request"]}).json()
    assert one["granted"] is False and one["waiting_for"] == [2]
    two = cy.post(f"/games/{game_id}/undo", json={"action": "consent", "request": asked["request"]}).json()
    assert two["granted"] is True


def test_the_cli_answers_the_pending_request_by_its_version(stack):
    import json

    game_id, (ann, bob), tokens = humans(stack)
    asked = bid_and_ask(game_id, ann)
    declined = json.loads(stack.cli("--token", tokens[1], "undo", game_id, "--decline", "--json").stdout)
    assert declined["settled"] == "declined"
    late = stack.cli("--token", tokens[1], "undo", game_id, "--consent", "--json", check=False)
    assert late.returncode != 0  # nothing pending any more: no new request either
    assert kinds(ann, game_id)[-2:] == ["undo-requested", "undo-declined"]
    again = ann.post(f"/games/{game_id}/undo", json={}).json()
    assert again["request"] > asked["request"]
    granted = json.loads(stack.cli("--token", tokens[1], "undo", game_id, "--consent", "--json").stdout)
    assert granted["granted"] is True
