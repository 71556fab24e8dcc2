"""Rule cases for single cards and deck rules (sections 4, 5, 6 and 9 of the rules specification)."""

import random

import pytest

from games.kashgar import GAME
from games.kashgar.moves import (Arrange, CaravanAction, DrawCard, DrawOrder, Farewell, Keep, Pass, ReplaceDisplay,
                                 Respond, SecondOrder, TakeDiscard)
from games.protocol import CHANCE, IllegalMove

from .position import chance, play, position, res


def test_prophet_look_is_private_and_fixes_the_top_of_the_standard_deck():
    s = position(caravans={0: [["ST03", "PM"], ["PM"], ["PM"]]})
    s = play(s, 0, CaravanAction(caravan=0))
    assert res(s, 0, "GO") == 2 and GAME.chance(s).visible_to == (0,)
    for card in ("SD01", "SD02", "SD03"):
        s = chance(s, DrawCard(card=card))
    arrange = Arrange(cards=("SD03", "SD01", "SD02"))
    assert GAME.visible_to(s, 0, arrange) == (0,)
    s = play(s, 0, arrange)
    assert GAME.view(s, 0)["standard_top"] == ["SD03", "SD01", "SD02"]
    assert GAME.view(s, 1)["standard_top"] == [None, None, None]
    # the opponent's Patriarch then draws the known cards without a chance step
    s = play(s, 1, CaravanAction(caravan=0, action=0))
    assert GAME.actors(s) == {1} and [c for c, _ in s.pending.drawn] == ["SD03", "SD01"]
    s = play(s, 1, Keep(cards=("SD01",)))
    assert s.discard == ("SD03",) and [c for c, _ in s.std_top] == ["SD02"]


def test_noblewoman_puts_the_special_card_not_kept_under_the_special_deck():
    s = position(caravans={0: [["SD14", "PM"], ["PM"], ["PM"]]}, boards={0: "3/3/3/3/3 | 2 | 3"})
    s = play(s, 0, CaravanAction(caravan=0))
    s = chance(s, DrawCard(card="SP04"))
    s = chance(s, DrawCard(card="SP09"))
    s = play(s, 0, Keep(cards=("SP09",)))
    assert s.seats[0].caravans[0] == ("PM", "SD14", "SP09")
    assert s.special_under == (("SP04", 1),) and "SP04" not in s.special_pool
    assert GAME.view(s, 1)["special_under"] == [None] and GAME.view(s, 0)["special_under"] == ["SP04"]


def test_empty_standard_deck_is_rebuilt_from_the_discard_pile():
    s = position(caravans={0: [["PM"], ["PM"], ["PM"]]}, std_pool=(), discard=("SD02", "SD21"))
    s = play(s, 0, CaravanAction(caravan=0, action=0))
    assert GAME.actors(s) == {CHANCE} and s.discard == () and s.std_pool == ("SD02", "SD21")
    s = chance(s, DrawCard(card="SD21"))
    s = chance(s, DrawCard(card="SD02"))
    s = play(s, 0, Keep(cards=("SD02",)))
    assert s.discard == ("SD21",) and s.std_pool == ()


def test_with_no_standard_cards_anywhere_the_patriarch_can_only_flip():
    s = position(caravans={0: [["PM"], ["PM"], ["PM"]]}, std_pool=(), discard=())
    assert GAME.legal_moves(s, 0) == [CaravanAction(caravan=c, action=1) for c in range(3)]


def test_matriarch_takes_a_card_from_the_discard_pile():
    s = position(caravans={0: [["MM", "ST01"], ["PM"], ["PM"]]}, discard=("SD02", "SD05"))
    s = play(s, 0, CaravanAction(caravan=0, action=0))
    assert GAME.legal_moves(s, 0) == [TakeDiscard(card="SD02"), TakeDiscard(card="SD05")]
    s = play(s, 0, TakeDiscard(card="SD05"))
    assert s.seats[0].caravans[0] == ("ST01", "MM", "SD05") and s.discard == ("SD02",)


def test_aristocrat_fetches_the_spare_patriarch_once():
    s = position(caravans={0: [["ST04", "PM"], ["PM"], ["PM"]]})
    s = play(s, 0, Farewell(caravan=0))
    assert s.seats[0].caravans[0] == ("PM", "PM") and not s.spare_patriarch
    again = position(caravans={0: [["ST04", "PM"], ["PM"], ["PM"]]}, spare_patriarch=False)
    assert Farewell(caravan=0) not in GAME.legal_moves(again, 0)


