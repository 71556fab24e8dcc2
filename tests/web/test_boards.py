"""Every game's board picture, along random games, for every seat and a spectator: well-formed SVG, and
every board part a seat's legal move names (`target(move)`) is on that seat's picture to be clicked."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import msgspec
import pytest

from games.naming import with_names
from games.protocol import CHANCE
from games.registry import all_games
from service.web import frames
from tests.contract import played_out
from tests.needs import need, shipped

REAL = sorted(shipped())


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
    assert need(game, "CLICKED") <= kinds, kinds  # where clicking is natural, the board chooses these moves


def test_a_game_without_a_picture_shows_its_view_as_text():
    toy = all_games().get("toy")
    if toy is None:
        pytest.skip("the toy game is not registered")
    markup = frames.board(toy, {"a": "<b>"}, None)
    assert markup.startswith("<pre") and "&lt;b&gt;" in markup


# --- what the pictures say, and that it stays on the picture --------------------------------------------

def _words(markup: str) -> list[tuple[float, str]]:
    """Each text element of a picture (its tooltips left out): (x, the text)."""
    return [(float(x), t) for x, t in re.findall(r'<text x="([-\d.]+)"[^>]*>([^<]*)</text>', markup)]


@pytest.mark.parametrize("game_type", REAL)
def test_boards_name_the_players(game_type):
    game = all_games()[game_type]
    state = game.setup(game.min_players, game.check_options({}))
    while game.actors(state) == {CHANCE}:  # past the opening deal
        state = game.play_chance(state, random.Random(0))
    view = msgspec.json.decode(msgspec.json.encode(game.view(state, None)))
    names = ["ann", "bo", "cy", "di"][:game.min_players]
    markup = frames.board(game, with_names(view, names), None)
    shown = " ".join(t for _, t in _words(markup))
    assert all(n in shown for n in names), shown[:300]
    assert "Seat 0" not in shown and "seat 0" not in shown


def test_kashgar_orders_show_their_whole_cost_on_the_card():
    from games.kashgar.content import ORDERS
    from games.kashgar.svg import _order, order_text

    for oid in ORDERS:
        lines = [t for _, t in _words(_order(0, 0, oid))]
        assert " ".join(lines[1:]) == order_text(oid)[1]  # every part of the cost is written, not cut at the edge
        assert all(len(t) <= 36 for t in lines[1:]), lines


def test_yangtze_settlements_wrap_inside_the_board():
    from games.yangtze import GAME as YANGTZE
    from games.yangtze.content import SETTLEMENTS
    from games.yangtze.svg import W
    from tests.yangtze.positions import merchant, position

    s = position([merchant(settlements=SETTLEMENTS[:19]), merchant()])
    markup = frames.board(YANGTZE, msgspec.json.decode(msgspec.json.encode(YANGTZE.view(s, None))), None)
    boxes = [(float(x), float(w)) for x, w in re.findall(r'<rect x="([\d.]+)" y="[\d.]+" width="(112)"', markup)]
    assert len(boxes) == 19 and all(x + w <= W for x, w in boxes)
    ET.fromstring(markup)


def test_bangkok_klongs_hands_and_warehouses_read_as_boats_and_open_after_the_end():
    game = all_games()["bangkok-klongs"]
    state = played_out(game, 2, random.Random(4))
    shown = [t for _, t in _words(frames.board(game, msgspec.json.decode(msgspec.json.encode(game.view(state, None))), None))]
    hands = [t for t in shown if t.startswith("hand: ")]
    assert len(hands) == 2 and not any("only you" in t for t in shown)
    assert not any(re.search(r"[A-Z]{4,}-[A-Z]?\d", t) for t in shown), shown  # no boat ids like FLOWERS-O2b


@pytest.mark.parametrize("game_type", REAL)
def test_the_game_over_line_lists_the_players_in_rank_order(game_type):
    """The page hands the picture the result's ranks (as it hands it the names): the last line of a
    finished board reads "1. …, 2. …" as the page's header does, not in seat order."""
    game = all_games()[game_type]
    names = ["ann", "bo", "cy", "di"][:game.min_players]
    for seed in range(30):
        state = played_out(game, game.min_players, random.Random(seed))
        ranks = list(game.result(state).ranks)
        if ranks != sorted(ranks):
            break  # a game seat 0 did not win outright: seat order and rank order differ
    else:
        pytest.fail("every game went to the seats in seat order")
    view = frames.ranked(with_names(msgspec.json.decode(msgspec.json.encode(game.view(state, None))), names),
                         {"ranks": ranks})
    shown = [t for _, t in _words(frames.board(game, view, None))]
    start = max(i for i, t in enumerate(shown) if t.startswith(("Game over", "Final")))
    last = " ".join(shown[start:])  # the result's line, or its heading and a line a seat
    order = sorted(range(len(names)), key=lambda s: (ranks[s], s))
    where = [last.index(f"{ranks[s]}. {names[s]}") for s in order]
    assert where == sorted(where), last


def _numbers(s: str) -> list[int]:
    return sorted(int(n) for n in re.findall(r"\d+", s))


def test_kashgar_cards_on_the_board_say_what_the_card_words_say():
    """Each person card's effects on the board carry the numbers, goods and VP of the card in words
    (describe.py, the CLI's and the log's words): a card that gives 2 of one spice of your choice does not
    read "+2 VP" on the board."""
    from games.kashgar.content import PERSONS, RESOURCES, SPICE_NAMES
    from games.kashgar.describe import person
    from games.kashgar.svg import card_text

    for cid, p in PERSONS.items():
        said = " ".join(person(cid, i, f).split(": ", 1)[1] for f, acts in ((False, p.caravan), (True, p.farewell))
                        for i in range(len(acts)))
        drawn = card_text(cid)[1]
        assert _numbers(drawn) == _numbers(said), (cid, drawn, said)
        assert ("VP" in drawn) == ("VP" in said), (cid, drawn, said)
        for r in RESOURCES:
            if re.search(rf"\b{r}\b", drawn):
                assert SPICE_NAMES[r].rstrip("s") in said, (cid, r, drawn, said)


def test_the_wholesaler_says_the_gold_it_gives():
    from games.kashgar.describe import person

    assert person("SP02", 0) == "Wholesaler: fulfil an order, then gain 1 gold"


@pytest.mark.parametrize("width", [158, 122, 101])
def test_kashgar_card_texts_stay_on_the_card(width):
    """A card's name and effect lines fit its width (estimated at 0.62 em a bold character, 0.56 em a plain
    one) at the widths a caravan of 4, 6 and 8 cards draws them, and at most three lines show."""
    from games.kashgar.content import PERSONS
    from games.kashgar.svg import _card

    for cid in PERSONS:
        markup = _card(0, 0, cid, front=True, width=width)
        texts = re.findall(r'<text x="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*?(font-weight="700")?[^>]*>([^<]*)</text>', markup)
        assert len(texts) <= 4, (cid, texts)
        for x, size, bold, s in texts:
            s = html.unescape(s)
            assert float(x) + len(s) * float(size) * (0.62 if bold else 0.56) <= width - 2, (cid, width, s)
