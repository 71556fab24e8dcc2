"""Yangtze plugged into the game protocol: a thin adapter handing every call to the rules modules."""

from __future__ import annotations

from games.protocol import Game

from . import legal, rules, scoring
from .content import MAX_PLAYERS, MIN_PLAYERS
from .moves import YangtzeMove
from .render import render
from .state import YangtzeState
from .view import determinize, view


class YangtzeGame(Game):
    id = "yangtze"
    name = "Yangtze"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options = ()  # the spec offers no variants: 2-4 players share one setup
    State = YangtzeState
    Move = YangtzeMove

    # --- the game ---------------------------------------------------------------------------------
    def setup(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Yangtze is for {self.min_players} to {self.max_players} players")
        return rules.setup(players)

    actors = staticmethod(rules.actors)  # (state) -> frozenset of seats
    chance = staticmethod(rules.chance)  # (state) -> ChanceSpec
    legal_moves = staticmethod(legal.legal_moves)  # (state, seat) -> list of moves
    timeout_move = staticmethod(legal.timeout_move)  # (state, seat) -> the default move or None
    apply = staticmethod(rules.apply)  # (state, seat, move) -> the next state
    result = staticmethod(scoring.result)  # (state) -> Result or None

    def view(self, s, seat):
        return view(s, seat, scoring.result(s))

    # --- the log ------------------------------------------------------------------------------------
    reveals = staticmethod(rules.reveals)  # (state, actor, move) -> bool

    # --- for the AI ---------------------------------------------------------------------------------
    def determinize(self, s, seat, rng):
        return determinize(s, seat, rng)

    heuristic = staticmethod(scoring.heuristic)  # (state, seat) -> [0, 1]
    heuristics = staticmethod(scoring.heuristics)  # (state, seats) -> [0, 1] each
    shown_temperature = scoring.SHOWN_TEMPERATURE  # the analysis's win chances (ai/analysis.py)
    evaluations = staticmethod(scoring.win_chances)  # the search's leaves: a fitted win chance
    features = staticmethod(scoring.features)  # what the fit weighs (ai/fit.py)

    # --- for people ---------------------------------------------------------------------------------
    def render(self, view, seat):
        return render(view, seat)
