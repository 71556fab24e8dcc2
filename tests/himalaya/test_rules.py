"""Rule cases beyond the worked examples: setup, events, planning secrecy, trade limits, renewal,
inventory, end of game and the elimination ties."""

import pytest
from msgspec.structs import replace

from games.himalaya import GAME, rules
from games.himalaya.moves import (
    Collect, Decline, DrawCube, PassEvent, PlaceCaravan, PlaceMarket, PlaceSnowstorm, PlaceYeti, PlanSlot,
    Program, RollD20, Seating,
)
from games.himalaya.state import EVENTS, EXECUTION, OVER, PLACEMENT, PLANNING, RENEWAL, SETUP
from games.protocol import CHANCE, IllegalMove

from .helpers import BLUE, GREEN, RED, chance_actor, cubes, final_position, position, program

E, S, I, T, P = "earth", "stone", "ice", "trade", "pause"


# --- options and setup ------------------------------------------------------------------------------


def test_options_are_event_figures_and_the_planning_time_limit():
    assert GAME.check_options(None) == {"events": True, "planning_time_limit": 60}
    s = GAME.setup(4, GAME.check_options({"events": False, "planning_time_limit": 0}))
    assert not s.events_on and s.planning_time_limit == 0
    assert GAME.view(s, None)["options"] == {"events": False, "planning_time_limit": 0}


def test_seat_order_and_start_player_are_one_chance_step():
    s = GAME.setup(4, GAME.check_options(None))
    assert GAME.chance(s).permute == 4
    s = GAME.apply(s, CHANCE, Seating((2, 0, 3, 1)))
    assert s.start == 2 and s.phase == SETUP and rules.clockwise(s) == (2, 0, 3, 1)


@pytest.mark.parametrize("players,villages,per_village", [(3, 5, 5), (4, 5, 5), (5, 6, 4), (6, 6, 5)])
def test_setup_creates_resource_and_order_villages_by_player_count(players, villages, per_village):
    import random

    from games.protocol import sample_chance

    rng = random.Random(players)
    s = GAME.setup(players, GAME.check_options(None))
    while chance_actor(s):
        s = GAME.apply(s, CHANCE, sample_chance(GAME.chance(s), rng))
    assert s.phase == PLACEMENT
    filled = [c for c in s.board_cubes if any(c)]
    assert len(filled) == villages and all(sum(c) == per_village for c in filled)
    assert sum(1 for r in s.board_rings if r) == villages


def test_caravans_are_placed_one_per_village_from_the_start_player():
    s = position(phase=PLACEMENT, order=(1, 2, 0), turn=0)
    s = replace(s, players=tuple(replace(p, village=0) for p in s.players))
    assert GAME.actors(s) == {1}
    s = GAME.apply(s, 1, PlaceCaravan(7))
    assert GAME.actors(s) == {2}
    with pytest.raises(IllegalMove):
        GAME.apply(s, 2, PlaceCaravan(7))


# --- phase 1a: event figures ------------------------------------------------------------------------


def _events(**kw):
    s = position(phase=EVENTS, turn=0, board_cubes={5: cubes(salt=3)}, **kw)
    return s


def test_each_figure_type_at_most_once_per_round():
    s = _events()
    s = GAME.apply(s, RED, PlaceYeti(3))
    assert not any(isinstance(m, PlaceYeti) for m in GAME.legal_moves(s, BLUE))
    with pytest.raises(IllegalMove):
        GAME.apply(s, BLUE, PlaceYeti(4))


def test_a_path_holds_at_most_one_figure():
    s = GAME.apply(_events(), RED, PlaceYeti(3))
    assert PlaceSnowstorm(3) not in GAME.legal_moves(s, BLUE)


def test_market_only_on_a_village_offering_resources():
    s = _events()
    assert [m for m in GAME.legal_moves(s, RED) if isinstance(m, PlaceMarket)] == [PlaceMarket(5)]
    with pytest.raises(IllegalMove, match="Market"):
        GAME.apply(s, RED, PlaceMarket(6))


def test_each_player_places_at_most_one_figure_then_planning_begins():
    s = _events()
    s = GAME.apply(s, RED, PlaceYeti(3))
    assert GAME.actors(s) == {BLUE}
    s = GAME.apply(s, BLUE, PassEvent())
    s = GAME.apply(s, GREEN, PlaceMarket(5))
    assert s.phase == PLANNING and s.yeti == 3 and s.market == 5


