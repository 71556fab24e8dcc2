"""Golden playouts: seeded random games must replay move for move and end in the same state.

Recorded before the engine was optimised for speed, so any change in behaviour (the list of legal
moves and its order, the chance outcomes and weights, the final state) shows here.
Regenerate only for an intended rules change: `.venv/bin/python -m tests.kashgar.test_golden`.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import msgspec
import pytest

from games.kashgar import GAME
from games.protocol import CHANCE, sample_chance

GOLDEN = Path(__file__).with_name("golden.json")
CASES = [(players, seed, variant) for variant in ("none", "all") for players in (2, 3, 4) for seed in range(4)]
_enc = msgspec.json.Encoder()


def trace(players: int, seed: int, variant: str) -> dict:
    rng = random.Random(seed * 1000 + players)
    state = GAME.setup(players, GAME.check_options({"hauen_und_stechen": variant}))
    h = hashlib.sha256()
    steps = 0
    while True:
        actors = GAME.actors(state)
        if not actors:
            break
        if CHANCE in actors:
            spec = GAME.chance(state)
            h.update(_enc.encode([spec.label, list(spec.outcomes), list(spec.weights or ()), spec.visible_to]))
            move, actor = sample_chance(spec, rng), CHANCE
        else:
            actor = min(actors)
            moves = GAME.legal_moves(state, actor)
            h.update(_enc.encode([actor, moves]))
            move = moves[rng.randrange(len(moves))]
        h.update(_enc.encode([actor, move]))
        new = GAME.apply(state, actor, move)
        if steps % 7 == 0:  # the same move applied to a copy (no cached legal moves) gives the same state
            copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GAME.State)
            assert GAME.apply(copy, actor, move) == new
        state = new
        steps += 1
    result = GAME.result(state)
    final = msgspec.msgpack.encode(state)
    return {"steps": steps, "trace": h.hexdigest(), "final": hashlib.sha256(final).hexdigest(),
            "scores": list(result.scores), "ranks": list(result.ranks)}


def _key(players, seed, variant) -> str:
    return f"{players}p-seed{seed}-{variant}"


@pytest.mark.parametrize("players,seed,variant", CASES)
def test_seeded_random_playout_is_unchanged(players, seed, variant):
    golden = json.loads(GOLDEN.read_text())[_key(players, seed, variant)]
    assert trace(players, seed, variant) == golden


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps({_key(*c): trace(*c) for c in CASES}, indent=1) + "\n")
    print(f"wrote {GOLDEN}")
