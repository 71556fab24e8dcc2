"""Issue 58, sharpness at the end: where what the seat to move can see already decides the winner, the analysis's
win chance says so (at least 0.95, or at most 0.05).

For every registered game, seeded games between greedy seats are played to the end; at the game's last decisions
with a choice (back from the end, up to `LAST`, while it holds) the position counts as decided when, on `SAMPLES` hidden states drawn for the mover (its information
set only), the move played and then play by every seat to the end (greedy on half of them, at random on the
others) give the same winner every time. There
the verdict's `value_played` (the win chance shown) must be at least 0.95 for that winner, at most 0.05 otherwise.
Nothing per game: a game whose seeded games never end decided fails, so it can be seen and looked at."""

from __future__ import annotations

import random

import pytest

from ai.analysis import judge
from ai.simple import greedy_move, random_move, settle
from games.protocol import CHANCE, sample_chance
from games.registry import all_games

SAMPLES = 40
SEEDS = range(4)  # games tried per game type, until one ends decided
ITERATIONS = 150
LAST = 8  # decisions looked at back from the end, while the winner stays decided


def last_decisions(game, seed):
    """(state, seat, move) of the last `LAST` decisions with a choice in a greedy game seeded `seed`, the last first."""
    rng, ai = random.Random(seed), random.Random(f"{seed}/ai")
    state, last = game.setup(game.min_players, game.check_options(None)), []
    while actors := game.actors(state):
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        seat = min(actors)
        move = greedy_move(game, state, seat, ai)
        if len(game.legal_moves(state, seat)) > 1:
            last = [(state, seat, move)] + last[:LAST - 1]
        state = game.apply(state, seat, move)
    return last


def decided_winner(game, state, seat, move):
    """The winner every hidden state drawn for `seat` and any random play after `move` lead to, or None."""
    winners = set()
    for i in range(SAMPLES):
        r = random.Random(i)
        d = settle(game, game.apply(game.determinize(state, seat, r), seat, move), game.actors(state) - {seat}, r)
        while actors := game.actors(d):
            actor = min(actors)
            play = random_move if i % 2 else greedy_move  # half the samples fought out, half at random
            d = game.apply(d, actor, sample_chance(game.chance(d), r) if actor == CHANCE else play(game, d, actor, r))
        ranks = game.result(d).ranks
        winners.add(tuple(s for s, rank in enumerate(ranks) if rank == 1))
        if len(winners) > 1:
            return None
    (first,) = winners
    return first if len(first) == 1 else None


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_a_decided_game_reads_decided_at_its_last_decision(game_id):
    game = all_games()[game_id]
    seen = []
    for seed in SEEDS:
        for back, (state, seat, move) in enumerate(last_decisions(game, seed)):
            winner = decided_winner(game, state, seat, move)
            if winner is None:
                break  # from here back the game was still open
            v = judge(game, state, seat, move, random.Random(seed), budget=None, iterations=ITERATIONS)
            seen.append((seed, back, seat, winner[0], v.value_played))
    assert seen, f"{game_id}: none of seeds {list(SEEDS)} ends with its winner decided at the last decision"
    wrong = [(s, b, seat, w, p) for s, b, seat, w, p in seen if (p < 0.95 if w == seat else p > 0.05)]
    assert not wrong, (f"{game_id}: (seed, decisions before the last, seat, winner, win chance shown) not sharp: "
                       f"{wrong} of {seen}")
