"""The contract every registered game must keep, as reusable checks (see tests/test_contract.py).

A game's own tests may call these too: `check_random_playouts(GAME, players, seeds)` etc."""

from __future__ import annotations

import random

import msgspec

from games.protocol import CHANCE, Game, IllegalMove, sample_chance


def walk(game: Game, players: int, rng: random.Random, pick=None):
    """(state before, actor, move) along one game of random play to its end: chance drawn by its odds, the
    lowest seat to act playing a random legal move (or `pick(state, seat, moves)`)."""
    state = game.setup(players, game.check_options({}))
    while actors := game.actors(state):
        seat = min(actors)
        if seat == CHANCE:
            move = sample_chance(game.chance(state), rng)
        else:
            moves = game.legal_moves(state, seat)
            move = pick(state, seat, moves) if pick else rng.choice(moves)
        yield state, seat, move
        state = game.apply(state, seat, move)


def played_out(game: Game, players: int, rng: random.Random):
    """The state at the end of one game of random play (`walk`)."""
    state = None
    for state, seat, move in walk(game, players, rng):
        pass
    return game.apply(state, seat, move)


def random_playout(game: Game, players: int, seed: int, options=None, max_steps: int = 100_000):
    """Play to the end with uniformly random legal moves; return (final state, [(actor, move)])."""
    rng = random.Random(seed)
    state = game.setup(players, game.check_options(options))
    history = []
    for _ in range(max_steps):
        actors = game.actors(state)
        if not actors:
            return state, history
        if CHANCE in actors:
            assert actors == frozenset({CHANCE}), "CHANCE never shares the actor set"
            move, actor = sample_chance(game.chance(state), rng), CHANCE
        else:
            actor = rng.choice(sorted(actors))
            moves = game.legal_moves(state, actor)
            assert moves, f"seat {actor} is an actor but has no legal move"
            move = rng.choice(moves)
        history.append((actor, move))
        state = game.apply(state, actor, move)
    raise AssertionError(f"no end after {max_steps} steps")


def check_playout_ends_with_result(game: Game, players: int, seed: int):
    state, history = random_playout(game, players, seed)
    result = game.result(state)
    assert result is not None, "an ended game has a result"
    assert len(result.scores) == players and len(result.ranks) == players
    assert min(result.ranks) == 1
    return state, history


def check_replay_rebuilds(game: Game, players: int, seed: int):
    """Folding the recorded moves (after a JSON round trip, as the event log stores them) rebuilds
    the same state, and every state survives a msgpack snapshot round trip."""
    final, history = random_playout(game, players, seed)
    state = game.setup(players, game.check_options(None))
    for actor, move in history:
        obj = msgspec.json.decode(msgspec.json.encode(move))
        state = game.apply(state, actor, game.decode_move(obj))
    assert state == final
    snap = msgspec.msgpack.decode(msgspec.msgpack.encode(final), type=game.State)
    assert snap == final


def check_hidden_parts_do_not_change_views(game: Game, players: int, seed: int, steps: int = 60):
    """Along a random playout, the state and a determinization for seat s look the same to s.

    So that a game cannot pass by not looking (the default `determinize` returns the state itself, and
    then any view, a leaking one too, looks the same): when the playout kept a seat from seeing
    something (a chance outcome or a move whose `visible_to` leaves it out), some determinization must
    have redrawn something."""
    rng = random.Random(seed)
    state = game.setup(players, game.check_options(None))
    kept_from: set[int] = set()  # seats something was hidden from
    redrawn: set[int] = set()  # seats a determinization changed the state for
    for _ in range(steps):
        if not game.actors(state):
            break
        for seat in range(players):
            other = game.determinize(state, seat, random.Random(rng.random()))
            if other != state:
                redrawn.add(seat)
            a = msgspec.json.encode(game.view(state, seat))
            b = msgspec.json.encode(game.view(other, seat))
            assert a == b, f"seat {seat}'s view changed when only hidden parts changed"
        actors = game.actors(state)
        if CHANCE in actors:
            actor, move = CHANCE, sample_chance(game.chance(state), rng)
        else:
            actor = rng.choice(sorted(actors))
            move = rng.choice(game.legal_moves(state, actor))
        seen = game.visible_to(state, actor, move)
        if seen is not None:
            kept_from |= set(range(players)) - set(seen)
        state = game.apply(state, actor, move)
    assert redrawn or not kept_from, (
        f"seats {sorted(kept_from)} were kept from seeing something, but determinize never redrew anything: "
        "the views cannot be checked for leaks (implement determinize)")


def check_illegal_moves_refused(game: Game, players: int, seed: int):
    """A seat that is not an actor gets IllegalMove with a reason for a move not its own to make."""
    rng = random.Random(seed)
    state = game.setup(players, game.check_options(None))
    for _ in range(200):
        actors = game.actors(state)
        if not actors:
            return
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        actor = rng.choice(sorted(actors))
        moves = game.legal_moves(state, actor)
        for idle in range(players):
            if idle not in actors and moves[0] not in game.legal_moves(state, idle):
                try:
                    game.apply(state, idle, moves[0])
                except IllegalMove as e:
                    assert e.reason
                else:
                    raise AssertionError(f"seat {idle} moved out of turn")
        state = game.apply(state, actor, rng.choice(moves))
