"""Time control without a server: the clock options, the clocks folded from event times, every game's
timeout default at every reachable decision point, Himalaya's timer-completed program, resignation."""

from __future__ import annotations

import random

import msgspec
import pytest

from events.envelope import seal
from events.kinds import Created, Move, PlayerSpec, Resigned
from games import registry
from games.protocol import CHANCE, IllegalMove, Result, sample_chance
from projections import clock
from projections.fold import start, step
from tests.himalaya.helpers import position
from tests.himalaya.test_worked_examples import STORM_14_19


@pytest.mark.parametrize("text", ["none", "per-decision:2", "per-decision:0.5e1", "fischer:60+2", "fischer:1+0"])
def test_clock_options_parse_or_refuse(text):
    if text == "per-decision:0.5e1":
        with pytest.raises(ValueError):
            clock.parse_clock(text)
    else:
        assert clock.parse_clock(text).kind in ("none", "per-decision", "fischer")


@pytest.mark.parametrize("text", ["per-decision:0", "per-decision:9999999", "fischer:0+1", "fischer:60+99999",
                                  "blitz", 5, None, "fischer:60"])
def test_out_of_bounds_or_malformed_clocks_are_refused(text):
    with pytest.raises(ValueError, match="option clock"):
        clock.parse_clock(text)


def test_absent_option():
    assert clock.parse_absent("default") is None
    assert clock.parse_absent("ai-greedy") == "greedy"
    assert clock.parse_absent("ai-mcts@0.5") == "mcts@0.5"
    for bad in ("ai-genius", "ai-mcts@99", "zombie", 3):
        with pytest.raises(ValueError, match="option absent"):
            clock.parse_absent(bad)


def _at(t: float) -> str:
    from datetime import datetime, timezone

    return datetime.fromtimestamp(t, timezone.utc).isoformat(timespec="microseconds")


def _log(game_type: str, players: int, control: str, seed: int = 1):
    """A game's fold with a clock, fed events at chosen times: returns (fold, append(actor, move, t))."""
    game = registry.get(game_type)
    specs = tuple(PlayerSpec(name=f"p{i}") for i in range(players))
    created = seal(1, "system", Created(id="g", type=game_type, players=specs, options=game.check_options({}),
                                        arbiter_chance=False, seed_sha256="", clock=control), prev="")
    created = msgspec.structs.replace(created, at=_at(1000.0))
    return start("g", created), game


@pytest.mark.parametrize("game_type,players", [("bangkok-klongs", 2), ("yangtze", 2), ("kashgar", 2),
                                                ("himalaya", 3)])
def test_a_fischer_clock_runs_down_over_a_sequence_of_moves(game_type, players):
    """Times from the log: each seat's main time less what it used, plus the increment per own move;
    simultaneous decisions (Himalaya's planning) charge every acting seat at once."""
    f, game = _log(game_type, players, "fischer:300+2")
    rng = random.Random(3)
    t = 1000.0
    used = [0.0] * players
    moves_made = [0] * players
    for _ in range(120):
        actors = game.actors(f.state)
        if not actors:
            break
        if CHANCE in actors:
            actor, move, took = "chance", sample_chance(game.chance(f.state), rng), 0.0
        else:
            actor = min(actors)
            move, took = rng.choice(game.legal_moves(f.state, actor)), rng.choice((0.5, 1.25, 3.0))
        prev, t = t, t + took
        kind = Move(move=msgspec.to_builtins(move)) if actor != "chance" else None
        if kind is None:
            from events.kinds import Chance
            kind = Chance(move=msgspec.to_builtins(move), label="", reveals=True)
        e = seal(f.version + 1, actor, kind, prev=f.head)
        e = msgspec.structs.replace(e, at=_at(t))
        before = {s for s in game.actors(f.state) if s != CHANCE}
        for s in before:  # the model: every seat acting until the event is charged for the time since the last
            used[s] += t - prev
        f = step(f, e, after=game.apply(f.state, CHANCE if actor == "chance" else actor, move))
        if actor != "chance":
            moves_made[actor] += 1
    for s in range(players):
        expected = 300 - used[s] + 2 * moves_made[s]
        sc = f.clock.seats[s]
        charged = sc.remaining - (t - sc.since if sc.since is not None else 0.0)
        assert abs(charged - expected) < 1e-6, (s, charged, expected)
    assert all(m > 3 for m in moves_made), moves_made


