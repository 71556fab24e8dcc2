"""A POST that takes no fields (resign, come back, fork, a tournament's advance) refuses a body it cannot
read, as every other route does: malformed JSON or a field it does not have is a 400 and changes nothing.
Before, resign ignored its body: `{not json` resigned the seat. No body and `{}` still do what they say.
A fork's `at` past 2^53 is a 400 like every other version in a query (it forked at the head)."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def game(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["ann", "bob"]}).json()
    ann = stack.client(created["seats"][0]["token"])
    wait_for_human(ann, created["id"], 0)
    return created["id"], ann


@pytest.mark.parametrize("route", ["resign", "return", "fork"])
@pytest.mark.parametrize("body", [b"{not json", b'{"reason": "x"}', b'{"x": 1}', b"[]"])
def test_a_body_a_bodiless_post_cannot_read_is_a_400_that_changes_nothing(stack, route, body):
    game_id, ann = game(stack)
    before = ann.get(f"/games/{game_id}").json()["version"]
    lobby = len(stack.client().get("/games").json())
    r = ann.post(f"/games/{game_id}/{route}", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400, (route, body, r.status_code, r.text)
    assert set(r.json()) >= {"error", "detail"}
    assert ann.get(f"/games/{game_id}").json()["version"] == before
    assert len(stack.client().get("/games").json()) == lobby


def test_no_body_or_an_empty_object_still_resigns(stack):
    game_id, ann = game(stack)
    assert ann.post(f"/games/{game_id}/resign").status_code == 200
    game_id, ann = game(stack)
    assert ann.post(f"/games/{game_id}/resign", json={}).status_code == 200


def test_a_fork_at_past_two_to_the_53_is_a_400(stack):
    game_id, ann = game(stack)
    r = ann.post(f"/games/{game_id}/fork", params={"at": 2 ** 53 + 1})
    assert r.status_code == 400, r.text


def test_refusals_name_the_seat_by_its_player(stack):
    """A refusal said "it is not seat 0's turn" or "seat 0 has resigned already": ids, not people."""
    created = stack.client().post("/games", json={"type": "yangtze", "players": ["ann", "bob"]}).json()
    game_id, names = created["id"], ["ann", "bob"]
    seats = [stack.client(s["token"]) for s in created["seats"]]
    deadline = time.monotonic() + 60
    while not (acting := [s for s in seats[0].get(f"/games/{game_id}").json()["actors"] if s in (0, 1)]):
        assert time.monotonic() < deadline, "nobody came to act"
        time.sleep(0.05)
    mover, other = acting[0], 1 - acting[0]  # (who begins is drawn)
    move = seats[mover].get(f"/games/{game_id}/moves").json()[0]
    r = seats[other].post(f"/games/{game_id}/moves", json={"move": move})
    assert r.status_code == 403, r.text
    assert f"{names[other]} (seat {other})" in r.json()["detail"] and f"waiting for {names[mover]}" in r.json()["detail"], r.text
    assert seats[other].post(f"/games/{game_id}/resign").status_code == 200
    again = seats[other].post(f"/games/{game_id}/resign")
    assert f"{names[other]} (seat {other}) has resigned already" in again.json()["detail"], again.text


@pytest.mark.parametrize("expected", [-1, 2 ** 53 + 1])
def test_an_expected_version_that_no_game_has_is_a_400(stack, expected):
    """It was a 409 (the game "moved on"), which tells a client to read the game and try again."""
    game_id, ann = game(stack)
    move = ann.get(f"/games/{game_id}/moves").json()[0]
    r = ann.post(f"/games/{game_id}/moves", json={"move": move, "expected_version": expected})
    assert r.status_code == 400, r.text
