"""The Kashgar game type: the protocol methods, each handing over to the rules modules (a thin adapter)."""

from __future__ import annotations

from games.protocol import Game, Option

from . import legal, rules, scoring
from .content import ADDITIONAL_COPIES, MAX_PLAYERS, MIN_PLAYERS, PERSONS
from .moves import (Arrange, CaravanAction, DealStart, DrawCard, DrawOrder, Farewell, FulfilDrawn, KashgarMove, Keep, Pass, PlaceStartCards,
                    ReplaceDisplay, Respond, SecondOrder, TakeDiscard)
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

    def describe(self, move):
        match move:
            case PlaceStartCards(cards=c):
                return "place start cards " + ", ".join(f"{PERSONS[x].en} in caravan {i + 1}" for i, x in enumerate(c))
            case Pass(caravan=c):
                return f"pass with the front card of caravan {c + 1}"
            case CaravanAction() | Farewell():
                kind = "caravan action" if isinstance(move, CaravanAction) else "farewell"
                parts = [f"{kind} {move.action + 1} of caravan {move.caravan + 1}'s front card"]
                for f in ("pay", "spice", "spice2", "resource", "order", "target", "target_caravan",
                          "from_caravan", "position", "to_caravan"):
                    v = getattr(move, f)
                    if v not in (None, ()):
                        parts.append(f"{f.replace('_', ' ')} {'+'.join(v) if isinstance(v, tuple) else v}")
                return ", ".join(parts)
            case Keep(cards=c):
                return "keep " + ", ".join(PERSONS[x].en for x in c)
            case Arrange(cards=c):
                return "put back on the standard deck: " + ", ".join(PERSONS[x].en for x in c)
            case FulfilDrawn(order=o) | SecondOrder(order=o):
                return f"fulfil order {o}" if o else "fulfil no (further) order"
            case ReplaceDisplay(order=o, replace=r):
                return f"put {o} into the display in place of {r}" if o else "leave the display as it is"
            case TakeDiscard(card=c):
                return f"take {PERSONS[c].en} from the discard pile"
            case DealStart(card=c):
                return f"deal start card {PERSONS[c].en} (rank {PERSONS[c].rank})"
            case DrawCard(card=c):
                return f"draw {PERSONS[c].en}"
            case DrawOrder(order=o):
                return f"draw order {o}"
            case Respond(caravan=c, spice=sp):
                return f"lose the last card of caravan {c + 1}" if c is not None else f"lose 2 {sp}"
        return super().describe(move)

    def determinize(self, state, seat, rng):
        return determinize(state, seat, rng)

    def heuristic(self, state, seat):
        return scoring.heuristic(state, seat)

    def heuristics(self, state, seats):
        return scoring.heuristics(state, seats)

    def evaluations(self, state, seats):
        return scoring.win_chances(state, seats)

    def features(self, state, seat):
        return scoring.features(state, seat)

    def render(self, view_dict, seat):
        from .render import render

        return render(view_dict, seat)
