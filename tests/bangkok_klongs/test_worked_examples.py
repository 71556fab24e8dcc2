"""The worked examples of §13 of the rules specification, one test per rule case."""

from msgspec.structs import replace

from games.bangkok_klongs import GAME, rules
from games.bangkok_klongs.content import BOAT_INDEX, LARGE, MOORING_AT, SMALL, square
from games.bangkok_klongs.market import eligible, large_day_opener, warehouse_points
from games.bangkok_klongs.moves import (
    LeaveUnmanned, MoveBoat, NoSteal, Pass, Place, ReceiveThief, Score, ShiftMerchant, Steal,
)
from games.bangkok_klongs.state import CATCH, DRAW, MARKET, MERCHANT, OVER, STEAL, TURN

from .helpers import B, G, R, Y, play, position

I = BOAT_INDEX


def market(s, day, scorer, trigger=None):
    return replace(s, phase=MARKET, market=day, scorer=scorer, trigger=scorer if trigger is None else trigger,
                   market_step=0, placed=square(9, 7))


def scores_of(moves):
    return sorted((m.x, m.y) for m in moves if isinstance(m, Score))


# --- Example 1 -----------------------------------------------------------------------------------------
EX1 = {(3, 1): ("RICE-O3", R), (4, 1): ("FISH-O1", R), (3, 2): ("FLOWERS-N2L", None), (4, 2): ("BANANAS-O2a", B)}


def test_example_1_plain_scoring_pays_the_scorer_and_the_co_scorer():
    s = market(position(4, EX1), SMALL, R)
    after = play(s, R, Score(px=4, py=2, x=3, y=1))
    assert after.scores[R] == 16 and after.scores[B] == 8


def test_example_1_scorer_removes_an_own_boat_to_the_warehouse_and_gets_the_merchant_back():
    s = market(position(4, EX1), SMALL, R)
    after = play(s, R, Score(px=4, py=2, x=3, y=1))
    assert after.warehouses[R] == (I["RICE-O3"],)
    assert after.supply[R] == s.supply[R] + 1 and after.board[square(3, 1)] == -1


def test_example_1_on_a_small_day_the_neutral_boat_is_not_removable():
    s = market(position(4, EX1), SMALL, R)
    assert scores_of(GAME.legal_moves(s, R)) == [(3, 1), (4, 1)]


# --- Example 2 -----------------------------------------------------------------------------------------
EX2 = {(4, 1): ("COOKSHOP-1", None), (5, 1): ("VEGETABLES-O3", Y), (4, 2): ("FISH-O2a", Y), (5, 2): ("RICE-O1", G)}


def test_example_2_one_cookshop_doubles_and_green_must_remove_its_rice():
    s = market(position(4, EX2), SMALL, G)
    assert scores_of(GAME.legal_moves(s, G)) == [(5, 2)]
    after = play(s, G, Score(px=5, py=2, x=5, y=2))
    assert (after.scores[G], after.scores[Y]) == (12, 24)


def test_example_2_if_yellow_scores_the_points_are_the_same_and_yellow_removes_one_of_its_two():
    s = market(position(4, EX2), SMALL, Y)
    assert scores_of(GAME.legal_moves(s, Y)) == [(4, 2), (5, 1)]
    after = play(s, Y, Score(px=5, py=2, x=5, y=1))
    assert (after.scores[G], after.scores[Y]) == (12, 24)


# --- Example 3 -----------------------------------------------------------------------------------------
EX3 = {(5, 3): ("COOKSHOP-1", None), (6, 3): ("COOKSHOP-2", None), (5, 4): ("COCONUTS-O3", R),
       (6, 4): ("FISH-N2L", None)}


def test_example_3_two_cookshops_quadruple_on_the_large_day():
    s = market(position(4, EX3), LARGE, R)
    after = play(s, R, Score(px=6, py=4, x=6, y=4))
    assert after.scores[R] == 20


def test_example_3_on_the_large_day_any_neutral_boat_or_an_own_boat_may_be_removed():
    s = market(position(4, EX3), LARGE, R)
    assert scores_of(GAME.legal_moves(s, R)) == [(5, 3), (5, 4), (6, 3), (6, 4)]
    after = play(s, R, Score(px=6, py=4, x=6, y=4))
    assert after.warehouses[R] == (I["FISH-N2L"],) and after.owner[square(5, 4)] == R


# --- Example 4 -----------------------------------------------------------------------------------------
def test_example_4_reaching_field_10_pays_3_and_starts_the_second_small_market_day_with_the_placer():
    boats = {(3, 1): ("RICE-O3", B), (4, 1): ("FISH-O1", B), (3, 2): ("FLOWERS-N2L", None), (4, 2): ("BANANAS-O2a", R)}
    s = position(4, boats, hands={B: ["FLOWERS-N1L", "RICE-O0", "FISH-O0"]}, active=B, luk=9)
    after = play(s, B, Place(boat="FLOWERS-N1L", x=5, y=2))
    assert after.luk == 10 and after.scores[B] == 3
    assert (after.phase, after.market, after.trigger, after.scorer) == (MARKET, SMALL, B, B)


