"""The terminal boards and the log speak of people by name and of things in words: for every game, a
position reached by random play is drawn with the players' names (no "seat N" left), and another
seat's move told from the position it was played in names what it used."""

from __future__ import annotations

import random
import re
from itertools import islice

import msgspec
import pytest

from cli import words
from cli.board import named_view
from games import registry
from tests.contract import walk

GAMES = ["kashgar", "yangtze", "bangkok-klongs", "himalaya"]
NAMES = ["Anna", "Ben", "Cleo"]


def positions(game_type: str, seed: int, steps: int):
    """(state before, actor, move) along a random game of 3 players, up to `steps` moves."""
    return islice(walk(registry.get(game_type), 3, random.Random(seed)), steps)


def answer(game_type: str, state, seat: int) -> dict:
    """What the API sends a seat (the part the CLI draws from)."""
    game = registry.get(game_type)
    return {"type": game_type, "you": seat, "players": [{"seat": i, "name": n} for i, n in enumerate(NAMES)],
            "view": msgspec.to_builtins(game.view(state, seat))}


@pytest.mark.parametrize("game_type", GAMES)
def test_the_board_names_the_players(game_type):
    game = registry.get(game_type)
    drawn = 0
    for i, (state, _, _) in enumerate(positions(game_type, 3, 120)):
        if i % 15:
            continue
        text = game.render(named_view(answer(game_type, state, 1)), 1)
        assert not re.search(r"\bseat \d", text, re.IGNORECASE), text
        drawn += 1
        if any(n in text for n in NAMES):
            continue
        assert game_type == "himalaya" and "setup" in text  # before seating, nobody is named yet
    assert drawn >= 5


def test_kashgar_hands_and_orders_read_in_words():
    for state, _, _ in positions("kashgar", 5, 200):
        text = registry.get("kashgar").render(named_view(answer("kashgar", state, 0)), 0)
        assert not re.search(r"\d (GI|CL|PE|SA|CI|GO|MU)\b", text), text  # "4 GI + 3 PE" reads "4 ginger + 3 pepper"


def test_bangkok_hands_show_boats_not_card_ids():
    shown = 0
    for state, _, _ in positions("bangkok-klongs", 7, 60):
        text = registry.get("bangkok-klongs").render(named_view(answer("bangkok-klongs", state, 1)), 1)
        hand = next(line for line in text.splitlines() if "hand:" in line).split("hand:")[1].strip()
        if hand:
            assert not re.search(r"[A-Z]{4,}-", hand) and ("basket" in hand or "boat" in hand), hand
            shown += 1
    assert shown >= 10


def test_another_seats_kashgar_move_names_the_card_it_used():
    w = words.for_type("kashgar")
    told = 0
    for state, seat, move in positions("kashgar", 11, 150):
        if seat < 0 or type(move).__name__ != "CaravanAction":
            continue
        before = answer("kashgar", state, (seat + 1) % 3)["view"]  # the reader is the next seat
        front = before["players"][seat]["caravans"][move.caravan][0]
        from games.kashgar.content import PERSONS

        e = {"kind": "move", "actor": seat, "version": 9, "payload": {"move": msgspec.to_builtins(move)}}
        line = words.event_line(w, e, dict(enumerate(NAMES)), (seat + 1) % 3, before)
        assert line.startswith(NAMES[seat]) and PERSONS[front].name in line, line
        assert "front card's" not in line
        told += 1
    assert told >= 5
