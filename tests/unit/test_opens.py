"""Which secret moves a move turns face up in the log is each game's rule (`Game.opens`): Himalaya's last
disc of a round's programs opens them all (the board shows every program from then on); no move of the
other three games opens anything, so Kashgar's kept cards, Bangkok Klongs' hands and Yangtze's starting
goods stay hidden until the game is over."""

from __future__ import annotations

import random

import pytest

from games.himalaya.content import SLOTS
from games.himalaya.moves import PlanSlot
from games.protocol import CHANCE, sample_chance
from games.registry import get


def walk(game_type: str, players: int, seed: int, steps: int = 4000):
    """(state, actor, move) along a random game."""
    game, rng = get(game_type), random.Random(seed)
    state = game.setup(players, {})
    for _ in range(steps):
        if game.result(state) is not None:
            return
        actor = min(game.actors(state))
        move = sample_chance(game.chance(state), rng) if actor == CHANCE else rng.choice(game.legal_moves(state, actor))
        yield state, actor, move
        state = game.apply(state, actor, move)


@pytest.mark.parametrize("game_type,players", [("kashgar", 2), ("yangtze", 3), ("bangkok-klongs", 2), ("kashgar", 4)])
def test_no_move_of_the_other_games_opens_a_secret(game_type, players):
    game = get(game_type)
    secret = opened = 0
    for seed in range(3):
        for state, actor, move in walk(game_type, players, seed):
            secret += game.visible_to(state, actor, move) is not None
            opened += game.opens(state, actor, move)
    assert secret and not opened, (secret, opened)


@pytest.mark.parametrize("players", [3, 4])
def test_himalaya_opens_at_the_last_disc_of_each_rounds_programs(players):
    game = get("himalaya")
    for seed in range(3):
        rounds = opened = 0
        for state, actor, move in walk("himalaya", players, seed):
            last_disc = (actor != CHANCE and state.phase == "planning" and isinstance(move, PlanSlot)
                         and sum(SLOTS - len(p) for p in state.plans) == 1)  # the last empty slot of all
            rounds += last_disc
            assert game.opens(state, actor, move) == last_disc, (seed, state.phase, actor, move)
            opened += last_disc
        assert rounds >= 2 and opened == rounds