def test_per_decision_deadline_is_when_the_decision_became_due_plus_the_limit():
    f, game = _log("kashgar", 2, "per-decision:2")
    rng = random.Random(1)
    t = 1000.0
    while CHANCE in game.actors(f.state):
        from events.kinds import Chance
        move = sample_chance(game.chance(f.state), rng)
        t += 0.1
        e = msgspec.structs.replace(seal(f.version + 1, "chance", Chance(move=msgspec.to_builtins(move), label="",
                                                                          reveals=True), prev=f.head), at=_at(t))
        f = step(f, e, after=game.apply(f.state, CHANCE, move))
    due = clock.deadlines(f.clock, f.control, game, f.state)
    assert due and all(d == pytest.approx(t + 2) for d in due.values())


def test_a_resigned_seat_is_ranked_last_among_those_still_in():
    r = Result(scores=(10, 30, 20, 5), ranks=(3, 1, 2, 4))
    out = clock.with_resignations(r, (1, 3))
    assert out.ranks == (2, 4, 1, 3)  # 2 then 0 still in; 3 resigned after 1, so above it
    assert "resigned" in out.detail


def test_resigned_seat_is_played_by_an_ai_in_the_fold():
    f, game = _log("yangtze", 3, "none")
    e = seal(2, 1, Resigned(seat=1, level="random"), prev=f.head)
    f = step(f, e, after=f.state)
    assert f.ai_of(1) == "random" and f.resigned == (1,) and f.ai_of(0) is None


# --- every game: a timeout default at every reachable decision point ---------------------------------

PLAYOUTS = 6
GAMES = ("kashgar", "yangtze", "bangkok-klongs", "himalaya")


@pytest.mark.parametrize("type_", [g for g in registry.all_games() if g in GAMES])
def test_every_reachable_decision_point_has_a_timeout_default(type_):
    game = registry.get(type_)
    for seed in range(PLAYOUTS):
        rng = random.Random(seed)
        n = rng.randint(game.min_players, game.max_players)
        state = game.setup(n, game.check_options({}))
        for _ in range(100_000):
            actors = game.actors(state)
            if not actors:
                break
            if CHANCE in actors:
                state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
                continue
            for seat in sorted(actors):  # every acting seat has a default, and the default is accepted
                default = game.timeout_move(state, seat)
                assert default is not None, f"{type_}: seat {seat} has no timeout default ({game.view(state, seat)})"
                game.apply_timeout(state, seat, default)
            seat = rng.choice(sorted(actors))
            # half the time the seat is late: the game goes on with its default
            if rng.random() < 0.5:
                state = game.apply_timeout(state, seat, game.timeout_move(state, seat))
            else:
                state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        assert game.result(state) is not None


# --- Himalaya: a program completed by the timer is never rejected -----------------------------------

def test_the_timer_completes_a_program_with_pause_even_onto_the_storm():
    game = registry.get("himalaya")
    s = position(villages={0: 13}, snowstorm=STORM_14_19)
    for cmd in ("earth", "ice", "trade", "stone", "stone"):
        s = game.apply(s, 0, game.decode_move({"type": "plan-slot", "command": cmd}))
    pause = game.decode_move({"type": "plan-slot", "command": "pause"})
    with pytest.raises(IllegalMove, match="snowstorm"):
        game.apply(s, 0, pause)  # a player's own sixth disc may not end on the storm (7.3)
    assert game.timeout_move(s, 0) == pause  # the timer's is a pause, not an earth that happens to be legal
    s = game.apply_timeout(s, 0, pause)
    assert s.plans[0][-1] == "pause" and len(s.plans[0]) == 6
