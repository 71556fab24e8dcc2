"""The two cheap players, `random` and `greedy`, and the helpers every level shares.

An AI seat decides only from what its seat may see: its own legal moves in the true state (a seat's
own moves depend only on what it knows) and `game.determinize(state, seat, rng)`, a full state drawn
from everything the seat has seen. Nothing else of the true state reaches a decision.
"""

from __future__ import annotations

import random as _random
from typing import Any

import msgspec

from games.protocol import CHANCE, Game, Result, Seat, sample_chance

GREEDY_DETERMINIZATIONS = 4  # hidden states averaged per decision
GREEDY_MAX_EVALUATIONS = 240  # cap on determinizations x moves, so a wide turn stays quick
SETTLE_STEPS = 64  # at most this many chance steps / co-actor moves are played to finish one ply
TIE = 1e-9


def win_shares(result: Result) -> list[float]:
    """Per seat: 1 for the sole winner, 1/k each for k seats sharing first place, 0 otherwise."""
    firsts = sum(1 for r in result.ranks if r == 1)
    return [1.0 / firsts if r == 1 else 0.0 for r in result.ranks]


def value(game: Game, state: Any, seat: Seat) -> float:
    """How good `state` is for `seat`: the win share once the game is over, else the heuristic."""
    result = game.result(state)
    if result is not None:
        return win_shares(result)[seat]
    return game.heuristic(state, seat)


def own_moves(game: Game, state: Any, seat: Seat) -> list[Any]:
    """The seat's legal moves in a fixed order (by their JSON), so a seeded choice is reproducible
    whatever order the game lists them in."""
    moves = game.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move now")
    if len(moves) > 1:
        moves = sorted(moves, key=msgspec.json.encode)
    return moves


def random_move(game: Game, state: Any, seat: Seat, rng: Any) -> Any:
    """A uniformly random legal move."""
    moves = own_moves(game, state, seat)
    return moves[rng.randrange(len(moves))]


def settle(game: Game, state: Any, co_actors: frozenset, rng: Any) -> Any:
    """Finish the ply: the other seats of a simultaneous step move at random (their choices are
    secret from us anyway), then the chance steps that follow at once are sampled."""
    for _ in range(SETTLE_STEPS):
        actors = game.actors(state)
        if not actors:
            break
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        pending = actors & co_actors
        if not pending or pending != actors:
            break
        actor = min(pending)
        moves = game.legal_moves(state, actor)
        state = game.apply(state, actor, moves[rng.randrange(len(moves))])
    return state


def greedy_scores(game: Game, state: Any, seat: Seat, rng: Any, moves: list[Any],
                  determinizations: int = GREEDY_DETERMINIZATIONS) -> list[float]:
    """Mean value of each move one ply ahead, over sampled hidden states and chance outcomes.
    Every move of one determinization sees the same random stream (common random numbers)."""
    co_actors = game.actors(state) - {seat}
    k = max(1, min(determinizations, GREEDY_MAX_EVALUATIONS // len(moves)))
    totals = [0.0] * len(moves)
    for _ in range(k):
        hidden = game.determinize(state, seat, rng)
        stream = rng.randrange(2**62)
        for i, move in enumerate(moves):
            after = game.apply(hidden, seat, move)  # a determinization keeps the seat's own moves legal
            totals[i] += value(game, settle(game, after, co_actors, _random.Random(stream)), seat)
    return [t / k for t in totals]


def greedy_move(game: Game, state: Any, seat: Seat, rng: Any,
                determinizations: int = GREEDY_DETERMINIZATIONS) -> Any:
    """One-ply look-ahead on the heuristic; ties broken by the rng."""
    moves = own_moves(game, state, seat)
    if len(moves) == 1:
        return moves[0]
    scores = greedy_scores(game, state, seat, rng, moves, determinizations)
    best = max(scores)
    top = [m for m, s in zip(moves, scores, strict=True) if s >= best - TIE]
    return top[rng.randrange(len(top))]
