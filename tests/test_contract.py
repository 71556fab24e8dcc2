"""Every registered game (and the toy game of tests/) keeps the protocol's contract."""

import pytest

from games.protocol import Game
from games.registry import all_games
from tests import contract
from tests.toygame import ToyGame

GAMES = list(all_games().values())  # the toy game of tests/ included (see conftest.py)
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.id}-{n}p" for g, n in CASES]


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_random_playouts_end_with_a_result(game, players):
    for seed in range(3):
        contract.check_playout_ends_with_result(game, players, seed)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_replaying_the_moves_rebuilds_the_state(game, players):
    contract.check_replay_rebuilds(game, players, seed=7)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_hidden_parts_do_not_change_a_seats_view(game, players):
    contract.check_hidden_parts_do_not_change_views(game, players, seed=11)


@pytest.mark.parametrize("game,players", CASES, ids=IDS)
def test_moves_out_of_turn_are_refused(game, players):
    contract.check_illegal_moves_refused(game, players, seed=3)


class LeakyToy(ToyGame):
    """The toy game with a leak: every seat sees every hand."""

    id = "toy-leaky"

    def view(self, s, seat):
        return {**super().view(s, seat), "hands": [list(h) for h in s.hands]}


class LeakyToyWithoutDeterminize(LeakyToy):
    """The same leak, and the default determinize (which returns the state itself)."""

    determinize = Game.determinize


@pytest.mark.parametrize("leaky,caught", [(LeakyToy(), "view changed"), (LeakyToyWithoutDeterminize(), "never redrew")],
                         ids=["own-determinize", "default-determinize"])
def test_the_secrecy_check_fails_for_a_game_that_leaks(leaky, caught):
    contract.check_hidden_parts_do_not_change_views(ToyGame(), 2, seed=11)  # the honest toy passes
    with pytest.raises(AssertionError, match=caught):
        contract.check_hidden_parts_do_not_change_views(leaky, 2, seed=11)
