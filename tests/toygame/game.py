"""The adapter: Toy Market as a `Game`, each method handing over to the modules of the package."""

from __future__ import annotations

from games.protocol import Game

from . import legal, rules, scoring, turn
from . import render as render_mod
from . import view as view_mod
from .content import MAX_PLAYERS, MIN_PLAYERS
from .moves import ToyMove
from .state import ToyState


class ToyGame(Game):
    id = "toy"
    name = "Toy Market"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    State = ToyState
    Move = ToyMove

    def setup(self, players, options):
        return rules.setup(players)

    def actors(self, s):
        return turn.actors(s)

    def chance(self, s):
        return turn.chance(s)

    def legal_moves(self, s, seat):
        return legal.legal_moves(s, seat)

    def apply(self, s, seat, move):
        return rules.apply(s, seat, move, self.describe)

    def visible_to(self, s, actor, move):
        return rules.visible_to(s, actor, move)

    def reveals(self, s, actor, move):
        return rules.reveals(s, actor, move)

    def view(self, s, seat):
        return view_mod.view(s, seat)

    def result(self, s):
        return scoring.result(s)

    def determinize(self, s, seat, rng):
        return view_mod.determinize(s, seat, rng)

    def heuristic(self, s, seat):
        if s.phase == "over":
            return super().heuristic(s, seat)
        return scoring.heuristic(s, seat)

    def render(self, view, seat):
        return render_mod.render(view, seat)
