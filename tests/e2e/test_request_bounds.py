"""Two refusals in the right order and at the right bound: the page's frame and replay took a version
past 2^53 (200, where `state?at=` answers 400 as the README says for `from`/`at`), and a withdrawal with a
token that is nobody's answered 422 for an unknown entrant name instead of 401 (the body was read before
the caller)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e


def test_a_version_past_2_to_the_53_is_refused_everywhere(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"]}).json()
    for path in ("/state", "/view/frame", "/replay"):
        r = stack.client().get(f"/games/{created['id']}{path}", params={"at": 10**23})
        assert r.status_code == 400, (path, r.status_code, r.text[:200])


def test_a_withdrawal_by_nobody_is_a_401_whatever_it_names(stack):
    t = stack.client().post("/tournaments", json={"type": "toy", "players": ["ann", "bob:ai-random"]}).json()
    r = stack.client("garbage").post(f"/tournaments/{t['id']}/withdraw", json={"entrant": "nobody"})
    assert r.status_code == 401, r.text
    ann = next(e["token"] for e in t["entrants"] if "token" in e)
    r = stack.client(ann).post(f"/tournaments/{t['id']}/withdraw", json={"entrant": "nobody"})
    assert r.status_code == 422, r.text  # a known caller naming nobody: the name is what is wrong