def test_scribe_fulfils_free_but_the_mule_condition_still_applies():
    s = position(caravans={0: [["SD08", "PM"], ["PM"], ["PM"]]}, boards={0: "0/0/0/0/0 | 0 | 3"},
                 display=("L01", "L09", "K01", "X01"))
    orders = {m.order for m in GAME.legal_moves(s, 0) if isinstance(m, Farewell)}
    assert orders == {"L01", "K01", "X01"}  # L09 needs 5 mules
    s = play(s, 0, Farewell(caravan=0, order="L01"))
    assert s.seats[0].board == (0, 0, 0, 0, 0, 0, 3)


def test_card_cost_and_order_cost_must_be_paid_together():
    # Sultana: cost 2 GO, then an order; Gold Tribute X05 costs 4 GO more
    s = position(caravans={0: [["SP05", "PM"], ["PM"], ["PM"]]}, boards={0: "0/0/0/0/0 | 5 | 3"},
                 display=("X05", "K01", "K02", "K03"))
    assert not [m for m in GAME.legal_moves(s, 0) if isinstance(m, CaravanAction) and m.caravan == 0]
    rich = position(caravans={0: [["SP05", "PM"], ["PM"], ["PM"]]}, boards={0: "0/0/0/0/0 | 6 | 3"},
                    display=("X05", "K01", "K02", "K03"))
    assert [m.order for m in GAME.legal_moves(rich, 0) if isinstance(m, CaravanAction) and m.caravan == 0] == ["X05"]


def test_wholesaler_farewell_fulfils_a_second_order_after_the_refill():
    s = position(caravans={0: [["SP02", "PM"], ["PM"], ["PM"]]}, boards={0: "9/9/9/9/9 | 9 | 6"},
                 display=("K01", "K02", "K03", "K04"))
    s = play(s, 0, Farewell(caravan=0, order="K01"))
    s = chance(s, DrawOrder(order="K05"))
    assert SecondOrder(order="K05") in GAME.legal_moves(s, 0) and SecondOrder() in GAME.legal_moves(s, 0)
    s = play(s, 0, SecondOrder(order="K05"))
    s = chance(s, DrawOrder(order="K06"))
    assert s.seats[0].orders == ("K01", "K05") and s.current == 1


def test_fortune_teller_replaces_a_display_order_and_puts_the_rest_under():
    s = position(caravans={0: [["SD23", "PM"], ["PM"], ["PM"]]}, display=("K01", "K02", "K03", "K04"))
    s = play(s, 0, CaravanAction(caravan=0))
    s = chance(s, DrawOrder(order="L05"))
    s = chance(s, DrawOrder(order="L06"))
    s = play(s, 0, ReplaceDisplay(order="L06", replace="K02"))
    assert s.display == ("K01", "L06", "K03", "K04")
    assert [c for c, _ in s.order_under] == ["L05", "K02"]  # drawn first, then the replaced order
    assert GAME.view(s, 1)["orders_under"] == [None, "K02"]


def test_caravan_leader_farewell_moves_a_card_to_another_caravan():
    s = position(caravans={0: [["SD13", "SD02", "PM"], ["PM", "SD01"], ["PM"]]})
    moves = [m for m in GAME.legal_moves(s, 0) if isinstance(m, Farewell)]
    assert all(m.position != 0 or m.from_caravan != 0 for m in moves)
    assert not any(m.from_caravan == 0 and m.position == 2 for m in moves)  # a Patriarch never moves
    s = play(s, 0, Farewell(caravan=0, from_caravan=1, position=1, to_caravan=2))
    assert s.seats[0].caravans == (("SD02", "PM"), ("PM",), ("PM", "SD01"))


def test_judge_removes_another_card_of_its_caravan():
    s = position(caravans={0: [["SD22", "PM", "SD05"], ["PM"], ["PM"]]})
    assert [m.position for m in GAME.legal_moves(s, 0) if isinstance(m, CaravanAction) and m.caravan == 0] == [2]
    s = play(s, 0, CaravanAction(caravan=0, position=2))
    assert s.seats[0].caravans[0] == ("PM", "SD22") and "SD05" in s.box


def test_robber_farewell_lets_the_target_choose_the_caravan():
    s = position(caravans={0: [["AD03", "PM"], ["PM"], ["PM"]], 1: [["PM", "SD01"], ["PM", "SD02"], ["PM"]]},
                 variant="all")
    s = play(s, 0, Farewell(caravan=0, target=1))
    assert GAME.actors(s) == {1}
    assert GAME.legal_moves(s, 1) == [Respond(caravan=0), Respond(caravan=1)]
    with pytest.raises(IllegalMove):
        play(s, 0, Respond(caravan=0))
    s = play(s, 1, Respond(caravan=1))
    assert s.seats[1].caravans[1] == ("PM",) and s.current == 1