def test_example_4_reaching_field_15_ends_the_game_yellow_neither_moves_nor_draws():
    s = position(4, {(4, 4): ("FISH-O1", Y)}, hands={Y: ["RICE-N3L", "RICE-O0", "FISH-O0", "SPICES-O1"]},
                 active=Y, luk=14)
    after = play(s, Y, Place(boat="RICE-N3L", x=5, y=4))
    assert after.luk == 15 and after.scores[Y] == 2
    assert after.phase == OVER and len(after.hands[Y]) == 3 and after.cards[Y] == 2


# --- Example 5 -----------------------------------------------------------------------------------------
def _quartet(px, py, owner, kinds):
    sqs = [(px - 1, py - 1), (px, py - 1), (px - 1, py), (px, py)]
    return {sq: (k, owner) for sq, k in zip(sqs, kinds)}


def test_example_5_small_day_is_two_passes_from_the_trigger_player():
    A, B_, C = 0, 1, 2
    boats = {}
    boats |= _quartet(2, 1, A, ["RICE-O0", "RICE-O1", "RICE-O2a", "RICE-O2b"])
    boats |= _quartet(6, 1, A, ["FISH-O0", "FISH-O1", "FISH-O2a", "FISH-O2b"])
    boats |= _quartet(2, 5, A, ["SPICES-O0", "SPICES-O1", "SPICES-O2a", "SPICES-O2b"])
    boats |= _quartet(4, 3, B_, ["FLOWERS-O0", "FLOWERS-O1", "FLOWERS-O2a", "FLOWERS-O2b"])
    boats |= _quartet(8, 3, C, ["BANANAS-O0", "BANANAS-O1", "BANANAS-O2a", "BANANAS-O2b"])
    s = position(3, boats, active=A, placed=square(0, 0), moved=True)
    s = rules.open_market(s, SMALL, trigger=A)
    # pass 1: A scores, B passes although eligible, C scores
    assert s.scorer == A
    s = play(s, A, Score(px=2, py=1, x=1, y=0))
    assert s.scorer == B_
    s = play(s, B_, Pass())
    s = play(s, C, Score(px=8, py=3, x=7, y=2))
    # pass 2: A scores, B scores, C has nothing eligible and passes
    s = play(s, A, Score(px=6, py=1, x=5, y=0))
    s = play(s, B_, Score(px=4, py=3, x=3, y=2))
    assert s.phase != MARKET and s.market == ""  # the day is over although A could score M2.5
    assert [len(w) for w in s.warehouses] == [2, 1, 1]
    assert MOORING_AT[(2, 5)] in eligible(s, A)


# --- Example 6 -----------------------------------------------------------------------------------------
def _large_day_start(on_board):
    s = position(4, scores=(41, 35, 35, 50))
    supply = tuple(8 - k for k in on_board)
    return large_day_opener(replace(s, supply=supply), trigger=3)


def test_example_6_lowest_score_then_fewer_merchants_on_the_board_starts_the_large_day():
    assert _large_day_start(on_board=(5, 4, 6, 5)) == 1  # B (4 on board) before C (6)


def test_example_6_still_tied_the_first_clockwise_from_the_trigger_players_left_starts():
    assert _large_day_start(on_board=(5, 4, 4, 5)) == 1  # D triggered: A, B, C, ... so B


# --- Example 7 -----------------------------------------------------------------------------------------
def test_example_7_warehouse_scores_each_goods_kind_as_a_triangle_number():
    boats = ["BANANAS-O0", "FISH-O0", "FISH-O1", "FISH-O2a"] + [
        f"FLOWERS-{x}" for x in ("O0", "O1", "O2a", "O2b", "O3", "N0", "N1L")] + ["THIEF-1"]
    assert warehouse_points(tuple(I[b] for b in boats)) == 35


# --- Example 8 -----------------------------------------------------------------------------------------
EX8 = {(8, 3): ("OVERSEER-1", None), (7, 6): ("OVERSEER-2", None), (0, 3): ("RICE-O2a", R),
       (2, 3): ("FISH-O3", B), (7, 3): ("FLOWERS-O1", G)}


def _ex8():
    s = position(4, EX8, hands={Y: ["THIEF-1", "RICE-O0", "FISH-O0", "SPICES-O1"]}, active=Y, moved=True)
    return play(s, Y, Place(boat="THIEF-1", x=6, y=3))


def test_example_8_the_thief_may_take_only_unprotected_boats_of_its_row():
    s = _ex8()
    assert s.phase == STEAL
    targets = sorted({(m.x, m.y) for m in GAME.legal_moves(s, Y) if isinstance(m, Steal)})
    assert targets == [(0, 3), (2, 3)] and NoSteal() in GAME.legal_moves(s, Y)


def test_example_8_option_a_warehouse_and_the_normal_draw():
    s = play(_ex8(), Y, Steal(x=2, y=3, to="warehouse"))
    assert s.warehouses[Y] == (I["FISH-O3"],) and s.supply[B] == 8
    assert s.phase == DRAW and len(s.hands[Y]) == 3


