"""The worked examples of rules section 11, one test per rule case."""

import pytest
from msgspec.structs import replace

from games.himalaya import GAME, execution, rules
from games.himalaya.content import REGIONS
from games.himalaya.moves import Collect, Decline, DrawCube, DrawRing, Fulfil, PlanSlot, Program, RollD20
from games.himalaya.scoring import majorities, religious
from games.himalaya.state import EXECUTION, RENEWAL
from games.protocol import IllegalMove

from .helpers import BLUE, GREEN, RED, YELLOW, cubes, final_position, position, program

E, S, I, T, P = "earth", "stone", "ice", "trade", "pause"


# --- Example 1: programs, impossible and forced moves ---------------------------------------------


def test_example_1a_red_from_4_ends_in_7():
    s = position(villages={RED: 4})
    s = program(s, {RED: (I, T, E, I, T, S)})
    assert s.players[RED].village == 7


def test_example_1a_each_disc_moves_as_listed():
    visited, v = [], 4
    for cmd in (I, T, E, I, T, S):
        v, _ = rules.step(v, 0, cmd, 0, 0)
        visited.append(v)
    assert visited == [5, 5, 15, 16, 16, 7]


def test_example_1b_impossible_move_is_lost_and_forced_move_happens():
    visited, v = [], 19
    for cmd in (S, E, I, T, P, I):
        v, _ = rules.step(v, 0, cmd, 0, 0)
        visited.append(v)
    assert visited == [19, 4, 5, 5, 5, 4]


def test_example_1b_red_from_19_ends_in_4():
    s = program(position(villages={RED: 19}), {RED: (S, E, I, T, P, I)})
    assert s.players[RED].village == 4


# --- Example 2: lowest-valued cube and seat order --------------------------------------------------


def _example_2(market: bool):
    # seat order Blue (start player), Green, Red; all in 5, all TRADE in slot 2; Red again in slot 4
    s = position(
        villages={RED: 5, BLUE: 5, GREEN: 5}, order=(BLUE, GREEN, RED),
        board_cubes={5: cubes(salt=2, tea=1, jade=1, gold=1)}, market=5 if market else 0,
    )
    return program(s, {RED: (P, T, P, T, P, P), BLUE: (P, T, P, P, P, P), GREEN: (P, T, P, P, P, P)})


def test_example_2_each_trader_takes_the_lowest_cube_left_in_seat_order():
    s = _example_2(market=False)
    assert s.pending.seat == BLUE and GAME.legal_moves(s, BLUE) == [Collect("salt"), Decline()]
    s = GAME.apply(s, BLUE, Collect("salt"))
    assert s.pending.seat == GREEN
    s = GAME.apply(s, GREEN, Collect("salt"))
    assert s.pending.seat == RED and GAME.legal_moves(s, RED) == [Collect("tea"), Decline()]
    s = GAME.apply(s, RED, Collect("tea"))
    assert s.board_cubes[4] == cubes(jade=1, gold=1)


def test_example_2_second_collect_in_the_same_village_has_no_effect():
    s = _example_2(market=False)
    for seat, r in ((BLUE, "salt"), (GREEN, "salt"), (RED, "tea")):
        s = GAME.apply(s, seat, Collect(r))
    # Red's slot 4 TRADE in 5 asked nothing: the round went on to Phase 4
    assert s.phase == RENEWAL and s.players[RED].cubes == cubes(tea=1)


def test_example_2_market_lets_the_first_trader_take_gold():
    s = _example_2(market=True)
    assert Collect("gold") in GAME.legal_moves(s, BLUE)
    s = GAME.apply(s, BLUE, Collect("gold"))
    assert s.players[BLUE].cubes == cubes(gold=1)


def test_example_2_without_market_gold_is_refused():
    s = _example_2(market=False)
    with pytest.raises(IllegalMove):
        GAME.apply(s, BLUE, Collect("gold"))


# --- Example 3: fulfilling an order ----------------------------------------------------------------


def _example_3():
    s = position(
        villages={RED: 13}, held={RED: cubes(salt=2, barley=1, tea=1, jade=1)}, board_rings={13: 33},
    )
    return program(s, {RED: (T, P, P, P, P, P)})


