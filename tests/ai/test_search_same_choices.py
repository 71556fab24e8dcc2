"""The search chooses exactly what it chose before it was split into modules and its tree reuse moved
into `ai.player.SearchPlayer` (issue 56): seeded searches with iteration caps over the four games, six
search settings, and a seat's searches in a row with its tree kept; the recorded answers
(tests/ai/data/same_choices.json) were computed by the search on HEAD before the change."""

from __future__ import annotations

import json
import random

import pytest

from ai.ismcts import search
from ai.player import Players, SearchPlayer
from tests.ai.same_choices import DATA, ITERATIONS, answer, cases, reuse_cases, reuse_sequence

RECORDED = json.loads(DATA.read_text())
CASES = cases()
REUSE = reuse_cases()


@pytest.mark.parametrize("name,game,state,seat,knobs", CASES, ids=[c[0] for c in CASES])
def test_the_search_chooses_as_recorded(name, game, state, seat, knobs):
    move, stats = search(game, state, seat, random.Random(3), budget=None, **{"iterations": ITERATIONS, **knobs})
    assert answer(move, stats) == RECORDED[name]


@pytest.mark.parametrize("name,game,state,seat", REUSE, ids=[c[0] for c in REUSE])
def test_a_player_goes_on_from_its_tree_as_recorded(name, game, state, seat):
    player = SearchPlayer(name, seat)
    got = reuse_sequence(game, state, seat,
                         lambda s, r: player.search(game, s, r, budget=None, iterations=ITERATIONS))
    assert got == RECORDED[name]


def test_the_recorded_sequences_reuse_a_tree():
    """(the data exercises reuse: some second searches went on from the first)"""
    assert any(step["reused"] for name, _, _, _ in REUSE for step in RECORDED[name])


def test_a_tree_serves_only_its_own_game_and_seat():
    """Two games' players never share a tree, and the plain search keeps nothing between calls."""
    name, game, state, seat = next(c for c in REUSE if any(step["reused"] for step in RECORDED[c[0]]))
    players = Players(size=2)
    mine = players.of("g1", seat)
    move, _ = mine.search(game, state, random.Random(1), budget=None, iterations=ITERATIONS)
    after = game.apply(state, seat, move)
    assert players.of("g2", seat).search(game, after, random.Random(2), budget=None, iterations=ITERATIONS)[1].reused == 0
    search(game, state, seat, random.Random(1), budget=None, iterations=ITERATIONS, reuse=1)
    assert search(game, after, seat, random.Random(2), budget=None, iterations=ITERATIONS, reuse=1)[1].reused == 0
    assert players.of("g1", seat) is mine and mine.kept is not None
    assert mine.search(game, after, random.Random(2), budget=None, iterations=ITERATIONS)[1].reused > 0
    players.of("g3", seat)  # a third game: the least recently used (g2's) player goes
    assert len(players) == 2 and players.of("g1", seat) is mine
