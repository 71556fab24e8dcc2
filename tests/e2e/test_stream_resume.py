"""A browser's EventSource that loses its connection reconnects by itself and sends `Last-Event-ID` (the
id of the last event it got: a version); the stream then goes on after that event, as the README says.
Before, the header was ignored and the whole log came again from version 1."""

from __future__ import annotations

import httpx
import pytest

from tests.e2e.helpers import wait_until_finished

pytestmark = pytest.mark.e2e


def ids(stack, game_id, **kw) -> list[int]:
    out = []
    with httpx.stream("GET", f"{stack.url}/games/{game_id}/events/stream", timeout=30, **kw) as r:
        assert r.status_code == 200, r.read()
        for line in r.iter_lines():
            if line.startswith("id:"):
                out.append(int(line[3:]))
    return out


def test_last_event_id_resumes_after_that_event(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()
    game_id = created["id"]
    last = wait_until_finished(stack.client(), game_id)["version"]
    assert ids(stack, game_id) == list(range(1, last + 1))
    assert ids(stack, game_id, headers={"Last-Event-ID": "3"}) == list(range(4, last + 1))
    # `from` and the header together: the later of the two
    assert ids(stack, game_id, params={"from": 6}, headers={"Last-Event-ID": "3"}) == list(range(6, last + 1))
    assert ids(stack, game_id, params={"from": 2}, headers={"Last-Event-ID": "4"}) == list(range(5, last + 1))


@pytest.mark.parametrize("bad", ["abc", "-1", "1e3", "99999999999999999999"])
def test_a_last_event_id_that_is_no_version_is_a_400(stack, bad):
    created = stack.client().post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()
    r = stack.client().get(f"/games/{created['id']}/events/stream", headers={"Last-Event-ID": bad})
    assert r.status_code == 400, r.text
    assert set(r.json()) >= {"error", "detail"} and "Last-Event-ID" in r.json()["detail"]
