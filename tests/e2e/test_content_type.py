"""A route that takes JSON takes only JSON (issue 55, item 7): any web page can make its visitors'
browsers post a form or `text/plain` to the API (no preflight), and such a body used to be parsed as
JSON all the same, so another site could create games, tournaments and analyses through them. Now it is a
415 `{"error", "detail"}` and nothing runs; the same body sent as JSON is taken."""

from __future__ import annotations

import json

import pytest

from tests.e2e.helpers import wait_for_human
from tests.e2e.test_bad_input import assert_refused, new_toy

pytestmark = pytest.mark.e2e

GAME = json.dumps({"type": "toy", "players": ["a:ai-random", "b:ai-random"]})
OTHER_TYPES = ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
               None]  # None: a body without a content type (a browser's Blob of no type sends none)


@pytest.mark.parametrize("content_type", OTHER_TYPES)
def test_a_game_is_not_created_from_a_body_that_is_not_sent_as_json(stack, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    with stack.client() as c:
        body = assert_refused(c.post("/games", content=GAME, headers=headers), 415)
    assert body["error"] == "unsupported-media-type" and "application/json" in body["detail"]


def test_tournaments_analyses_and_moves_take_only_json(stack):
    game_id, tokens = new_toy(stack)
    with stack.client() as c:
        tournament = json.dumps({"type": "toy", "players": ["a:ai-random", "b:ai-random"]})
        assert_refused(c.post("/tournaments", content=tournament, headers={"Content-Type": "text/plain"}), 415)
        assert_refused(c.post(f"/games/{game_id}/analysis", content="{}", headers={"Content-Type": "text/plain"}), 415)
    with stack.client(tokens[0]) as ann:
        version = wait_for_human(ann, game_id, 0)["version"]
        move = ann.get(f"/games/{game_id}/moves").json()[0]
        r = ann.post(f"/games/{game_id}/moves", content=json.dumps({"move": move}), headers={"Content-Type": "text/plain"})
        assert_refused(r, 415)
        assert ann.get(f"/games/{game_id}").json()["version"] == version  # no move was played


def test_json_with_a_charset_or_a_json_suffix_is_taken_and_a_bodiless_post_needs_no_type(stack):
    with stack.client() as c:
        assert c.post("/games", content=GAME, headers={"Content-Type": "application/json; charset=utf-8"}).status_code == 201
        assert c.post("/games", content=GAME, headers={"Content-Type": "application/vnd.caravan+json"}).status_code == 201
    game_id, tokens = new_toy(stack)
    with stack.client(tokens[0]) as ann:
        assert ann.post(f"/games/{game_id}/resign").status_code == 200  # no body, no content type