def test_example_3_red_fulfils_o33_with_offering_and_delegation():
    s = _example_3()
    assert s.pending.kind == "fulfil" and s.pending.village == 13
    bag_before = s.cube_bag
    s = GAME.apply(s, RED, Fulfil(offering=True, delegates=("A", "H", "A")))
    red = s.players[RED]
    assert red.cubes == cubes(salt=1)  # keeps 1 salt
    assert s.cube_bag == tuple(b + x for b, x in zip(bag_before, cubes(salt=1, barley=1, tea=1, jade=1)))
    assert s.board_stupas[12] == RED and religious(s, RED) == 3
    assert s.board_delegates[REGIONS.index("A")][RED] == 2 and s.board_delegates[REGIONS.index("H")][RED] == 1
    assert 33 in s.ring_bag and s.board_rings[12] == 0  # back in the bag, 13 free for Phase 4
    assert red.rings == ()


def test_example_3_monastery_delegation_sends_exactly_three():
    s = _example_3()
    with pytest.raises(IllegalMove):
        GAME.apply(s, RED, Fulfil(offering=True, delegates=("A", "H")))


def test_example_3_delegates_only_into_touched_regions():
    s = _example_3()
    with pytest.raises(IllegalMove):
        GAME.apply(s, RED, Fulfil(offering=True, delegates=("A", "A", "C")))


def test_example_3_at_most_two_rewards():
    s = _example_3()
    with pytest.raises(IllegalMove):
        GAME.apply(s, RED, Fulfil(trade=True, offering=True, delegates=("A", "A", "H")))


# --- Example 4: renewal with "next higher free" and wrap -------------------------------------------


def test_example_4_renewal_takes_the_next_free_higher_village_and_wraps():
    five = cubes(salt=5)
    s = position(
        players=4, phase=RENEWAL, board_cubes={2: five, 6: five, 11: five},
        board_rings={4: 1, 15: 2, 16: 3, 20: 4},
    )
    s = GAME.apply(s, -1, RollD20(6))
    assert s.target == 7 and s.to_draw == 5
    for _ in range(5):
        s = GAME.apply(s, -1, DrawCube("barley"))
    s = GAME.apply(s, -1, RollD20(20))
    assert s.target == 1
    for _ in range(5):
        s = GAME.apply(s, -1, DrawCube("tea"))
    assert [v for v in range(1, 21) if any(s.board_cubes[v - 1])] == [1, 2, 6, 7, 11]
    s = GAME.apply(s, -1, RollD20(4))
    assert s.target == 5 and s.awaiting == "ring"
    s = GAME.apply(s, -1, DrawRing(10))
    assert s.board_rings[4] == 10
    assert s.phase != RENEWAL  # done: the round ended and the next one began


# --- Example 5: inventory --------------------------------------------------------------------------


def test_example_5_inventory_tokens_go_to_strict_majorities_only():
    s = position(
        players=4,
        held={
            RED: cubes(salt=3, barley=1, jade=1),
            BLUE: cubes(salt=3, tea=2),
            GREEN: cubes(salt=1, barley=3, tea=2, gold=1),
            YELLOW: cubes(barley=2),
        },
    )
    after = execution.inventory(s)
    assert [p.tokens for p in after.players] == [1, 0, 2, 0]
    assert after.last_inventory == (-1, GREEN, -1, RED, GREEN)
    assert after.tokens_left == s.tokens_left - 5  # 2 tokens removed unused
    assert [p.cubes for p in after.players] == [p.cubes for p in s.players]  # everyone keeps the cubes


# --- Example 6 and 7: political majorities and four-player scoring ---------------------------------

EXAMPLE_6 = {  # (R, B, G, Y)
    "A": (2, 1, 0, 0), "B": (0, 2, 2, 0), "C": (0, 0, 1, 0), "D": (1, 0, 0, 3),
    "E": (0, 0, 0, 0), "F": (1, 3, 1, 0), "G": (1, 0, 0, 1), "H": (3, 2, 2, 1),
}


def test_example_6_political_majorities():
    s = final_position(4, {}, EXAMPLE_6, [0, 0, 0, 0])
    assert majorities(s.board_delegates, range(4)) == {RED: 2, BLUE: 1, GREEN: 1, YELLOW: 1}


def _example_7():
    stupas = {RED: [13, 3, 1], BLUE: [14, 20], GREEN: [4, 5, 7], YELLOW: [10, 16, 9]}
    return final_position(4, stupas, EXAMPLE_6, [31, 25, 31, 20])


def test_example_7_religion_tie_goes_to_more_stupas_then_politics_then_yaks():
    result = GAME.result(_example_7())
    assert result.ranks == (1, 4, 2, 3)  # Red wins, Green 2nd, Yellow 3rd, Blue 4th


