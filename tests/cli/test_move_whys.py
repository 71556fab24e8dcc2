"""`caravan game play` and `caravan moves` say under a group of moves why such a move is offered (the game's
guide.py WHY, the line the game page shows), once for a run of groups of the same kind; the numbered moves
are as before."""

from __future__ import annotations

import random
import re

import msgspec

from cli import words
from games import registry
from games.protocol import CHANCE


def _kashgar_caravans():
    """Kashgar at a seat's first choice of caravans (after the start cards): three groups, one kind of move."""
    game = registry.get("kashgar")
    state, rng = game.setup(2, game.check_options({})), random.Random(3)
    while True:
        actors = game.actors(state)
        if CHANCE in actors:
            state = game.play_chance(state, rng)
            continue
        seat = min(actors)
        moves = [msgspec.to_builtins(m) for m in game.legal_moves(state, seat)]
        if moves[0]["type"] != "place-start-cards":
            return words.menu(words.for_type("kashgar"), msgspec.to_builtins(game.view(state, seat)), moves, seat)
        state = game.apply(state, seat, game.decode_move(moves[0]))


def test_a_group_says_why_once_for_a_run_of_the_same_kind():
    m = _kashgar_caravans()
    assert len(set(m.groups)) == 3 and {x["type"] for x in m.moves} == {"caravan-action"}, m.groups
    why = registry.why(registry.get("kashgar"), "caravan-action")
    lines = words.menu_lines(m, height=10_000, width=300)
    assert sum(1 for line in lines if line.strip() == f"({why})") == 1, lines
    numbered = [int(x.group(1)) for line in lines if (x := re.match(r"^\s+(\d+)  ", line))]
    assert numbered == list(range(len(m.moves)))  # every move still listed, numbered in order


def test_a_game_without_a_guide_adds_no_line():
    m = words.menu(words.Words(), None, [{"type": "bid", "card": 1}, {"type": "bid", "card": 2}])
    assert m.whys == [None, None]
    assert words.menu_lines(m, height=10_000, width=200) == ["bid:", f"    0  {m.choices[0]}", f"    1  {m.choices[1]}"]
