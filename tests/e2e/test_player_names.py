"""A game's player names keep the tournament's rule: the CLI's `--as` reads a number as a seat and
`arbiter` as the arbiter, so a player called `0` or `arbiter` could not name their own seat (`--as 0`
was seat 0, whoever sat there): such names are refused, as are blank names and names with control or
bidirectional-override characters; the spaces around a name are trimmed."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.e2e

REFUSED = ["arbiter", "0", "12", "٣", "   ", "ann\u202eevil", "a\nb",
           "Arbiter", "ａｒｂｉｔｅｒ", "the arbiter", "chance", "seat 1", "+1", "1_0", "you"]


@pytest.mark.parametrize("name", REFUSED)
def test_a_name_that_reads_as_a_seat_or_hides_text_is_refused(stack, name):
    c = stack.client()
    def game_ids():  # earlier tests' AI games still move on, so only the set of games is compared
        return {g["id"] for g in c.get("/games").json()}

    before = game_ids()
    r = c.post("/games", json={"type": "toy", "players": [name, "bob:ai-random"]})
    assert r.status_code in (400, 422), (name, r.status_code, r.text)
    assert set(r.json()) >= {"error", "detail"} and "name" in r.json()["detail"], r.text
    assert game_ids() == before


def test_the_spaces_around_a_name_are_trimmed(stack):
    created = stack.client().post("/games", json={"type": "toy", "players": ["  ann ", "bob:ai-random"]})
    assert created.status_code == 201, created.text
    assert [p["name"] for p in stack.client().get(f"/games/{created.json()['id']}").json()["players"]][0] == "ann"


LOOK_ALIKES = ["\u0430rbiter",  # Cyrillic а
               "\u0410RBITER",  # Cyrillic А, the rest Latin capitals
               "arbit\u0435r",  # Cyrillic е
               "\u03bfbody".replace("\u03bf", "n\u03bf"),  # "nοbody", Greek omicron
               "\u0441hance",  # Cyrillic с
               "arbite\u0433".replace("\u0433", "r\u0301"),  # an accent on a letter
               "y\u043eu",  # Cyrillic о
               "the  arbiter",  # two spaces (a page shows one)
               "th\u0435 arbiter"]  # Cyrillic е


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_name_that_only_looks_like_a_reserved_word_is_refused(stack, name):
    c = stack.client()
    r = c.post("/games", json={"type": "toy", "players": [name, "bob:ai-random"]})
    assert r.status_code in (400, 422), (name, r.status_code, r.text)
    assert "name" in r.json()["detail"], r.text


@pytest.mark.parametrize("pair", [("ann", "Ann"), ("ann", "\u0430nn"), ("bob", "BOB"), ("zoë", "zoe"), ("ann", "ａｎｎ")])
def test_two_players_whose_names_read_alike_are_refused(stack, pair):
    r = stack.client().post("/games", json={"type": "toy", "players": list(pair)})
    assert r.status_code in (400, 422), (pair, r.status_code, r.text)
    assert "alike" in r.json()["detail"] or "duplicate" in r.json()["detail"], r.text
    body = {"type": "toy", "format": "swiss", "rounds": 1, "players": [*pair, "cy:ai-random", "di:ai-random"]}
    assert stack.client().post("/tournaments", json=body).status_code in (400, 422)


def test_names_in_other_scripts_are_welcome(stack):
    for name in ("Анна", "Ελένη", "zoë", "José", "李"):
        r = stack.client().post("/games", json={"type": "toy", "players": [name, "bob:ai-random"]})
        assert r.status_code == 201, (name, r.text)
