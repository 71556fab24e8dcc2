"""Rule cases beyond the worked examples: round 1, compulsory placement, movement cards, the stuck rule."""

import pytest
from msgspec.structs import replace

from games.bangkok_klongs import GAME
from games.bangkok_klongs.content import BOAT_INDEX, LARGE, LIGHT_ENTRIES, MERCHANTS_PER_PLAYER, entry_squares, square
from games.bangkok_klongs.moves import Draw, EndTurn, MoveBoat, Pass, Place, Score, StartPlayer, Steal
from games.bangkok_klongs.state import DEAL, MARKET, OVER, START, TURN
from games.protocol import CHANCE, IllegalMove

from games.bangkok_klongs import rules

from .helpers import B, G, R, Y, play, position


def test_setup_gives_merchants_by_player_count_and_two_movement_cards():
    for n in (2, 3, 4):
        s = GAME.setup(n, {})
        assert s.supply == (MERCHANTS_PER_PLAYER[n],) * n and s.cards == (2,) * n and s.phase == DEAL


def test_each_player_is_dealt_four_secret_boats_then_a_public_start_player_is_chosen():
    s = GAME.setup(3, {})
    spec = GAME.chance(s)
    assert spec.visible_to == (0,) and len(spec.outcomes) == 72
    for k in range(12):
        s = GAME.apply(s, CHANCE, GAME.chance(s).outcomes[0])
    assert [len(h) for h in s.hands] == [4, 4, 4] and s.phase == START
    assert GAME.chance(s).visible_to is None
    s = GAME.apply(s, CHANCE, StartPlayer(seat=2))
    assert s.phase == TURN and GAME.actors(s) == {2}


def test_round_1_with_two_players_only_the_light_entry_squares():
    s = position(2, hands={R: ["FISH-O1"]}, turn_no=0)
    squares = {square(m.x, m.y) for m in GAME.legal_moves(s, R) if isinstance(m, Place)}
    assert squares == set(LIGHT_ENTRIES)


def test_round_1_with_three_players_all_eight_entry_squares():
    s = position(3, hands={R: ["FISH-O1"]}, turn_no=2)
    squares = {square(m.x, m.y) for m in GAME.legal_moves(s, R) if isinstance(m, Place)}
    assert squares == set(entry_squares(3)) and len(squares) == 8


def test_from_round_2_an_empty_board_falls_back_to_the_entry_squares():
    s = position(4, hands={R: ["FISH-O1"]})
    squares = {square(m.x, m.y) for m in GAME.legal_moves(s, R) if isinstance(m, Place)}
    assert squares == set(entry_squares(4))


def test_placing_is_compulsory_when_a_boat_fits():
    s = position(4, {(4, 4): ("FISH-O1", R)}, hands={R: ["RICE-O1"]})
    assert EndTurn() not in GAME.legal_moves(s, R)
    with pytest.raises(IllegalMove, match="place a boat first"):
        play(s, R, EndTurn())


def test_a_placement_off_the_frontier_is_refused_with_a_reason():
    s = position(4, {(4, 4): ("FISH-O1", R)}, hands={R: ["RICE-O1"]})
    with pytest.raises(IllegalMove, match="touches no boat"):
        play(s, R, Place(boat="RICE-O1", x=0, y=0))
    with pytest.raises(IllegalMove, match="do not hold"):
        play(s, R, Place(boat="RICE-O2a", x=5, y=5))


def test_only_own_boats_move_and_only_once_per_turn():
    s = position(4, {(4, 4): ("FISH-O1", R), (5, 5): ("RICE-O1", B)}, hands={R: ["RICE-O2a"]})
    with pytest.raises(IllegalMove, match="does not carry your merchant"):
        play(s, R, MoveBoat(5, 5, 6, 6))
    s = play(s, R, MoveBoat(4, 4, 3, 3))
    assert not any(isinstance(m, MoveBoat) for m in GAME.legal_moves(s, R))


