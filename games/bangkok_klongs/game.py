"""The BangkokKlongs game type: a thin adapter handing every protocol method to the rules modules."""

from __future__ import annotations

from games.protocol import Game

from . import legal, rules, scoring
from . import render as _render
from . import view as _view
from .content import MAX_PLAYERS, MIN_PLAYERS
from .moves import BangkokMove
from .state import BangkokState


class BangkokKlongs(Game):
    id = "bangkok-klongs"
    name = "Bangkok Klongs"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options = ()  # the tactical variant is left out (§12)
    greedy_rollout_moves = 2  # a search of 1 s and more judges its leaves after two greedy moves (README)
    State = BangkokState
    Move = BangkokMove

    def setup(self, players, options):
        return rules.setup(players)

    actors = staticmethod(rules.actors)  # (state) -> frozenset of seats
    legal_moves = staticmethod(legal.legal_moves)  # (state, seat) -> list of moves
    timeout_move = staticmethod(legal.timeout_move)  # (state, seat) -> the default move or None
    chance = staticmethod(rules.chance)  # (state) -> ChanceSpec
    apply = staticmethod(rules.apply)  # (state, seat, move) -> the next state
    view = staticmethod(_view.view)  # (state, seat) -> what the seat may see
    result = staticmethod(scoring.result)  # (state) -> Result or None
    visible_to = staticmethod(rules.visible_to)  # (state, actor, move) -> seats or None
    reveals = staticmethod(rules.reveals)  # (state, actor, move) -> bool

    determinize = staticmethod(_view.determinize)  # (state, seat, rng) -> a state
    heuristic = staticmethod(scoring.heuristic)  # (state, seat) -> [0, 1]
    heuristics = staticmethod(scoring.heuristics)  # (state, seats) -> [0, 1] each
    shown_temperature = scoring.SHOWN_TEMPERATURE  # the analysis's win chances (ai/analysis.py)

    def render(self, view, seat):
        return _render.render(view, seat)
