"""The Kashgar game type: the protocol methods, each handing over to the rules modules (a thin adapter)."""

from __future__ import annotations

from games.protocol import Game, Option

from . import legal, rules, scoring
from .content import ADDITIONAL_COPIES, MAX_PLAYERS, MIN_PLAYERS
from .moves import KashgarMove
from .state import KashgarState
from .view import determinize, view

VARIANT = Option(
    name="hauen_und_stechen",
    description=('Variant "Hauen und Stechen" (Cut and Thrust): which of the '
                 f'{len(ADDITIONAL_COPIES)} additional cards are '
                 'mixed into the standard deck: "none" (default), "all", or a list of card names '
                 'from the choices, e.g. ["Gate Guard", "Thief 1", "Spy"]'),
    default="none",
    choices=("none", "all", *ADDITIONAL_COPIES),
)


class Kashgar(Game):
    id = "kashgar"
    name = "Kashgar: Händler der Seidenstraße"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options = (VARIANT,)
    State = KashgarState
    Move = KashgarMove

    def setup(self, players, options):
        return rules.setup(players, options)

    # the hot calls of a playout go straight to the rules (no extra call per step)
    actors = staticmethod(rules.actors)  # (state) -> frozenset of seats
    legal_moves = staticmethod(legal.legal_moves)  # (state, seat) -> list of moves
    timeout_move = staticmethod(legal.timeout_move)  # (state, seat) -> the default move or None
    chance = staticmethod(rules.chance)  # (state) -> ChanceSpec
    apply = staticmethod(rules.apply)  # (state, seat, move) -> the next state

    result = staticmethod(scoring.result)  # (state) -> Result or None

    def view(self, state, seat):
        return view(state, seat, rules.actors(state))

    visible_to = staticmethod(rules.visible_to)  # (state, actor, move) -> seats or None
    reveals = staticmethod(rules.reveals)  # (state, actor, move) -> bool

    def determinize(self, state, seat, rng):
        return determinize(state, seat, rng)

    def heuristic(self, state, seat):
        return scoring.heuristic(state, seat)

    def heuristics(self, state, seats):
        return scoring.heuristics(state, seats)

    shown_temperature = scoring.SHOWN_TEMPERATURE  # the analysis's win chances (ai/analysis.py)
    def evaluations(self, state, seats):
        return scoring.win_chances(state, seats)

    def features(self, state, seat):
        return scoring.features(state, seat)

    def render(self, view_dict, seat):
        from .render import render

        return render(view_dict, seat)
