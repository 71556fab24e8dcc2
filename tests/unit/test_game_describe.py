"""`Game.describe` says a move in the game's own words (its describe module without a seat's view),
never as the move's JSON, for every move and chance outcome of a played game of each of the four."""

from __future__ import annotations

import random

import pytest

from ai.simple import random_move
from games.protocol import CHANCE, sample_chance
from games.registry import describer, get
from tests.toygame import GAME as TOY, Roll


@pytest.mark.parametrize("game_id", ["bangkok-klongs", "himalaya", "kashgar", "yangtze"])
def test_every_move_of_a_game_in_words(game_id):
    game = get(game_id)
    say = describer(game).describe_move
    rng = random.Random(7)
    state = game.setup(game.min_players, game.check_options(None))
    said = 0
    while game.actors(state) and said < 2000:
        actors = game.actors(state)
        if CHANCE in actors:
            who, move = CHANCE, sample_chance(game.chance(state), rng)
        else:
            who = min(actors)
            move = random_move(game, state, who, rng)
        line = game.describe(move)
        assert line == say(move, None)
        assert not line.startswith("{"), line
        said += 1
        state = game.apply(state, who, move)
    assert said > 50


def test_a_game_without_words_says_the_json():
    assert TOY.describe(Roll(face=3)) == '{"type":"roll","face":3}'


def test_a_drawn_boat_is_named_once():
    from games.bangkok_klongs.content import BOATS
    from games.bangkok_klongs.moves import Draw

    module = describer(get("bangkok-klongs"))
    draw = Draw(boat=next(b.id for b in BOATS if b.baskets))
    for line in (module.describe_chance(draw, None), module.describe_move(draw, None)):
        assert "pile: boat:" not in line and "from the pile: " in line, line


def test_a_fulfilled_order_names_its_rewards_as_things_taken():
    from games.himalaya.moves import Fulfil

    say = describer(get("himalaya")).describe_move
    assert say(Fulfil(trade=True), None) == "fulfil the order, taking the ring (trade)"
    assert say(Fulfil(trade=True, offering=True, delegates=("A", "H")), None) == \
        "fulfil the order, taking the ring (trade) + a stupa (offering) + delegates to regions A, H"
    assert say(Fulfil(delegates=("C",)), None) == "fulfil the order, taking a delegate to region C"
    assert say(Fulfil(), None) == "fulfil the order, taking no reward"


def test_each_side_of_the_patriarch_card_says_which_way_it_turns():
    from games.kashgar.content import MATRIARCH, PATRIARCH
    from games.kashgar.describe import card_summary, person

    flips = {card: next(person(card, i) for i in range(2) if "turn the" in person(card, i)) for card in (PATRIARCH, MATRIARCH)}
    assert flips[PATRIARCH].endswith("turn the Patriarch to the Matriarch")
    assert flips[MATRIARCH].endswith("turn the Matriarch to the Patriarch")
    assert "turn the Matriarch to the Patriarch" in card_summary(MATRIARCH)


def test_a_kashgar_gain_of_several_of_one_spice_says_one_spice():
    from games.kashgar.describe import person

    assert person("SD03", 0).endswith("gain 3 of one spice of your choice")  # the Market Woman: +3 of one spice
    assert person("ST02", 0).endswith("gain 1 spice of your choice")


def test_a_himalaya_decline_says_what_the_seat_lets_go():
    from games.himalaya.moves import Decline

    assert describer(get("himalaya")).describe_move(Decline(), None) == "trade nothing here (neither collect nor fulfil)"


def test_a_kashgar_amount_of_one_mule_is_a_mule():
    from games.kashgar.describe import person

    assert person("AD05", 0, True).endswith("the others lose 1 mule")  # the Customs Officer's farewell


def test_a_results_words_name_the_players_for_their_seat_numbers():
    from games.naming import named

    detail = "seat 1 leads two influences; seat 0: E 0 R 0 P 0, seat 1: E 32 R 9 P 4, seat 12: E 1"
    assert named(detail, ["ann", "bob"]) == ("bob leads two influences; ann: E 0 R 0 P 0, bob: E 32 R 9 P 4, "
                                             "seat 12: E 1")
    assert named(detail, None) == detail
    assert named("the seats 1 and 2", {1: "bob"}) == "the seats 1 and 2"
