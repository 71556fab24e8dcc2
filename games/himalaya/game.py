"""Himalaya plugged into the game protocol: a thin adapter handing every call to the rules modules."""

from __future__ import annotations

from games.protocol import Game, Option

from . import ai, legal, rules, scoring
from . import view as view_mod
from .content import MAX_PLAYERS, MIN_PLAYERS
from .moves import HimalayaMove
from .render import render
from .state import OVER, HimalayaState


class Himalaya(Game):
    id = "himalaya"
    name = "Himalaya"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options = (
        Option("events", "play with the event figures (Yeti tracks, Snowstorm, Market)", True, (True, False)),
        Option(
            "planning_time_limit",
            "seconds each player has to program the six discs (0: no limit; enforced by the platform)",
            60, minimum=0, maximum=86400,
        ),
    )
    State = HimalayaState
    Move = HimalayaMove

    # --- the game -------------------------------------------------------------------------------

    def setup(self, players, options):
        return rules.setup(players, self.check_options(options))

    actors = staticmethod(rules.actors)  # (state) -> frozenset of seats
    chance = staticmethod(rules.chance)  # (state) -> ChanceSpec
    legal_moves = staticmethod(legal.legal_moves)  # (state, seat) -> list of moves
    apply = staticmethod(rules.apply)  # (state, seat, move) -> the next state
    apply_all = staticmethod(rules.apply_all)  # (state, seat, moves) -> the state after all of them
    apply_timeout = staticmethod(rules.apply_timeout)  # a disc the timer places is never refused
    time_limit = staticmethod(rules.time_limit)  # (state) -> seconds or None: the planning clock
    timeout_move = staticmethod(legal.timeout_move)  # (state, seat) -> the default move or None
    result = staticmethod(scoring.result)  # (state) -> Result or None

    # --- the log --------------------------------------------------------------------------------

    visible_to = staticmethod(rules.visible_to)  # (state, actor, move) -> seats or None
    reveals = staticmethod(rules.reveals)  # (state, actor, move) -> bool
    opens = staticmethod(rules.opens)  # (state, actor, move) -> bool: the programs' reveal

    # --- for the AI and for people --------------------------------------------------------------

    view = staticmethod(view_mod.view)  # (state, seat) -> what the seat may see
    determinize = staticmethod(ai.determinize)  # (state, seat, rng) -> a state

    def heuristic(self, s, seat):
        if s.phase == OVER:
            return super().heuristic(s, seat)
        return ai.heuristic(s, seat)

    def heuristics(self, s, seats):
        if s.phase == OVER:
            return super().heuristics(s, seats)
        return ai.heuristics(s, seats)

    shown_temperature = ai.SHOWN_TEMPERATURE  # the analysis's win chances (ai/analysis.py)
    def evaluations(self, s, seats):
        if s.phase == OVER:
            return super().heuristics(s, seats)
        return ai.win_chances(s, seats)

    def features(self, s, seat):
        return ai.features(s, seat)

    # optional hooks the search looks for (see ai.ismcts): a plan's worth shows only at execution
    search_moves = staticmethod(ai.search_moves)  # (state, seat) -> macro decisions while planning
    playout = staticmethod(ai.playout)  # (state, seat, rng) -> the playout policy's next moves

    def render(self, view, seat):
        return render(view, seat)
