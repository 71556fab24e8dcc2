"""A bench-only game: every seat may always step a counter, so a benchmark measures the platform
(auth, load, validate, append), not a rulebook. Registered via CARAVAN_GAME_MODULES=bench.stepgame."""

from __future__ import annotations

import msgspec

from games.protocol import Game, IllegalMove, Move, Result


class Step(Move, tag="step"):
    by: int = 1


class StepState(msgspec.Struct, frozen=True):
    players: int
    count: int = 0


class StepGame(Game):
    id = "step"
    name = "Step (benchmark)"
    min_players, max_players = 1, 4
    State = StepState
    Move = Step
    LIMIT = 1_000_000

    def setup(self, players, options):
        return StepState(players=players)

    def actors(self, s):
        return frozenset(range(s.players)) if s.count < self.LIMIT else frozenset()

    def legal_moves(self, s, seat):
        return [Step()] if seat in self.actors(s) else []

    def apply(self, s, seat, move):
        if seat not in self.actors(s) or not isinstance(move, Step) or move.by != 1:
            raise IllegalMove("step by 1, while the game runs")
        return StepState(players=s.players, count=s.count + 1)

    def view(self, s, seat):
        return {"count": s.count}

    def result(self, s):
        return Result(scores=(0.0,) * s.players, ranks=(1,) * s.players) if s.count >= self.LIMIT else None


GAME = StepGame()