def test_example_8_option_b_into_the_hand_instead_of_the_draw():
    s = play(_ex8(), Y, Steal(x=2, y=3, to="hand"))
    assert I["FISH-O3"] in s.hands[Y] and I["FISH-O3"] in s.known[Y] and len(s.hands[Y]) == 4
    # Yellow has no own boat to move, so the turn ends at once
    assert s.phase == TURN and s.active == G  # no draw


def test_a_thief_taken_by_a_thief_goes_to_the_warehouse_only():
    boats = {(2, 3): ("THIEF-2", None), (5, 3): ("FISH-O1", R)}
    s = position(4, boats, hands={Y: ["THIEF-1", "RICE-O0"]}, active=Y)
    s = play(s, Y, Place(boat="THIEF-1", x=4, y=3))
    steals = [m for m in GAME.legal_moves(s, Y) if isinstance(m, Steal) and (m.x, m.y) == (2, 3)]
    assert steals == [Steal(x=2, y=3, to="warehouse")]


# --- Example 9 -----------------------------------------------------------------------------------------
def _ex9():
    boats = {(6, 3): ("THIEF-1", None), (6, 7): ("THIEF-2", None), (5, 2): ("RICE-O1", R)}
    s = position(4, boats, hands={R: ["OVERSEER-1", "FISH-O0", "THIEF-3"]})
    return play(s, R, Place(boat="OVERSEER-1", x=6, y=1))


def test_example_9_an_overseer_removes_every_thief_of_its_column_and_red_keeps_one():
    s = _ex9()
    assert s.phase == CATCH and s.board[square(6, 3)] == -1 and s.board[square(6, 7)] == -1
    s = play(s, R, ReceiveThief(boat="THIEF-2", to="warehouse"))
    assert s.warehouses[R] == (I["THIEF-2"],) and s.out == (I["THIEF-1"],)


def test_example_9_no_thief_may_then_be_placed_in_the_overseers_column():
    s = play(_ex9(), R, ReceiveThief(boat="THIEF-1", to="hand"))
    s = replace(s, placed=-1, moved=True)
    thief_squares = {(m.x, m.y) for m in GAME.legal_moves(s, R) if isinstance(m, Place) and m.boat == "THIEF-3"}
    assert thief_squares and all(x != 6 for x, _ in thief_squares)


# --- Example 10 ----------------------------------------------------------------------------------------
def _ex10():
    green = ["FISH-O0", "FISH-O1", "FISH-O2a", "FISH-O2b", "FISH-O3", "SPICES-O0", "SPICES-O1", "SPICES-O2a"]
    squares = [(x, 0) for x in range(8)]
    s = position(4, {sq: (b, G) for sq, b in zip(squares, green)}, hands={G: ["RICE-O3"]}, active=G)
    assert s.supply[G] == 0
    return play(s, G, Place(boat="RICE-O3", x=1, y=1))  # Q(0,0) holds 2


def test_example_10_out_of_merchants_the_new_boat_may_stay_unmanned():
    s = _ex10()
    assert s.phase == MERCHANT
    s = play(s, G, LeaveUnmanned())
    assert s.owner[square(1, 1)] == -1 and s.supply[G] == 0


def test_example_10_or_a_merchant_moves_over_and_the_old_boat_is_unmanned_for_good():
    s = play(_ex10(), G, ShiftMerchant(x=0, y=0))
    assert s.owner[square(1, 1)] == G and s.owner[square(0, 0)] == -1


# --- Example 11 ----------------------------------------------------------------------------------------
EX11 = {(4, 2): ("FISH-O1", B), (5, 2): ("SPICES-O1", Y), (4, 3): ("RICE-O1", R)}


def _ex11(**kw):
    return position(4, EX11, hands={R: ["BANANAS-O1"]}, turn_no=8, **kw)


def _place_squares(s):
    return {(m.x, m.y) for m in GAME.legal_moves(s, R) if isinstance(m, Place)}


def test_example_11_the_fourth_square_of_a_quarter_is_closed_to_placement():
    assert (5, 3) not in _place_squares(_ex11())


def test_example_11_a_square_across_a_pier_is_adjacent():
    assert (6, 3) in _place_squares(_ex11())


def test_example_11_a_square_touching_nothing_is_illegal():
    assert (7, 3) not in _place_squares(_ex11())


def test_example_11_a_move_inside_a_full_quarter_is_legal():
    assert MoveBoat(4, 3, 5, 3) in GAME.legal_moves(_ex11(), R)


def test_example_11_a_move_into_a_full_quarter_from_another_is_illegal():
    s = position(4, EX11 | {(6, 3): ("RICE-O2a", R)}, hands={R: ["BANANAS-O1"]})
    assert MoveBoat(6, 3, 5, 3) not in GAME.legal_moves(s, R)


def test_example_11_a_moved_boat_need_not_touch_any_other():
    s = play(_ex11(), R, MoveBoat(4, 3, 3, 4))
    assert s.owner[square(3, 4)] == R and s.cards[R] == 1
