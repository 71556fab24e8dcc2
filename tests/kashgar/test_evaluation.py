"""The search's fitted evaluation of a Kashgar position (`scoring.features`, `win_chances`)."""

from games.kashgar import GAME
from games.kashgar.content import PERSONS
from games.kashgar.scoring import caravan_promise, features, win_chances

from .position import position

FULFILLER = "SD05"  # Spice Trader: its caravan action fulfils an order
assert any(a.effect[0] == "fulfil" for a in PERSONS[FULFILLER].caravan)


def test_an_order_fulfilling_card_counts_more_the_nearer_it_stands_to_a_front():
    behind = position(caravans={0: [["PM", "ST01", "ST05", FULFILLER], ["PM", "ST06"], ["PM"]]})
    third = position(caravans={0: [["PM", "ST01", FULFILLER, "ST05"], ["PM", "ST06"], ["PM"]]})
    front = position(caravans={0: [[FULFILLER, "PM", "ST01", "ST05"], ["PM", "ST06"], ["PM"]]})
    promise = [caravan_promise(s, 0)[0] for s in (behind, third, front)]
    assert promise[0] < promise[1] < promise[2]
    assert promise[2] - promise[0] == 1.0  # the front card counts fully, a fourth card not at all


def test_the_fitted_chance_prefers_the_seat_whose_caravans_promise_more():
    level = position()
    ahead = position(caravans={0: [[FULFILLER, "PM", "ST01"], ["PM", "ST05"], ["PM", "ST06"]],
                               1: [["PM", "ST07", "ST01"], ["PM", "ST05"], ["PM", "ST06"]]})
    assert len(features(ahead, 0)) == len(features(level, 0))
    chances = win_chances(ahead, [0, 1])
    assert chances[0] > 0.5 > chances[1]
    assert abs(sum(GAME.evaluations(level, [0, 1])) - 1.0) < 1e-9
