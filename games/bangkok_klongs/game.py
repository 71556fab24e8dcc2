"""The BangkokKlongs game type: the protocol methods, each handing over to the rules modules."""

from __future__ import annotations

from games.protocol import CHANCE, Game, Result, ranks_from_keys

from . import evaluate, legal, render as _render, rules, view as _view
from .content import BOAT_INDEX
from .moves import BangkokMove, Place
from .state import OVER, BangkokState


class BangkokKlongs(Game):
    id = "bangkok-klongs"
    name = "Bangkok Klongs"
    min_players, max_players = 2, 4
    options = ()  # the tactical variant is left out (§12)
    State = BangkokState
    Move = BangkokMove

    def setup(self, players, options):
        return rules.setup(players)

    def actors(self, state):
        return rules.actors(state)

    def legal_moves(self, state, seat):
        return legal.legal_moves(state, seat)

    def chance(self, state):
        return rules.chance(state)

    def apply(self, state, seat, move):
        return rules.apply(state, seat, move)

    def view(self, state, seat):
        return _view.view(state, seat)

    def result(self, state):
        if state.phase != OVER:
            return None
        totals = tuple(state.scores[p] + state.final[p] for p in range(state.players))
        boats = tuple(len(w) for w in state.warehouses)
        ranks = ranks_from_keys(zip(totals, boats))
        return Result(
            scores=tuple(float(t) for t in totals), ranks=ranks,
            detail="total = market days + Luk Phat + warehouse; ties broken by more warehouse boats, then shared",
        )

    def visible_to(self, state, actor, move):
        if actor == CHANCE:
            return rules.chance(state).visible_to
        return None

    def reveals(self, state, actor, move):
        # placing a boat shows it, unless everybody knew it was in that hand (taken back from the board)
        if actor == CHANCE or not isinstance(move, Place) or move.boat not in BOAT_INDEX:
            return False
        return BOAT_INDEX[move.boat] not in state.known[actor]

    def describe(self, move):
        return _render.describe(move)

    def determinize(self, state, seat, rng):
        return _view.determinize(state, seat, rng)

    def heuristic(self, state, seat):
        r = self.result(state)
        return evaluate.heuristic(state, seat, r.ranks if r else None)

    def render(self, view, seat):
        return _render.render(view, seat)