def test_a_used_figure_is_gone_for_the_rest_of_the_game():
    s = _events()
    s = GAME.apply(s, RED, PlaceYeti(3))
    assert s.players[RED].figures == ("snowstorm", "market")


def test_a_player_without_figures_passes_without_being_asked():
    s = _events()
    s = replace(s, players=(replace(s.players[RED], figures=()),) + s.players[1:])
    assert GAME.actors(s) == {RED}  # the position helper does not skip; the rules do on entering
    s = rules.skip_event_passes(s)
    assert GAME.actors(s) == {BLUE}


def test_yeti_tracks_close_the_path_both_ways():
    assert rules.step(1, 0, I, 1, 0) == (1, 0)  # P1 is 1-2 ice
    assert rules.step(2, 0, I, 1, 0) == (2, 0)
    assert rules.step(1, 0, I, 0, 0) == (2, 0)


def test_on_the_storm_other_actions_have_no_effect():
    storm = 23  # 14-19 ice
    assert rules.step(14, 0, I, 0, storm) == (14, 19)
    assert rules.step(14, 19, E, 0, storm) == (14, 19)
    assert rules.step(14, 19, T, 0, storm) == (14, 19)
    assert rules.step(14, 19, I, 0, storm) == (19, 0)


def test_events_off_goes_straight_to_planning():
    s = position(events_on=False)
    assert rules.begin_round(s).phase == PLANNING


# --- phase 2: planning ------------------------------------------------------------------------------


def test_planning_is_simultaneous_and_every_slot_is_secret():
    s = position()
    assert GAME.actors(s) == {0, 1, 2}
    assert GAME.visible_to(s, RED, PlanSlot(E)) == (RED,)
    s = GAME.apply(s, RED, PlanSlot(E))
    view = GAME.view(s, BLUE)
    assert view["players"][RED]["program"] is None and view["players"][RED]["discs_programmed"] == 1
    assert GAME.view(s, RED)["players"][RED]["program"] == [E]


def test_the_last_disc_reveals_all_programs_at_once():
    s = position()  # a whole program in one move is accepted too
    s = GAME.apply(s, RED, Program((P,) * 6))
    s = GAME.apply(s, BLUE, Program((E,) * 6))
    for cmd in (P,) * 5:
        assert not GAME.reveals(s, GREEN, PlanSlot(cmd))
        s = GAME.apply(s, GREEN, PlanSlot(cmd))
    assert GAME.reveals(s, GREEN, PlanSlot(P))
    s = GAME.apply(s, GREEN, PlanSlot(P))
    assert s.phase != PLANNING
    assert GAME.view(s, RED)["players"][BLUE]["program"] == [E] * 6


def test_a_seat_that_has_programmed_six_discs_waits():
    s = GAME.apply(position(), RED, Program((P,) * 6))
    assert RED not in GAME.actors(s) and GAME.legal_moves(s, RED) == []
    with pytest.raises(IllegalMove, match="wait"):
        GAME.apply(s, RED, PlanSlot(P))


def test_an_unknown_command_is_refused():
    with pytest.raises(IllegalMove):
        GAME.apply(position(), RED, PlanSlot("fly"))


# --- phase 3: trade limits --------------------------------------------------------------------------


def test_collect_once_per_village_per_round_even_after_returning():
    s = position(villages={RED: 1}, board_cubes={2: cubes(salt=3)})
    s = program(s, {RED: (I, T, I, I, T, P)})  # 1 -> 2 trade, -> 1, -> 2 trade again
    s = GAME.apply(s, RED, Collect("salt"))
    assert s.phase != EXECUTION and s.players[RED].cubes == cubes(salt=1)


def test_a_declined_collect_keeps_the_allowance():
    s = position(villages={RED: 2}, board_cubes={2: cubes(salt=3)})
    s = program(s, {RED: (T, T, P, P, P, P)})
    s = GAME.apply(s, RED, Decline())
    assert s.pending.seat == RED and s.slot == 1
    s = GAME.apply(s, RED, Collect("salt"))
    assert s.players[RED].cubes == cubes(salt=1)


def test_trade_without_the_cubes_for_the_order_has_no_effect():
    s = position(villages={RED: 13}, held={RED: cubes(salt=1)}, board_rings={13: 33})
    s = program(s, {RED: (T, P, P, P, P, P)})
    assert s.phase != EXECUTION


def test_only_the_acting_player_chooses():
    s = position(villages={RED: 2}, board_cubes={2: cubes(salt=3)})
    s = program(s, {RED: (T, P, P, P, P, P)})
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply(s, BLUE, Collect("salt"))