def test_example_7_religious_values():
    s = _example_7()
    assert [religious(s, i) for i in range(4)] == [6, 4, 4, 7]


def test_example_7_majorities_recomputed_without_blue():
    s = _example_7()
    assert majorities(s.board_delegates, [RED, GREEN, YELLOW]) == {RED: 2, GREEN: 2, YELLOW: 1}


# --- Example 8: three-player scoring ---------------------------------------------------------------


def _three(r_villages, p_regions, yaks):
    delegates = {}
    for seat, regions in p_regions.items():
        for reg in regions:
            row = [0, 0, 0]
            row[seat] = 1
            delegates[reg] = tuple(row)
    return final_position(3, r_villages, delegates, yaks)


def test_example_8a_leading_two_influences_wins_despite_fewer_yaks():
    # Red R 9 P 3 E 18; Blue R 6 P 2 E 30; Green R 5 P 1 E 26
    s = _three({0: [6, 10, 13], 1: [16, 2, 1], 2: [3, 7, 4]}, {0: "ABC", 1: "DE", 2: "F"}, [18, 30, 26])
    assert GAME.result(s).ranks[0] == 1 and GAME.result(s).winners == (0,)


def test_example_8b_patt_goes_to_most_yaks():
    # Red R 9 P 2 E 18; Blue R 6 P 3 E 25; Green R 5 P 1 E 30
    s = _three({0: [6, 10, 13], 1: [16, 2, 1], 2: [3, 7, 4]}, {0: "AB", 1: "CDE", 2: "F"}, [18, 25, 30])
    assert GAME.result(s).winners == (2,)


# --- Example 9: snowstorm --------------------------------------------------------------------------

STORM_14_19 = 23  # P23 is the ice path 14-19


def test_example_9_crossing_the_snowstorm_takes_two_ice_moves():
    s = position(villages={RED: 13}, snowstorm=STORM_14_19)
    s = program(s, {RED: (E, I, I, T, S, E)})
    assert s.players[RED].village == 4 and s.players[RED].crossing == 0


def test_example_9_program_ending_on_the_storm_is_rejected():
    s = position(villages={RED: 13}, snowstorm=STORM_14_19)
    with pytest.raises(IllegalMove, match="snowstorm"):
        GAME.apply(s, RED, Program((E, I, T, S, S, E)))


def test_example_9_slot_by_slot_only_ice_may_finish_on_the_storm():
    s = position(villages={RED: 13}, snowstorm=STORM_14_19)
    for cmd in (E, I, T, S, S):
        s = GAME.apply(s, RED, PlanSlot(cmd))
    assert GAME.legal_moves(s, RED) == [PlanSlot(I)]
    with pytest.raises(IllegalMove):
        GAME.apply(s, RED, PlanSlot(E))


# --- Example 10: racing for an order ---------------------------------------------------------------


def _example_10(blue_slot: int):
    s = position(
        villages={RED: 14, BLUE: 14}, order=(RED, BLUE, GREEN), board_rings={14: 27},
        held={RED: cubes(tea=2, jade=1), BLUE: cubes(tea=2, jade=1)},
    )
    blue = [P] * 6
    blue[blue_slot - 1] = T
    return program(s, {RED: (P, P, T, P, P, P), BLUE: tuple(blue)})


def test_example_10_the_earlier_seat_in_the_same_slot_fulfils():
    s = _example_10(blue_slot=3)
    assert s.pending.seat == RED
    s = GAME.apply(s, RED, Fulfil(trade=True))
    assert s.phase != EXECUTION  # Blue's TRADE found no order: nothing was asked
    assert s.players[BLUE].cubes == cubes(tea=2, jade=1) and s.players[RED].rings == (27,)


def test_example_10_an_earlier_slot_beats_seat_order():
    s = _example_10(blue_slot=2)
    assert s.pending.seat == BLUE


def test_example_10_red_may_decline_and_keep_the_cubes():
    s = _example_10(blue_slot=3)
    s = GAME.apply(s, RED, Decline())
    assert s.pending.seat == BLUE and s.players[RED].cubes == cubes(tea=2, jade=1)


def test_delegation_with_too_few_delegates_sends_all_that_remain():
    s = _example_3()
    red = replace(s.players[RED], delegates=2)
    s = replace(s, players=(red,) + s.players[1:])
    assert execution.delegates_to_send(s, RED, 13) == 2
    s = GAME.apply(s, RED, Fulfil(trade=True, delegates=("H", "H")))
    assert s.players[RED].delegates == 0
