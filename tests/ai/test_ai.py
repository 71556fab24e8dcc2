"""The AI players: legal, reproducible, blind to other seats' secrets, and MCTS plays better than chance.

Runs over the toy game and every registered game (new games are picked up as they land)."""

from __future__ import annotations

import random

import msgspec
import pytest

from ai import NAMED, choose_move, parse_level
from ai.arena import ahead_of_others, play_pairing, wilson
from ai.ismcts import search
from games.protocol import CHANCE, Result, sample_chance
from games.registry import all_games
from tests.ai.same_choices import decision_points as seeded_decision_points

TOY = all_games()["toy"]  # the toy game of tests/toygame/ (registered by tests/conftest.py)
REAL = {gid: g for gid, g in all_games().items() if gid != "toy"}
GAMES = [TOY, *REAL.values()]
IDS = [g.id for g in GAMES]
MCTS_ITERATIONS = 40  # enough to exercise every part of the search, quick on any game
LEVELS = ("random", "greedy", "mcts")  # the players; the named levels (ai.NAMED) are settings of these


def decision_points(game, players, seed, wanted=3, skip=7):
    """States along a random playout where a seat is to act: (state, seat)."""
    found = seeded_decision_points(game, players, seed, wanted, skip)
    assert found, "the playout offered no decision"
    return found


def pick(game, state, seat, level, seed):
    return choose_move(game, state, seat, level, random.Random(seed), budget=None,
                       iterations=MCTS_ITERATIONS if level == "mcts" else None)


# --- levels -----------------------------------------------------------------------------------------


def test_parse_level_reads_the_budget_suffix():
    assert parse_level("mcts@0.5") == ("mcts", 0.5)
    assert parse_level("mcts") == ("mcts", None)
    assert parse_level("ai-greedy") == ("greedy", None)
    assert parse_level("ai-hard") == ("hard", None)
    for bad in ("genius", "hard@1", "mcts@", "mcts@fast", "mcts@0", "mcts@-1", "mcts@nan"):
        with pytest.raises(ValueError):
            parse_level(bad)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move(game, level):
    for players in sorted({game.min_players, game.max_players}):
        for state, seat in decision_points(game, players, seed=players):
            move = pick(game, state, seat, level, seed=1)
            assert move in game.legal_moves(state, seat)
            game.apply(state, seat, move)  # the game takes it


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_heuristics_of_several_seats_agree_with_the_heuristic_of_each(game):
    """`Game.heuristics` (one call for every seat on a search path) is the per-seat heuristic, in play
    and at the end."""
    for players in sorted({game.min_players, game.max_players}):
        states = [s for s, _ in decision_points(game, players, seed=players + 20, wanted=6, skip=5)]
        rng = random.Random(players)
        state = states[-1]
        while game.actors(state):  # and one finished game
            actor = min(game.actors(state))
            state = game.apply(state, actor, sample_chance(game.chance(state), rng) if actor == CHANCE
                               else rng.choice(game.legal_moves(state, actor)))
        for s in [*states, state]:
            seats = list(range(players))
            assert game.heuristics(s, seats) == [game.heuristic(s, seat) for seat in seats]
            assert game.heuristics(s, seats[::-1][:2]) == [game.heuristic(s, seat) for seat in seats[::-1][:2]]


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_search_never_meets_a_sampled_world_the_game_refuses(game):
    """Every determinization keeps the seat's own moves legal: a refusal would raise out of the search."""
    for state, seat in decision_points(game, game.min_players, seed=12):
        _, stats = search(game, state, seat, random.Random(0), budget=None, iterations=60, widen=0)
        assert stats.iterations == 60
        move, stats = search(game, state, seat, random.Random(0), budget=None, iterations=60, widen=1)
        assert move in game.legal_moves(state, seat) and 0 < stats.iterations <= 60  # may stop early


def test_named_levels_are_settings_of_the_players():
    assert all(level in LEVELS and (n is None or n > MCTS_ITERATIONS) for level, n in NAMED.values())


def test_the_budget_suffix_bounds_thinking_time():
    state, seat = decision_points(TOY, 2, seed=5, wanted=1)[0]
    move = choose_move(TOY, state, seat, "mcts@0.05", random.Random(0))
    assert move in TOY.legal_moves(state, seat)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("level", LEVELS)
def test_a_seeded_ai_is_reproducible(game, level):
    for state, seat in decision_points(game, game.min_players, seed=2):
        assert pick(game, state, seat, level, seed=9) == pick(game, state, seat, level, seed=9)


# --- an AI sees only its own seat's information ------------------------------------------------------