def test_poisoner_victim_with_one_spice_left_loses_it_automatically():
    s = position(caravans={0: [["AD09", "PM"], ["PM"], ["PM"]]}, boards={1: "0/0/1/0/0 | 3 | 3"}, variant="all")
    s = play(s, 0, CaravanAction(caravan=0, target=1))
    assert s.seats[1].board == (0, 0, 0, 0, 0, 3, 2) and s.current == 1


def test_fence_needs_a_richer_target_and_takes_what_they_actually_lose():
    s = position(caravans={0: [["AD08", "PM"], ["PM"], ["PM"]]}, boards={0: "3/3/3/3/3 | 2 | 3", 1: "3/3/3/3/3 | 3 | 3"},
                 variant="all")
    s = play(s, 0, CaravanAction(caravan=0, target=1))
    assert (res(s, 0, "GO"), res(s, 1, "GO")) == (4, 1)
    poor = position(caravans={0: [["AD08", "PM"], ["PM"], ["PM"]]}, boards={1: "3/3/3/3/3 | 3 | 3"}, variant="all")
    assert not [m for m in GAME.legal_moves(poor, 0) if isinstance(m, CaravanAction) and m.caravan == 0]


def test_money_changer_pays_any_two_spices():
    s = position(caravans={0: [["SD19", "PM"], ["PM"], ["PM"]]}, boards={0: "1/1/0/0/0 | 3 | 3"})
    assert [m.pay for m in GAME.legal_moves(s, 0) if isinstance(m, CaravanAction) and m.caravan == 0] == [("GI", "CL")]
    s = play(s, 0, CaravanAction(caravan=0, pay=("GI", "CL")))
    assert s.seats[0].board == (0, 0, 0, 0, 0, 5, 3)


def test_pass_moves_the_card_to_the_end():
    s = play(position(caravans={0: [["ST01", "PM"], ["PM"], ["PM"]]}), 0, Pass(caravan=0))
    assert s.seats[0].caravans[0] == ("PM", "ST01") and s.current == 1


def test_round_limit_ends_a_stalled_game():
    s = position(round=200, current=1, start=0)
    s = play(s, 1, CaravanAction(caravan=0, action=1))
    assert s.phase == "over" and GAME.result(s) is not None


def test_variant_option_accepts_all_none_or_a_list_of_cards():
    assert GAME.setup(2, GAME.check_options(None)).variant == ()
    assert len(GAME.setup(2, GAME.check_options({"hauen_und_stechen": "all"})).variant) == 12
    s = GAME.setup(2, GAME.check_options({"hauen_und_stechen": ["Gate Guard", "Thief 2"]}))
    assert s.variant == ("AD01", "AD02") and len(s.std_pool) == 78
    with pytest.raises(ValueError):
        GAME.check_options({"hauen_und_stechen": ["Dragon"]})


def test_determinize_keeps_what_the_seat_knows():
    s = position(caravans={0: [["ST03", "PM"], ["PM"], ["PM"]]})
    s = play(s, 0, CaravanAction(caravan=0))
    for card in ("SD01", "SD02", "SD03"):
        s = chance(s, DrawCard(card=card))
    s = play(s, 0, Arrange(cards=("SD03", "SD01", "SD02")))
    d0 = GAME.determinize(s, 0, random.Random(1))
    assert [c for c, _ in d0.std_top] == ["SD03", "SD01", "SD02"]
    tops = {tuple(c for c, _ in GAME.determinize(s, 1, random.Random(i)).std_top) for i in range(10)}
    assert len(tops) > 1


def test_render_shows_board_holdings_own_secrets_and_whose_turn():
    import msgspec

    s = position(caravans={0: [["ST03", "PM"], ["PM"], ["PM"]]})
    s = play(s, 0, CaravanAction(caravan=0))
    for card in ("SD01", "SD02", "SD03"):
        s = chance(s, DrawCard(card=card))
    mine = GAME.render(msgspec.json.decode(msgspec.json.encode(GAME.view(s, 0))), 0)
    theirs = GAME.render(msgspec.json.decode(msgspec.json.encode(GAME.view(s, 1))), 1)
    assert "Planter" in mine and "Planter" not in theirs
    assert "to act: seat 0" in theirs and "caravan 1:" in theirs and "Prophet" in theirs


def test_every_person_card_and_order_reads_in_words():
    """Each card's actions and each order in words, no internal codes (a start card's summary is shown
    on the board before it is placed)."""
    from games.kashgar.content import ORDERS, PERSONS, RESOURCES
    from games.kashgar.describe import card_summary, order

    for cid, card in PERSONS.items():
        text = card_summary(cid)
        assert text.startswith(card.name) and "caravan action" in text, text
        assert not any(f" {code} " in f" {text} " for code in RESOURCES), text
    for oid in ORDERS:
        text = order(oid)
        assert "VP" in text and not any(f" {code} " in f" {text} " for code in RESOURCES), text
