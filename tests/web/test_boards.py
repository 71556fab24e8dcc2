"""Every game's board picture, along random games, for every seat and a spectator: well-formed SVG, and
every board part a seat's legal move names (`target(move)`) is on that seat's picture to be clicked."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import msgspec
import pytest

from games.protocol import CHANCE
from games.registry import all_games
from service.web import frames

REAL = sorted(g for g in all_games() if g != "toy")


@pytest.mark.parametrize("game_type", REAL)
def test_boards_are_svg_with_a_part_to_click_for_every_targeted_move(game_type):
    game = all_games()[game_type]
    assert frames.svg_module(game) is not None
    rng = random.Random(2)
    seats = game.min_players
    state = game.setup(seats, game.check_options({}))
    targeted, kinds = 0, set()
    for _ in range(400):
        if game.result(state) is not None:
            break
        for seat in [None, *range(seats)]:
            view = msgspec.json.decode(msgspec.json.encode(game.view(state, seat)))
            markup = frames.board(game, view, seat)
            ET.fromstring(markup)  # well-formed
            parts = set(re.findall(r'data-target="([^"]+)"', markup))
            if seat is not None:
                mine = {**view, "you": seat} if isinstance(view, dict) and view.get("you") is None else view
                for entry in frames.move_entries(game, [msgspec.to_builtins(m) for m in game.legal_moves(state, seat)], mine):
                    assert entry["text"] and entry["group"]
                    if entry["target"] is not None:
                        assert entry["target"] in parts, (entry, sorted(parts)[:10])
                        targeted += 1
                        kinds.add(entry["move"]["type"])
        actors = game.actors(state)
        if CHANCE in actors:
            state = game.play_chance(state, rng)
        else:
            seat = rng.choice(sorted(actors))
            state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    assert targeted > 0
    assert CLICKED[game_type] <= kinds, kinds  # where clicking is natural, the board chooses these moves


CLICKED = {"kashgar": {"caravan-action", "pass"}, "yangtze": {"buy"}, "bangkok-klongs": {"place", "move-boat"},
           "himalaya": {"place-caravan", "plan-slot"}}


def test_a_game_without_a_picture_shows_its_view_as_text():
    toy = all_games().get("toy")
    if toy is None:
        pytest.skip("the toy game is not registered")
    markup = frames.board(toy, {"a": "<b>"}, None)
    assert markup.startswith("<pre") and "&lt;b&gt;" in markup
