"""The search's leaf evaluation (`Game.evaluations`) and fitting it to game outcomes (`ai/fit.py`)."""

from __future__ import annotations

import math
import random
import subprocess
import sys

import msgspec
import pytest

from ai.fit import conditional_logit, fit, log_loss, logistic
from ai.ismcts import search
from games.protocol import shares_of, win_chances_of
from games.registry import all_games
from tests.ai.test_ai import GAMES, IDS, TOY, decision_points
from tests.needs import need
from tests.toygame import ToyGame

KASHGAR = all_games()["kashgar"]


class LeafCounting(ToyGame):
    """The toy game, counting the search's leaf evaluations; its heuristic must not be asked."""

    id = "toy-leaf-counting"
    leaves = 0

    def evaluations(self, state, seats):
        LeafCounting.leaves += 1
        return super().heuristics(state, seats)

    def heuristics(self, state, seats):
        raise AssertionError("the search judged a leaf with the heuristic, not the evaluation")


def test_the_search_judges_its_leaves_with_the_games_evaluation():
    game = LeafCounting()
    state, seat = next((s, seat) for s, seat in decision_points(game, 2, seed=3, wanted=4, skip=2)
                       if len(game.legal_moves(s, seat)) > 1)
    move, stats = search(game, state, seat, random.Random(0), budget=None, iterations=50)
    assert move in game.legal_moves(state, seat) and stats.iterations == 50
    assert LeafCounting.leaves > 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_evaluations_are_win_chances_and_default_to_the_heuristic(game):
    for players in sorted({game.min_players, game.max_players}):
        for state, _ in decision_points(game, players, seed=players + 30, wanted=4, skip=5):
            seats = list(range(players))
            values = game.evaluations(state, seats)
            assert all(0.0 <= v <= 1.0 for v in values)
            if game.features(state, 0) is None:  # no fitted evaluation: the heuristic
                assert values == game.heuristics(state, seats)


FITTED = [g for g in all_games().values()
          if g.features(g.setup(g.min_players, g.check_options(None)), 0) is not None]


@pytest.mark.parametrize("game", FITTED, ids=[g.id for g in FITTED])
def test_the_seats_win_chances_add_up_to_one_at_the_smallest_table(game):
    n = game.min_players  # two seats (Kashgar, Yangtze), three (Himalaya)
    for state, _ in decision_points(game, n, seed=5, wanted=6, skip=5):
        assert math.isclose(sum(game.evaluations(state, list(range(n)))), 1.0)


def test_shares_give_equal_seats_equal_chances_and_the_better_seat_more():
    assert shares_of((1.0, 2.0), [(1.0, 1.0)] * 3) == pytest.approx([1 / 3] * 3)
    two = shares_of((0.5, -0.25), [(3.0, 1.0), (1.0, 2.0)])
    assert two == pytest.approx(win_chances_of((0.5, -0.25), [(3.0, 1.0), (1.0, 2.0)], [0, 1]))
    assert two[0] > 0.5


def test_kashgars_win_chance_is_even_between_equal_seats():
    state = KASHGAR.setup(2, KASHGAR.check_options(None))
    seats = (state.seats[0], state.seats[0])  # seat 1 holds just what seat 0 holds
    state = msgspec.structs.replace(state, seats=seats)
    assert KASHGAR.evaluations(state, [0, 1]) == [0.5, 0.5]


def test_the_conditional_logit_recovers_the_weights_that_made_three_seat_outcomes():
    rng = random.Random(11)
    true = (1.2, -0.6)
    rows = []
    for _ in range(4000):
        fs = [(rng.gauss(0, 1), rng.gauss(0, 1)) for _ in range(3)]
        ps = shares_of(true, fs)
        winner = rng.choices(range(3), weights=ps)[0]
        rows.append((fs, [1.0 if i == winner else 0.0 for i in range(3)]))
    w = conditional_logit(rows, ridge=0.0)
    assert all(abs(a - b) < 0.15 for a, b in zip(w, true)), w


def test_logistic_recovers_the_weights_that_made_the_outcomes():
    rng = random.Random(7)
    true = (1.5, -0.8)
    rows = []
    for _ in range(6000):
        x = (rng.gauss(0, 1), rng.gauss(0, 1))
        p = 1 / (1 + math.exp(-sum(w * xi for w, xi in zip(true, x))))
        rows.append((x, 1.0 if rng.random() < p else 0.0))
    w = logistic(rows, ridge=0.0)
    assert all(abs(a - b) < 0.15 for a, b in zip(w, true)), w
    fitted = log_loss([(1 / (1 + math.exp(-sum(a * b for a, b in zip(w, x)))), y) for x, y in rows])
    assert fitted < log_loss([(0.5, y) for _, y in rows])  # better than knowing nothing




@pytest.mark.parametrize("game", FITTED, ids=[g.id for g in FITTED])
def test_a_fit_weighs_the_first_feature_a_lead_for_the_leader(game):
    """Kashgar's first feature is VP, Yangtze's money, Himalaya's economic influence (yaks); the game's
    testing.py names the weights that make it up once the game nears its end (FIRST_AT_THE_END)."""
    n = game.min_players
    # three seats' eleven weights need more games; Kashgar's sixty-one, over a few games, a firmer ridge
    r = fit(game, games=30 if n == 2 else 100, players=n, ridge=100.0)
    assert len(r["weights"]) == len(game.features(game.setup(n, game.check_options(None)), 0))
    assert sum(r["weights"][i] for i in need(game, "FIRST_AT_THE_END")) > 0  # ahead at the end: more likely to win
    assert r["held_out"] > 0 and r["fit_loss"] < math.log(n)  # better than a uniform guess on games it never saw


def test_a_game_without_features_cannot_be_fitted():
    with pytest.raises(ValueError, match="features"):
        fit(TOY, games=1)


def test_a_fit_can_play_its_games_with_the_search_in_several_processes():
    """`--player mcts#N --jobs J`: the search plays the self-play games; the processes change nothing."""
    by_search = fit(KASHGAR, games=4, player="mcts#20")
    assert fit(KASHGAR, games=4, player="mcts#20", jobs=2) == by_search
    assert by_search["positions"] > 0 and by_search != fit(KASHGAR, games=4)


def test_the_fit_command_refuses_a_player_it_does_not_know():
    done = subprocess.run([sys.executable, "-m", "ai.fit", "kashgar", "--player", "mcts#many"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "#ITERATIONS" in done.stderr
