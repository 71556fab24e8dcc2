"""The quick paths (games/kashgar/quick.py) give exactly the states the general path gives."""

import random

import msgspec
import pytest

from games.kashgar import GAME, quick
from games.protocol import CHANCE, sample_chance


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["none", "all"])
def test_every_step_equals_the_general_path(players, variant):
    for seed in range(3):
        rng = random.Random(seed + 100 * players)
        s = GAME.setup(players, GAME.check_options({"hauen_und_stechen": variant}))
        while GAME.actors(s):
            actor = min(GAME.actors(s))
            if actor == CHANCE:
                move = sample_chance(GAME.chance(s), rng)
            else:
                moves = GAME.legal_moves(s, actor)
                move = moves[rng.randrange(len(moves))]
            new = GAME.apply(s, actor, move)
            quick.ENABLED = False
            try:
                copy = msgspec.msgpack.decode(msgspec.msgpack.encode(s), type=GAME.State)
                assert GAME.apply(copy, actor, move) == new, (actor, move)
            finally:
                quick.ENABLED = True
            s = new