class Spy:
    """The game as the AI sees it, checking that the true state reaches only the calls a seat may
    make on it: its own legal moves, its view, who is to act, and determinize for itself."""

    def __init__(self, game, true_state, seat):
        self.game, self.true, self.seat = game, true_state, seat

    def __getattr__(self, name):
        attr = getattr(self.game, name)
        if not callable(attr) or name in ("view", "actors", "check_options"):
            return attr

        def guarded(*args, **kw):
            assert not any(a is self.true for a in args), f"the AI called {name} on the true state"
            return attr(*args, **kw)

        return guarded

    def legal_moves(self, state, seat):
        assert state is not self.true or seat == self.seat, "the AI asked another seat's moves"
        return self.game.legal_moves(state, seat)

    def determinize(self, state, seat, rng):
        assert seat == self.seat, "the AI determinized from another seat's point of view"
        sample = self.game.determinize(state, seat, rng)
        if sample is state:  # nothing hidden: a copy, so its use is not mistaken for the truth
            sample = msgspec.msgpack.decode(msgspec.msgpack.encode(sample), type=self.game.State)
        return sample


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("level", LEVELS)
def test_the_true_state_reaches_only_what_the_seat_may_ask(game, level):
    for state, seat in decision_points(game, game.min_players, seed=4):
        move = pick(Spy(game, state, seat), state, seat, level, seed=3)
        assert move in game.legal_moves(state, seat)


def other_secrets_changed(game, state, seat, seed):
    """A state `seat` cannot tell from `state`: everything hidden from it drawn anew."""
    other = game.determinize(state, seat, random.Random(seed))
    assert msgspec.json.encode(game.view(other, seat)) == msgspec.json.encode(game.view(state, seat))
    return other


def test_changing_other_hands_does_not_move_the_toy_ai():
    for state, seat in decision_points(TOY, 3, seed=6, wanted=4, skip=2):
        for k in range(3):
            other = other_secrets_changed(TOY, state, seat, seed=k)
            for level in LEVELS:
                for seed in range(3):
                    assert pick(TOY, state, seat, level, seed) == pick(TOY, other, seat, level, seed)


def test_swapping_two_other_hands_does_not_move_the_toy_ai():
    state, seat = next((s, p) for s, p in decision_points(TOY, 3, seed=8, wanted=5, skip=2)
                       if s.hands[1] != s.hands[2] and p == 0)
    swapped = msgspec.structs.replace(state, hands=(state.hands[0], state.hands[2], state.hands[1]))
    for level in LEVELS:
        for seed in range(4):
            assert pick(TOY, state, seat, level, seed) == pick(TOY, swapped, seat, level, seed)


class SameInformationSet:
    """The game, but determinize draws from one fixed state of the seat's information set (checked
    by the view), so the draw cannot depend on which true state the AI was handed."""

    def __init__(self, game, reference):
        self.game, self.reference = game, reference

    def __getattr__(self, name):
        return getattr(self.game, name)

    def determinize(self, state, seat, rng):
        view = msgspec.json.encode(self.game.view(state, seat))
        assert view == msgspec.json.encode(self.game.view(self.reference, seat))
        return self.game.determinize(self.reference, seat, rng)


@pytest.mark.parametrize("game", REAL.values(), ids=list(REAL))
def test_changing_other_seats_secrets_does_not_move_the_ai(game):
    """Same seed, same move. Where the game's own determinize draws differently from two states the
    seat cannot tell apart (same distribution, other numbers), the draw is taken from one of them."""
    for state, seat in decision_points(game, game.min_players, seed=10, wanted=2):
        other = other_secrets_changed(game, state, seat, seed=1)
        canonical = game.determinize(state, seat, random.Random(5)) == game.determinize(other, seat, random.Random(5))
        player = game if canonical else SameInformationSet(game, state)
        for level in LEVELS:
            for seed in range(3):
                assert pick(player, state, seat, level, seed) == pick(player, other, seat, level, seed)


# --- strength ----------------------------------------------------------------------------------------


def test_mcts_beats_random_on_the_toy_game():
    r = play_pairing(TOY, "mcts", "random", games=300, budget=None, iterations=150)
    low, _ = r.ci95
    assert r.share > 0.55 and low > 0.5, f"mcts won {r.share:.2f} of its games"


def test_greedy_beats_random_on_the_toy_game():
    r = play_pairing(TOY, "greedy", "random", games=300, budget=None)
    assert r.share > 0.54, f"greedy won {r.share:.2f} of its games"


def test_wilson_interval_holds_the_share():
    low, high = wilson(0.8, 200)
    assert low < 0.8 < high and high - low < 0.12


def test_ahead_of_others_counts_each_other_seat_and_a_tie_as_half():
    result = Result(scores=(5, 7, 7, 1), ranks=(3, 1, 1, 4))
    assert ahead_of_others(result, 1) == pytest.approx(2.5 / 3)  # beat seats 0 and 3, tied seat 2
    assert ahead_of_others(result, 0) == pytest.approx(1 / 3)
    assert ahead_of_others(result, 3) == 0.0
    two = Result(scores=(3, 4), ranks=(2, 1))
    assert (ahead_of_others(two, 0), ahead_of_others(two, 1)) == (0.0, 1.0)  # two seats: the win share


def test_a_three_seat_pairing_reports_how_often_the_first_side_finished_ahead():
    r = play_pairing(TOY, "greedy", "random", games=40, budget=None, players=3)
    assert len(r.ahead) == len(r.shares) == 40
    assert all(x in (0.0, 0.25, 0.5, 0.75, 1.0) for x in r.ahead)
    assert r.ahead_share >= r.share  # every game: a win is ahead of both others, a shared first half ahead
    assert r.ahead_share > 0.5, f"greedy finished ahead of a random seat {r.ahead_share:.2f} of the time"
