"""Analysis near the end: a move after which the mover can still end the game as its winner is not a loss.
In this Yangtze game (tests/fixtures/yangtze-won.jsonl, two AI seats) seat 0 led 169 to 89 and had only
to end its turn, the other seat having passed, to win; it cashed a liquidity card first (coins for the
card, the same score) and then ended it. Both moves were played to the end on twelve samples, and the
playout policy, which does not always take a win that is there, played on after the cash and was overtaken
in one of them: the harmless cash read as an inaccuracy or a blunder (0.08 to 0.17 of win chance)."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from ai.analysis import judge
from events.envelope import Envelope
from projections.fold import fold

LOG = Path(__file__).resolve().parent.parent / "fixtures" / "yangtze-won.jsonl"


def position(version: int):
    events = [msgspec.json.decode(line, type=Envelope) for line in LOG.read_bytes().splitlines() if line.strip()]
    return fold("yangtze-won", events, upto=version), events[version]


@pytest.mark.parametrize("seed", range(6))
def test_a_harmless_move_before_the_winning_one_loses_nothing(seed):
    f, played = position(98)
    move = f.game.decode_move(played.payload["move"])
    assert (played.version, int(played.actor), played.payload["move"]) == (99, 0, {"type": "cash", "card": "L10"})
    v = judge(f.game, f.state, 0, move, random.Random(seed), budget=None, iterations=150, seats=2)
    assert (v.loss, v.value_played) == (0.0, 1.0), (v.loss, v.value_played, v.best)
