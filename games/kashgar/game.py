"""The Kashgar game type: the protocol methods, each handing over to the rules modules."""

from __future__ import annotations

import math

from games.protocol import CHANCE, Game, Option, Result

from . import rules
from .cards import ADDITIONAL_COPIES, END_VP, ORDERS, PERSONS
from .moves import (Arrange, CaravanAction, DealStart, DrawCard, DrawOrder, Farewell, FulfilDrawn, KashgarMove, Keep, Pass, PlaceStartCards,
                    ReplaceDisplay, Respond, SecondOrder, TakeDiscard)
from .state import KashgarState
from .scoring import vp_of
from .view import determinize, view

VARIANT = Option(
    name="hauen_und_stechen",
    description=('Variant "Hauen und Stechen" (Cut and Thrust): which of the 12 additional cards are '
                 'mixed into the standard deck: "none" (default), "all", or a list of card names '
                 'from the choices, e.g. ["Gate Guard", "Thief 1", "Spy"]'),
    default="none",
    choices=("none", "all", *ADDITIONAL_COPIES),
)


class Kashgar(Game):
    id = "kashgar"
    name = "Kashgar: Händler der Seidenstraße"
    min_players, max_players = 2, 4
    options = (VARIANT,)
    State = KashgarState
    Move = KashgarMove

    def setup(self, players, options):
        return rules.setup(players, options)

    # the hot calls of a playout go straight to the rules (no extra call per step)
    actors = staticmethod(rules.actors)  # (state) -> frozenset of seats
    legal_moves = staticmethod(rules.legal_moves)  # (state, seat) -> list of moves
    chance = staticmethod(rules.chance)  # (state) -> ChanceSpec
    apply = staticmethod(rules.apply)  # (state, seat, move) -> the next state

    def result(self, state) -> Result | None:
        return rules.result(state)

    def view(self, state, seat):
        return view(state, seat, rules.actors(state))

    def visible_to(self, state, actor, move):
        if actor == CHANCE:
            return rules.chance(state).visible_to
        if isinstance(move, Arrange):
            return (actor,)  # the new order of the standard deck's top is the Prophet's secret
        return None

    def reveals(self, state, actor, move):
        if actor == CHANCE:
            return True
        if isinstance(move, (Keep, FulfilDrawn, ReplaceDisplay)):
            return True
        if isinstance(move, (CaravanAction, Farewell)) and state.phase == "play":
            card = state.seats[actor].caravans[move.caravan][0] if 0 <= move.caravan < 3 else None
            person = PERSONS.get(card)
            acts = (person.caravan if isinstance(move, CaravanAction) else person.farewell) if person else ()
            return 0 <= move.action < len(acts) and acts[move.action].effect[0].startswith(("draw", "look"))
        return False

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
        r = rules.result(state)
        if r is not None:
            n = len(r.ranks)
            return 1.0 - (r.ranks[seat] - 1) / max(1, n - 1)
        values = [_value(state, i) for i in range(state.players)]
        mine = values[seat]
        best_other = max(v for i, v in enumerate(values) if i != seat)
        return 0.5 + 0.5 * math.tanh((mine - best_other) / 8.0)

    def render(self, view_dict, seat):
        from .render import render

        return render(view_dict, seat)


def _value(state, seat: int) -> float:
    """VP plus what the board and the caravans promise (a cheap estimate for the AI)."""
    p = state.seats[seat]
    b = p.board
    vp = vp_of(p.orders, p.caravans)
    persons = sum(len(c) for c in p.caravans)
    pd = state.pending
    if pd is not None and pd.seat == seat and pd.keep:
        persons += min(pd.keep, len(pd.drawn) or pd.need)  # cards about to join the caravan
    best = 0.0
    for o in state.display:  # progress towards the best display order
        od = ORDERS[o]
        need = sum(od.cost) + od.cond
        have = sum(min(h, c) for h, c in zip(b, od.cost)) + min(b[6], od.cond)
        best = max(best, od.vp * (have / need) ** 2)
    return (min(vp, END_VP + 3) + 0.6 * best + 0.06 * sum(b[:5]) + 0.1 * b[5] + 0.15 * min(b[6], 5)
            + 0.35 * persons)
