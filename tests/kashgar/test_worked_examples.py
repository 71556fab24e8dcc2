"""Section 11 of the rules specification: every worked example, with its exact numbers."""

import pytest

from games.kashgar import GAME
from games.kashgar.moves import (CaravanAction, DealStart, DrawCard, DrawOrder, Farewell, FulfilDrawn, Keep, Pass,
                                 PlaceStartCards)
from games.protocol import CHANCE, IllegalMove

from .position import board, chance, play, position, res


def test_example_1_setup_and_start_player_with_three_players():
    s = GAME.setup(3, GAME.check_options(None))
    for o in ("K01", "K02", "L01", "X01"):  # the display is revealed first (setup step 4)
        s = chance(s, DrawOrder(order=o))
    deal = {0: ("ST07", "ST02", "ST11"), 1: ("ST04", "ST09", "ST12"), 2: ("ST01", "ST05", "ST08")}
    for seat in range(3):
        for card in deal[seat]:
            s = chance(s, DealStart(card=card))
    for seat in range(3):
        assert GAME.actors(s) == {seat}
        s = play(s, seat, PlaceStartCards(cards=deal[seat]))
    assert s.start_player == 2 and s.current == 2  # Cara holds rank 1 (Farmhand)
    assert sorted(s.start_pool) == ["ST03", "ST06", "ST10"]  # ranks 3, 6, 10 stay in the box unseen
    assert GAME.view(s, 0)["decks"]["start_box"] == 3 and "ST03" not in str(GAME.view(s, 0))
    patriarchs = sum(c.count("PM") for p in s.seats for c in p.caravans)
    assert patriarchs == 9 and s.spare_patriarch  # 9 in caravans, 1 spare, 3 in the box
    assert all(p.board == board("3/3/3/3/3 | 3 | 3") for p in s.seats)
    # the turn order is Cara, Anna, Ben; a round ends after Ben's turn
    order = []
    for turn in range(4):
        order.append(s.current)
        s = play(s, s.current, CaravanAction(caravan=turn // 3, action=1))  # flip a Patriarch
    assert order == [2, 0, 1, 2] and s.round == 2


def test_example_2_patriarch_draws_two_standard_cards_and_keeps_one():
    s = position(caravans={0: [["PM", "ST02"], ["PM", "ST01"], ["PM", "ST03"]]})
    assert Pass(caravan=0) not in GAME.legal_moves(s, 0)  # Patriarch! may not pass
    with pytest.raises(IllegalMove):
        play(s, 0, Pass(caravan=0))
    s = play(s, 0, CaravanAction(caravan=0, action=0))
    assert s.seats[0].caravans[0] == ("ST02", "PM")
    s = chance(s, DrawCard(card="SD01"))
    s = chance(s, DrawCard(card="SD02"))
    s = play(s, 0, Keep(cards=("SD01",)))
    assert s.seats[0].caravans[0] == ("ST02", "PM", "SD01")
    assert s.discard == ("SD02",)
    # had the player flipped instead: [Shopkeeper, Matriarch], no card drawn
    f = play(position(caravans={0: [["PM", "ST02"], ["PM"], ["PM"]]}), 0, CaravanAction(caravan=0, action=1))
    assert f.seats[0].caravans[0] == ("ST02", "MM") and f.discard == ()


def test_example_3_shopkeeper_farewell_fulfils_the_large_order_l01():
    s = position(caravans={0: [["ST02", "PM", "SD01"], ["PM"], ["PM"]]}, boards={0: "3/3/3/3/7 | 3 | 3"},
                 display=("K01", "K02", "L01", "X01"))
    s = play(s, 0, Farewell(caravan=0, order="L01"))
    assert s.seats[0].caravans[0] == ("PM", "SD01")
    assert s.seats[0].board == board("3/3/3/3/1 | 3 | 2")
    assert s.seats[0].orders == ("L01",) and GAME.view(s, 1)["players"][0]["vp"] == 4
    assert len(s.display) == 3  # the refill is a chance step
    s = chance(s, DrawOrder(order="K05"))
    assert len(s.display) == 4 and "K05" in s.display and s.current == 1


def test_example_4_caps_and_the_slash_choice():
    s = position(caravans={0: [["SD01", "PM"], ["PM"], ["PM"]]}, boards={0: "8/2/3/3/3 | 3 | 3"})
    gi = play(s, 0, CaravanAction(caravan=0, spice="GI"))
    cl = play(s, 0, CaravanAction(caravan=0, spice="CL"))
    assert (res(gi, 0, "GI"), res(gi, 0, "CL")) == (9, 2)  # one unit lost, never both
    assert (res(cl, 0, "GI"), res(cl, 0, "CL")) == (8, 4)
    fw = play(s, 0, Farewell(caravan=0))
    assert (res(fw, 0, "GI"), res(fw, 0, "CL")) == (9, 5)
    mule = position(caravans={0: [["SD11", "PM"], ["PM"], ["PM"]]}, boards={0: "3/3/3/3/3 | 2 | 5"})
    after = play(mule, 0, CaravanAction(caravan=0))
    assert (res(after, 0, "GO"), res(after, 0, "MU")) == (0, 6)
    poor = position(caravans={0: [["SD11", "PM"], ["PM"], ["PM"]]}, boards={0: "3/3/3/3/3 | 1 | 5"})
    assert CaravanAction(caravan=0) not in GAME.legal_moves(poor, 0)
    with pytest.raises(IllegalMove, match="cannot pay"):
        play(poor, 0, CaravanAction(caravan=0))
    assert Pass(caravan=0) in GAME.legal_moves(poor, 0)


def test_example_5_set_may_lower_a_value():
    s = position(caravans={0: [["SD04", "PM"], ["PM"], ["PM"]]}, boards={0: "2/3/8/3/3 | 9 | 3"})
    assert res(play(s, 0, CaravanAction(caravan=0, spice="PE")), 0, "PE") == 5
    assert res(play(s, 0, CaravanAction(caravan=0, spice="GI")), 0, "GI") == 5
    assert res(play(s, 0, Farewell(caravan=0)), 0, "GO") == 5


def test_example_6_negative_card_vp_disappears_with_the_farewell():
    s = position(caravans={0: [["SD05", "PM"], ["PM", "SD02"], ["PM", "SD06"]]}, orders={0: ("K02", "K09")},
                 boards={0: "4/2/0/0/0 | 0 | 2"}, display=("K01", "K03", "L01", "X01"))
    assert GAME.view(s, 0)["players"][0]["vp"] == 8
    s = play(s, 0, Farewell(caravan=0, order="K01"))
    assert s.seats[0].board == board("1/0/0/0/0 | 0 | 2")
    assert GAME.view(s, 0)["players"][0]["vp"] == 11


def test_example_7_farmer_fulfils_a_drawn_grain_field_free():
    s = position(caravans={0: [["SD09", "PM"], ["PM"], ["PM"]]}, orders={0: ("X01",)},
                 boards={0: "3/3/3/3/3 | 3 | 1"}, display=("K01", "K02", "L01", "X02"))
    assert GAME.view(s, 0)["players"][0]["vp"] == 2
    s = play(s, 0, CaravanAction(caravan=0))
    s = chance(s, DrawOrder(order="K07"))
    s = chance(s, DrawOrder(order="X03"))
    assert GAME.legal_moves(s, 0) == [FulfilDrawn(), FulfilDrawn(order="X03")]
    s = play(s, 0, FulfilDrawn(order="X03"))
    assert res(s, 0, "GO") == 3  # free
    assert s.order_under == (("K07", 1),)  # under the order deck, known to the Farmer's owner only
    assert s.display == ("K01", "K02", "L01", "X02")
    assert GAME.view(s, 0)["players"][0]["vp"] == 4


def test_example_8_caravan_leader_brings_the_patriarch_to_the_front():
    s = position(caravans={0: [["SD13", "SD02", "SD01", "PM"], ["PM"], ["PM"]]})
    assert CaravanAction(caravan=0, position=0) not in GAME.legal_moves(s, 0)  # not itself
    s = play(s, 0, CaravanAction(caravan=0, position=3))
    assert s.seats[0].caravans[0] == ("PM", "SD02", "SD01", "SD13")


def test_example_9_end_of_game_and_tie_break_reached_last():
    anna, ben, cara = 0, 1, 2
    s = position(3, caravans={i: [["ST02", "PM"], ["ST01", "PM"], ["PM"]] for i in range(3)},
                 orders={anna: ("L01", "L02", "L03", "L04", "K01", "K02"), ben: ("L05", "L06", "L07", "L08"),
                         cara: tuple(f"K{i:02d}" for i in range(9, 17))},
                 boards={i: "9/9/9/9/9 | 9 | 6" for i in range(3)},
                 display=("L09", "L10", "X01", "X02"), start=cara, current=cara)
    assert [GAME.view(s, None)["players"][i]["vp"] for i in range(3)] == [20, 20, 24]
    s = play(s, cara, Pass(caravan=1))
    s = play(s, anna, Farewell(caravan=0, order="L09"))
    s = chance(s, DrawOrder(order="K03"))
    assert s.end_triggered and GAME.result(s) is None
    s = play(s, ben, Farewell(caravan=0, order="L10"))
    s = chance(s, DrawOrder(order="K04"))
    r = GAME.result(s)
    assert r is not None and r.scores == (26.0, 26.0, 24.0)  # Cara does not play again
    assert r.ranks == (2, 1, 3)  # Ben reached 26 after Anna did: Ben wins


def test_example_10_gate_guard_cannot_pass_and_hits_the_other_players_gold():
    s = position(caravans={0: [["PM"], ["AD01", "PM"], ["PM"]]}, boards={1: "3/3/3/3/3 | 7 | 3"}, variant="all")
    assert Pass(caravan=1) not in GAME.legal_moves(s, 0)
    guard = play(s, 0, CaravanAction(caravan=1))
    assert res(guard, 1, "GO") == 9 and GAME.view(guard, 0)["players"][0]["vp"] == 3
    bye = play(s, 0, Farewell(caravan=1))
    assert res(bye, 1, "GO") == 2 and GAME.view(bye, 0)["players"][0]["vp"] == 0
    assert CaravanAction(caravan=0, action=1) in GAME.legal_moves(s, 0)  # another caravan avoids both


def test_chance_steps_of_a_private_draw_are_seen_by_the_drawer_only():
    s = play(position(), 0, CaravanAction(caravan=0, action=0))
    assert GAME.actors(s) == {CHANCE} and GAME.chance(s).visible_to == (0,)
