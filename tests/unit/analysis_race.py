"""Coin Race: a tiny two-seat game whose end can be decided long before it comes, for the analysis's verdicts.

Seats take turns. On its turn a seat either stops (the game ends at once: most points wins, a tie is shared)
or gains: a coin is flipped and heads adds 2 points to it. After `left` turns the game ends. Its evaluation
(the heuristic) says a lead of 15 is worth 0.875, so a seat 15 ahead with 12 turns left (the other seat gains
12 at most) has won for certain while the estimate says otherwise: what the analysis must not charge."""

from __future__ import annotations

import msgspec

from games.protocol import CHANCE, ChanceSpec, Game, Move, Result, ranks_from_keys


class Stop(Move, tag="stop"):
    pass


class Gain(Move, tag="gain"):
    pass


class Coin(Move, tag="coin"):
    heads: bool


class RaceState(msgspec.Struct, frozen=True):
    points: tuple[int, int]
    turn: int = 0  # whose turn
    left: int = 6  # turns left
    flipping: bool = False  # a coin is due for the seat that gained
    over: bool = False


class CoinRace(Game):
    id = "coin-race"
    name = "Coin Race"
    min_players = max_players = 2
    State = RaceState
    Move = Stop | Gain | Coin

    def setup(self, players, options):
        return RaceState(points=(0, 0))

    def actors(self, s):
        if s.over:
            return frozenset()
        return frozenset({CHANCE}) if s.flipping else frozenset({s.turn})

    def chance(self, s):
        return ChanceSpec("flip the coin", outcomes=(Coin(heads=True), Coin(heads=False)))

    def legal_moves(self, s, seat):
        if seat == CHANCE:
            return list(self.chance(s).outcomes)
        return [Stop(), Gain()] if seat in self.actors(s) else []

    def apply(self, s, seat, move):
        match move:
            case Stop():
                return msgspec.structs.replace(s, over=True)
            case Gain():
                return msgspec.structs.replace(s, flipping=True)
            case Coin(heads=heads):
                points = tuple(p + 2 * heads if i == s.turn else p for i, p in enumerate(s.points))
                return RaceState(points=points, turn=1 - s.turn, left=s.left - 1, over=s.left <= 1)

    def view(self, s, seat):
        return msgspec.to_builtins(s)

    def result(self, s):
        if not s.over:
            return None
        return Result(scores=s.points, ranks=ranks_from_keys(s.points))

    def heuristic(self, s, seat):
        r = self.result(s)
        if r is not None:
            return 1.0 if r.ranks[seat] == 1 else 0.0
        lead = s.points[seat] - s.points[1 - seat]
        return min(0.98, max(0.02, 0.5 + lead / 40))
