"""The search's fitted evaluation of a Kashgar position (`scoring.features`, `win_chances`)."""

import pytest

from games.kashgar import GAME
from games.kashgar.content import PERSONS
from games.kashgar.scoring import features, order_in_reach, win_chances

from .position import position

FULFILLER = "SD05"  # Spice Trader: its caravan action fulfils an order
assert any(a.effect[0] == "fulfil" for a in PERSONS[FULFILLER].caravan)


def test_the_fitted_chance_prefers_the_seat_whose_caravans_hold_an_order_fulfilling_card():
    level = position()
    ahead = position(caravans={0: [[FULFILLER, "PM", "ST01"], ["PM", "ST05"], ["PM", "ST06"]],
                               1: [["PM", "ST07", "ST01"], ["PM", "ST05"], ["PM", "ST06"]]})
    assert len(features(ahead, 0)) == len(features(level, 0))
    chances = win_chances(ahead, [0, 1])
    assert chances[0] > 0.5 > chances[1]
    assert abs(sum(GAME.evaluations(level, [0, 1])) - 1.0) < 1e-9


def test_the_search_reads_the_fitted_weights_of_every_feature():
    """`win_chances` adds each card's weight as it meets it: the same as weighing `features` whole."""
    from games.kashgar.scoring import FITTED_WEIGHTS
    from games.protocol import win_chances_of
    from tests.ai.test_ai import decision_points

    states = [s for s, _ in decision_points(GAME, 2, seed=9, wanted=8, skip=6)]
    states.append(position(caravans={0: [[FULFILLER, "PM", "SP02"], ["MM", "ST05"], ["PM", "ST06", "SD22"]]}))
    for state in states:
        fs = [features(state, i) for i in (0, 1)]
        assert len(fs[0]) == len(FITTED_WEIGHTS)
        assert win_chances(state, [0, 1]) == pytest.approx(win_chances_of(FITTED_WEIGHTS, fs, [0, 1]), abs=1e-12)


def test_a_card_that_fulfils_orders_counts_for_more_than_one_that_gains_wherever_it_lies():
    """At the end of a caravan, a long way from its front, the card's kind counts."""
    def chance(card):
        s = position(caravans={0: [["PM", "ST01", "ST05", "ST06", card], ["PM", "ST05"], ["PM", "ST06"]],
                               1: [["PM", "ST01", "ST05", "ST06", "SD01"], ["PM", "ST05"], ["PM", "ST06"]]})
        return win_chances(s, [0])[0]

    assert chance("SP02") > chance(FULFILLER) > chance("SD01")


def test_the_order_in_reach_is_the_best_display_order_a_front_card_could_fulfil_now():
    """The Spice Trader at a front fulfils any display order its seat can pay; the Hawker a small
    one (its caravan action, after paying a gold) or a special one (its farewell); with nothing to
    pay with, or a front card that fulfils nothing, no order is in reach."""
    from games.kashgar.content import ORDERS

    display = ("K01", "K02", "L01", "X01")
    rich = "9/9/9/9/9 | 9 | 6"
    trader = position(caravans={0: [[FULFILLER, "PM"], ["PM", "ST05"], ["PM", "ST06"]]}, boards={0: rich})
    assert order_in_reach(trader, 0) == max(ORDERS[o].vp for o in display)
    hawker = position(caravans={0: [["SD07", "PM"], ["PM", "ST05"], ["PM", "ST06"]]}, boards={0: rich})
    assert order_in_reach(hawker, 0) == max(ORDERS[o].vp for o in display if ORDERS[o].kind in ("small", "special"))
    broke = position(caravans={0: [[FULFILLER, "PM"], ["PM", "ST05"], ["PM", "ST06"]]}, boards={0: "0/0/0/0/0 | 0 | 0"})
    assert order_in_reach(broke, 0) == 0
    assert order_in_reach(position(boards={0: rich}), 0) == 0
