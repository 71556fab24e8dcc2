"""A worker's think jobs keep each seat's search tree per game (service.jobs.Thinking.chooser with the
game id; ai.player.Players), bounded by CARAVAN_AI_TREES_KEPT, and never hand one game's tree to another."""

from __future__ import annotations

import json

from service.jobs import Thinking
from service.settings import Settings
from tests.ai.same_choices import DATA, reuse_cases


class Slots:
    """The queue server's part of Thinking: every slot free."""

    def register_script(self, _script):
        return lambda keys, args: 1

    def zrem(self, *_):
        return 0


def _case():
    recorded = json.loads(DATA.read_text())
    return next(c for c in reuse_cases() if any(step["reused"] for step in recorded[c[0]]))


def test_think_jobs_keep_a_tree_per_game_and_seat(monkeypatch):
    monkeypatch.setenv("CARAVAN_AI_TREES_KEPT", "2")
    _, game, state, seat = _case()
    thinking = Thinking(Slots(), Settings())
    move = thinking.chooser(game_id="g1")(game, state, seat, "hard", 1)
    mine = thinking.players.of("g1", seat)
    assert mine.kept is not None  # the program begun goes on: its tree waits for the seat's next move
    assert thinking.players.of("g2", seat).kept is None  # another game's seat starts from nothing
    kept = mine.kept
    thinking.chooser(game_id="g1")(game, game.apply(state, seat, move), seat, "hard", 2)
    assert mine.kept is not kept  # the seat's next move went on from it (a tree is used once)
    for other in ("g3", "g4"):  # past the bound the least recently used goes
        thinking.players.of(other, seat)
    assert len(thinking.players) == 2 and thinking.players.of("g1", seat) is not mine


def test_a_chooser_without_a_game_keeps_nothing():
    _, game, state, seat = _case()
    thinking = Thinking(Slots(), Settings())
    thinking.chooser()(game, state, seat, "hard", 1)
    assert len(thinking.players) == 0
