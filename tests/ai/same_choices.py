"""Seeded searches with iteration caps (no clock) over the four games, and what each chose: the
recorded answers of `tests/ai/data/same_choices.json` were computed by the search as it stood before
it was split into modules and its tree reuse moved into `ai.player.SearchPlayer` (issue 56); the test
`tests/ai/test_search_same_choices.py` asserts the search still gives exactly these.

Record anew (only when the search is meant to change): python -m tests.ai.same_choices
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.protocol import CHANCE, sample_chance
from games.registry import all_games

DATA = Path(__file__).parent / "data" / "same_choices.json"
GAMES = ("bangkok-klongs", "himalaya", "kashgar", "yangtze")
ITERATIONS = 60
# search settings each decision point is searched with (keyword arguments of ai.ismcts.search)
VARIANTS: dict[str, dict[str, float]] = {
    "plain": {},
    "no-mast": {"mast": 0},
    "widen": {"widen": 1, "iterations": 200},
    "widen-all": {"widen": 2, "iterations": 200},
    "crn": {"crn": 1},
    "greedy": {"greedy": 2},
}


def decision_points(game: Any, players: int, seed: int, wanted: int = 3, skip: int = 5) -> list[tuple[Any, int]]:
    """States along a seeded random playout where a seat is to act: (state, seat)."""
    rng = random.Random(seed)
    state = game.setup(players, game.check_options(None))
    found, decisions = [], 0
    while len(found) < wanted:
        actors = game.actors(state)
        if not actors:
            break
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        seat = rng.choice(sorted(actors))
        if decisions % skip == 1:
            found.append((state, seat))
        decisions += 1
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return found


def answer(move: Any, stats: Any) -> dict:
    """What a search chose, in a form JSON keeps exactly (moves by their repr, floats as they are)."""
    return {"move": repr(move), "iterations": stats.iterations, "reused": stats.reused,
            "root": [[repr(m), n, mean] for m, n, mean in stats.root]}


def cases() -> list[tuple[str, Any, Any, int, dict]]:
    """(name, game, state, seat, settings) for every recorded search without reuse."""
    out = []
    for gid in GAMES:
        game = all_games()[gid]
        for i, (state, seat) in enumerate(decision_points(game, game.min_players, seed=11, wanted=4)):
            for name, knobs in VARIANTS.items():
                out.append((f"{gid}/{i}/{name}", game, state, seat, knobs))
    return out


def own_decisions(game: Any, players: int, seed: int, wanted: int) -> list[tuple[Any, int]]:
    """(state, seat) where the seat moves twice in a row with nothing in between, along a seeded playout."""
    rng = random.Random(seed)
    state = game.setup(players, game.check_options(None))
    out = []
    while game.actors(state) and len(out) < wanted:
        actors = game.actors(state)
        if CHANCE in actors:
            state = game.apply(state, CHANCE, sample_chance(game.chance(state), rng))
            continue
        seat = min(actors)
        after = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        if len(game.legal_moves(state, seat)) > 1 and game.actors(after) == actors and \
                len(game.legal_moves(after, seat)) > 1:
            out.append((state, seat))
        state = after
    return out


def reuse_cases() -> list[tuple[str, Any, Any, int]]:
    """(name, game, state, seat) where the seat searches, plays its choice, and searches again with
    the tree kept (Himalaya's programs go on; elsewhere nothing is kept)."""
    out = []
    for gid in GAMES:
        game = all_games()[gid]
        players, wanted = (3, 8) if gid == "himalaya" else (game.min_players, 2)
        for i, (state, seat) in enumerate(own_decisions(game, players, seed=3, wanted=wanted)):
            out.append((f"{gid}/{i}/reuse", game, state, seat))
    return out


def reuse_sequence(game: Any, state: Any, seat: int, search) -> list[dict]:
    """The seat's search, then (if the seat is still to act) its next search after playing the choice,
    and that same search once more (the kept tree is used once)."""
    move, stats = search(state, random.Random(1))
    got = [answer(move, stats)]
    after = game.apply(state, seat, move)
    if seat in game.actors(after) and CHANCE not in game.actors(after):
        for _ in range(2):
            move, stats = search(after, random.Random(2))
            got.append(answer(move, stats))
    return got


def record() -> dict:
    from ai import ismcts
    from ai.player import SearchPlayer

    out: dict[str, Any] = {}
    for name, game, state, seat, knobs in cases():
        move, stats = ismcts.search(game, state, seat, random.Random(3), budget=None,
                                    **{"iterations": ITERATIONS, **knobs})
        out[name] = answer(move, stats)
    for name, game, state, seat in reuse_cases():  # (recorded on HEAD with the module's kept trees, emptied first)
        player = SearchPlayer(name, seat)
        out[name] = reuse_sequence(
            game, state, seat, lambda s, r: player.search(game, s, r, budget=None, iterations=ITERATIONS))
    return out


if __name__ == "__main__":
    DATA.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"recorded {DATA}")