def test_after_placing_the_player_may_still_move_then_ends_the_turn_and_draws():
    hands = {R: ["RICE-O1", "RICE-O0", "RICE-O2a", "RICE-O2b"], Y: ["FISH-O0"]}
    s = position(4, {(4, 4): ("FISH-O1", R)}, hands=hands)
    s = play(s, R, Place(boat="RICE-O1", x=5, y=5))
    assert EndTurn() in GAME.legal_moves(s, R) and MoveBoat(5, 5, 6, 6) in GAME.legal_moves(s, R)
    s = play(s, R, EndTurn())
    assert GAME.actors(s) == {CHANCE} and GAME.chance(s).visible_to == (R,)
    s = play(s, CHANCE, Draw(boat=GAME.chance(s).outcomes[0].boat))
    assert len(s.hands[R]) == 4 and s.active == Y


def test_a_full_round_without_placements_with_nothing_eligible_ends_the_game():
    s = position(2, {(4, 4): ("FISH-O1", R)}, cards=(0, 0), idle=0)
    s = rules.continue_turn(s)  # nobody holds a boat: both turns are skipped
    assert s.phase == OVER


def test_the_stuck_rule_starts_the_large_market_day_with_the_next_player_as_trigger():
    boats = {(1, 0): ("FISH-O1", R), (2, 0): ("FISH-O2a", Y), (1, 1): ("FISH-O3", R), (2, 1): ("FISH-O0", R)}
    s = rules.continue_turn(position(2, boats, cards=(0, 0), scores=(5, 5), active=Y))
    # Y and R skip; the trigger is Y (next to play); equal scores, Y has fewer merchants on the board: Y opens
    assert (s.phase, s.market, s.trigger, s.scorer) == (MARKET, LARGE, Y, Y)
    assert s.luk == 0 and s.scores == (5, 5)  # nobody scores Luk Phat points for it
    assert GAME.legal_moves(s, Y)[0] == Pass()


def test_market_day_pass_from_the_wrong_seat_is_refused():
    s = position(4, {(4, 4): ("FISH-O1", R)}, hands={R: ["RICE-O1"]})
    with pytest.raises(IllegalMove, match="not your turn"):
        play(s, G, EndTurn())


def test_the_large_market_day_ends_after_a_full_round_of_passes():
    boats = {(1, 0): ("FISH-O1", R), (2, 0): ("FISH-O2a", Y), (1, 1): ("FISH-O3", R), (2, 1): ("FISH-O0", Y)}
    s = rules.open_market(position(2, boats, scores=(0, 3)), LARGE, trigger=Y)
    assert s.scorer == R  # lowest score opens
    s = play(s, R, Pass())
    assert s.phase == MARKET and s.scorer == Y
    s = play(s, Y, Pass())
    assert s.phase == OVER


def test_the_large_market_day_goes_on_while_someone_scores():
    boats = {(1, 0): ("FISH-O1", R), (2, 0): ("FISH-O2a", Y), (1, 1): ("FISH-O3", R), (2, 1): ("FISH-O0", Y),
             (5, 0): ("RICE-O1", R), (6, 0): ("RICE-O2a", R), (5, 1): ("RICE-O3", R), (6, 1): ("RICE-N0", None)}
    s = rules.open_market(position(2, boats, scores=(0, 3)), LARGE, trigger=Y)
    s = play(s, R, Pass())
    s = play(s, Y, Score(px=2, py=1, x=2, y=0))
    assert s.phase == MARKET and s.scorer == R  # R passed before, but a scoring reopened the round
    s = play(s, R, Score(px=6, py=1, x=6, y=1))  # nothing eligible is left for anybody
    assert s.phase == OVER and s.warehouses[R] == (BOAT_INDEX["RICE-N0"],)


def test_a_luk_phat_boat_stolen_into_the_hand_advances_the_track_again_when_replaced():
    boats = {(2, 3): ("FISH-N2L", None), (5, 3): ("RICE-O1", Y)}
    s = position(4, boats, hands={R: ["THIEF-1", "RICE-O0"]}, luk=3, moved=True)
    s = play(s, R, Place(boat="THIEF-1", x=4, y=3))
    s = play(s, R, Steal(x=2, y=3, to="hand"))
    assert BOAT_INDEX["FISH-N2L"] in s.known[R] and s.luk == 3
    s = replace(s, active=R, placed=-1, phase=TURN)
    s = play(s, R, Place(boat="FISH-N2L", x=3, y=3))
    assert s.luk == 4 and s.scores[R] == 2 and s.known[R] == ()
