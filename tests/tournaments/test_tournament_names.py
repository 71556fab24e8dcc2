"""A tournament's name, and its entrants' names, are text a person can read as it is: a blank name, or one
with control or bidirectional-override characters (U+202E turns what follows around on a page or a
terminal), is refused with a clear 4xx and nothing is written. Against the real stack."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

BAD = {"blank": "   ", "empty": "", "tab": "\t", "rlo": "cup \u202eevil", "lri": "a\u2066b", "zwsp": "\u200b",
       "newline": "cup\nfinal", "escape": "cup\x1b[31m", "nbsp-only": "\u00a0"}


def count(c) -> int:
    return len(c.get("/tournaments").json())


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_tournament_name_that_is_blank_or_has_control_characters_is_refused(stack, case):
    c = stack.client()
    before = count(c)
    r = c.post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"], "name": BAD[case]})
    assert r.status_code in (400, 422), r.text
    assert set(r.json()) >= {"error", "detail"} and "name" in r.json()["detail"]
    assert count(c) == before


@pytest.mark.parametrize("case", ["blank", "rlo", "lri", "zwsp", "escape", "nbsp-only"])
def test_an_entrant_name_that_is_blank_or_has_control_characters_is_refused(stack, case):
    c = stack.client()
    before = count(c)
    r = c.post("/tournaments", json={"type": "toy", "players": [BAD[case], "b:ai-random", "c:ai-random"]})
    assert r.status_code in (400, 422), r.text
    assert set(r.json()) >= {"error", "detail"} and "name" in r.json()["detail"]
    assert count(c) == before


def test_a_fair_name_is_kept_as_written_but_for_the_spaces_around_it(stack):
    r = stack.client().post("/tournaments", json={"type": "toy", "players": ["a:ai-random", "b:ai-random"],
                                                  "name": "  Spring cup: Ürümqi 2 — final "})
    assert r.status_code == 201, r.text
    assert r.json()["name"] == "Spring cup: Ürümqi 2 — final"
