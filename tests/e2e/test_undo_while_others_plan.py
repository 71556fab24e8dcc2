"""An undo while the other seats plan. In Himalaya every seat plans at once, so the AI seats' plans land
while a human asks to take its plan back: the request and its grant were two appends, and an AI plan
landing between them (a move cancels a pending request) turned the granted undo into a 409
version-conflict the player had not risked (it named no version). Now a request the AI seats consent to
is granted in the same append, and a verb that loses its version is decided again on the fresh record."""

from __future__ import annotations

import time

import pytest

from tests.e2e.helpers import wait_for_human

pytestmark = pytest.mark.e2e


def test_take_backs_while_the_ai_seats_plan_are_all_granted(stack):
    created = stack.client().post("/games", json={
        "type": "himalaya", "players": ["ann", "bob:ai-random", "cy:ai-random"]}).json()
    game_id, ann = created["id"], stack.client(created["seats"][0]["token"])
    answers = []
    for i in range(80):  # the undo sent 0-27 ms after the move, while the worker plays the AI seat it woke
        wait_for_human(ann, game_id, 0)
        move = ann.get(f"/games/{game_id}/moves").json()[0]
        played = ann.post(f"/games/{game_id}/moves", json={"move": move})
        assert played.status_code in (200, 201), played.text
        time.sleep((i % 10) * 0.003)
        undo = ann.post(f"/games/{game_id}/undo", json={"action": "request"})
        answers.append((undo.status_code, undo.json().get("granted"), undo.text))
    refused = [a for a in answers if a[:2] != (200, True)]
    assert not refused, refused  # before: about one in thirty was a 409 version-conflict
    kinds = [e["kind"] for e in ann.get(f"/games/{game_id}/events", params={"limit": 10000}).json()]
    # each request was granted in the append that made it: its undo follows it at once
    assert kinds.count("undo-requested") == 80
    assert all(kinds[i + 1] == "undo" for i, k in enumerate(kinds) if k == "undo-requested"), kinds
