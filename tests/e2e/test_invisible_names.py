"""Names are visibly distinct and never blank-looking (issue 55, item 13): `ann` and `ann` + U+3164
HANGUL FILLER sat at one table, as did names holding U+115F, U+2800 (braille blank) or U+17B5. A name
holding a character drawn as nothing (Unicode's Default_Ignorable_Code_Point, or the braille blank) is
refused, and names are compared through Unicode's confusables (UTS #39), not a list of our own."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

UNSEEN = ["ann\u3164", "ann\u115f", "ann\u2800", "ann\u17b5", "\u3164", "\u2800\u2800", "a\u200bnn",
          "ann\u00ad", "ann\ufe0f", "\u0301\u0301"]


def game_ids(c) -> set[str]:
    return {g["id"] for g in c.get("/games").json()}


@pytest.mark.parametrize("name", UNSEEN)
def test_a_name_with_a_character_drawn_as_nothing_is_refused(stack, name):
    c = stack.client()
    before = game_ids(c)
    r = c.post("/games", json={"type": "toy", "players": ["ann", name]})
    assert r.status_code in (400, 422), (name, r.status_code, r.text)
    assert set(r.json()) >= {"error", "detail"} and "name" in r.json()["detail"], r.text
    assert game_ids(c) == before


def test_a_tournament_refuses_them_too(stack):
    c = stack.client()
    body = {"type": "toy", "format": "swiss", "rounds": 1, "players": ["ann", "ann\u3164", "cy:ai-random", "di:ai-random"]}
    assert c.post("/tournaments", json=body).status_code in (400, 422)
    r = c.post("/tournaments", json={**body, "players": ["ann", "bo", "cy:ai-random", "di:ai-random"], "name": "cup\u3164"})
    assert r.status_code in (400, 422), r.text


# Pairs Unicode's confusables table folds together that the old hand-made list did not.
@pytest.mark.parametrize("pair", [("mary", "rnary"), ("bob", "b0b"), ("tom", "t\u0585m"), ("ann", "a\u057cn"), ("joe", "j\u1d0fe")])
def test_names_drawn_alike_by_the_confusables_table_are_refused(stack, pair):
    r = stack.client().post("/games", json={"type": "toy", "players": list(pair)})
    assert r.status_code in (400, 422), (pair, r.status_code, r.text)
    assert "alike" in r.json()["detail"], r.text
