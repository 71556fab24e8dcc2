"""`apply` checks every move against the legal moves of the state it is given, whatever was asked
before (no cache trusts a move because it was listed for another state or in an earlier call)."""

import random

import msgspec
import pytest

from games.kashgar import GAME
from games.kashgar.moves import CaravanAction, Keep
from games.protocol import CHANCE, IllegalMove, sample_chance

from .position import position, res


def test_a_move_listed_for_one_state_is_refused_in_another_where_it_is_not_legal():
    rich = position(boards={0: "3/3/3/3/3 | 3 | 3"}, caravans={0: [["ST08", "PM"], ["PM"], ["PM"]]})
    poor = position(boards={0: "3/3/3/3/3 | 0 | 3"}, caravans={0: [["ST08", "PM"], ["PM"], ["PM"]]})
    water = CaravanAction(caravan=0, action=0, spice="GI")  # Water Carrier: pay 1 GO, +1 MU and +1 spice
    assert water in GAME.legal_moves(rich, 0)
    GAME.legal_moves(rich, 0)  # the last thing listed: the move is legal there
    with pytest.raises(IllegalMove):
        GAME.apply(poor, 0, water)
    assert res(GAME.apply(rich, 0, water), 0, "GO") == 2


def test_a_decision_listed_for_one_state_is_refused_in_another():
    s = position(caravans={0: [["PM", "ST01"], ["PM"], ["PM"]]}, std_pool=("SD01", "SD02", "SD03"))
    s = GAME.apply(s, 0, CaravanAction(caravan=0, action=0))  # Patriarch: draw 2 standard cards, keep 1
    s = GAME.apply(s, CHANCE, GAME.legal_moves(s, CHANCE)[0])
    drew = GAME.apply(s, CHANCE, next(m for m in GAME.legal_moves(s, CHANCE)))
    kept = GAME.legal_moves(drew, 0)
    assert kept and all(isinstance(m, Keep) for m in kept)
    other = msgspec.structs.replace(drew, pending=msgspec.structs.replace(drew.pending, drawn=(("SD09", 1),)))
    GAME.legal_moves(drew, 0)
    bad = next(m for m in kept if "SD09" not in m.cards)
    with pytest.raises(IllegalMove):
        GAME.apply(other, 0, bad)


@pytest.mark.parametrize("players", [2, 4])
def test_applying_to_a_decoded_copy_gives_the_same_state_in_any_order(players):
    """The same move applied to an equal state (a decoded copy, nothing listed for it) gives an equal
    state, and listing moves for other states in between changes nothing."""
    rng = random.Random(players)
    s = GAME.setup(players, GAME.check_options({"hauen_und_stechen": "all"}))
    previous = s
    while GAME.actors(s):
        actor = min(GAME.actors(s))
        if actor == CHANCE:
            move = sample_chance(GAME.chance(s), rng)
        else:
            moves = GAME.legal_moves(s, actor)
            move = moves[rng.randrange(len(moves))]
        GAME.legal_moves(previous, min(GAME.actors(previous)))  # something else asked in between
        copy = msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=GAME.State)
        assert GAME.apply(copy, actor, move) == GAME.apply(s, actor, move)
        previous, s = s, GAME.apply(s, actor, move)



def test_a_caller_changing_its_list_of_legal_moves_changes_nothing():
    """The legal moves are worked out once per state and kept on it; every caller gets its own list."""
    s = position(caravans={0: [["ST08", "PM"], ["PM"], ["PM"]]})
    water = CaravanAction(caravan=0, action=0, spice="GI")
    listed = GAME.legal_moves(s, 0)
    listed.clear()
    assert water in GAME.legal_moves(s, 0)
    assert res(GAME.apply(s, 0, water), 0, "GO") == 2