def test_figures_are_removed_after_execution():
    s = program(position(yeti=3, market=5, board_cubes={5: cubes(salt=1)}), {})
    assert s.yeti == 0 and s.market == 0 and s.snowstorm == 0


# --- phase 4-6 --------------------------------------------------------------------------------------


def test_exhausted_resource_bag_places_what_is_left():
    s = position(phase=RENEWAL, cube_bag=(2, 0, 0, 0, 0))
    s = replace(s, cube_bag=(2, 0, 0, 0, 0))
    s = GAME.apply(s, CHANCE, RollD20(1))
    assert s.to_draw == 2
    s = GAME.apply(s, CHANCE, DrawCube("salt"))
    s = GAME.apply(s, CHANCE, DrawCube("salt"))
    assert s.board_cubes[0] == cubes(salt=2) and s.awaiting == ""
    assert "order" in GAME.chance(s).label  # resources stop, orders come next


def test_drawing_a_kind_the_bag_lacks_is_refused():
    s = GAME.apply(position(phase=RENEWAL, cube_bag=(2, 0, 0, 0, 0)), CHANCE, RollD20(1))
    with pytest.raises(IllegalMove):
        GAME.apply(s, CHANCE, DrawCube("gold"))


def test_start_player_passes_clockwise_after_the_round():
    s = position(order=(2, 0, 1), events_on=False, board_cubes={v: cubes(salt=1) for v in (1, 2, 3, 4, 5)},
                 board_rings={v: v for v in (6, 7, 8, 9, 10)})
    s = program(s, {})
    assert s.round == 2 and s.start == 0 and s.phase == PLANNING


def test_the_last_round_skips_renewal_and_ends_with_an_inventory():
    s = position(round=12, held={RED: cubes(gold=1)})
    s = program(s, {})
    assert s.phase == OVER and s.players[RED].tokens == 1 and GAME.actors(s) == frozenset()


# --- final scoring ties -----------------------------------------------------------------------------


def test_three_players_fully_tied_share_the_victory():
    s = final_position(3, {}, {}, [6, 6, 6])
    assert GAME.result(s).ranks == (1, 1, 1)


def test_four_players_fully_tied_religion_eliminates_nobody():
    s = final_position(4, {0: [1], 1: [4]}, {}, [5, 5, 9, 9])
    r = GAME.result(s)
    assert "religion: lowest key shared" in r.detail


def test_six_players_political_step_eliminates_the_two_lowest():
    # religion: seat 5 lowest alone -> 6th. Politics among 0-4: seats 3 and 4 hold nothing
    stupas = {0: [6], 1: [10], 2: [13], 3: [16], 4: [2]}
    delegates = {"A": (1, 0, 0, 0, 0, 0), "B": (0, 1, 0, 0, 0, 0), "C": (0, 0, 1, 0, 0, 0)}
    r = GAME.result(final_position(6, stupas, delegates, [9, 6, 3, 12, 0, 30]))
    assert r.ranks[5] == 6
    assert r.ranks[4] == 5 and r.ranks[3] == 4  # both out: lower yaks (E 0) is 5th
    assert sorted(r.ranks[:3]) == [1, 2, 3] and r.ranks[0] == 1


def test_six_players_three_tied_at_the_bottom_of_politics_nobody_goes_out():
    stupas = {0: [6], 1: [10], 2: [13], 3: [16], 4: [2]}
    delegates = {"A": (1, 0, 0, 0, 0, 0), "B": (0, 1, 0, 0, 0, 0)}
    r = GAME.result(final_position(6, stupas, delegates, [9, 6, 3, 3, 3, 30]))
    assert "politics: lowest key shared" in r.detail
    assert r.ranks[5] == 6


# --- service defaults on timeout --------------------------------------------------------------------


def test_timeout_defaults_pause_lowest_cube_and_trade_plus_offering():
    s = position(villages={RED: 13}, held={RED: cubes(salt=2, barley=1, tea=1, jade=1)}, board_rings={13: 33})
    assert GAME.timeout_move(s, RED) == PlanSlot("pause")
    s = program(s, {RED: (T, P, P, P, P, P)})
    move = GAME.timeout_move(s, RED)
    assert move.trade and move.offering and not move.delegates
    s = position(villages={RED: 2}, board_cubes={2: cubes(tea=1, salt=1)}, market=2)
    s = program(s, {RED: (T, P, P, P, P, P)})
    assert GAME.timeout_move(s, RED) == Collect("salt")
