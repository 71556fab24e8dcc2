"""Quick paths for the most frequent steps of a game, done straight on the frozen state.

`rules.apply` takes these only for a move it has just listed as legal (so nothing needs re-checking);
each gives exactly the state the general path (`Table`, `rules._start_action`, `steps.decide`,
`steps.advance`, `steps.end_action`) would give, or None to leave the move to it. The golden playouts in
tests/kashgar/test_golden.py hold the two paths together.
"""

from __future__ import annotations

from bisect import insort

import msgspec

from . import effects as fx
from .cards import END_VP, FARMER, PERSONS, ROUND_LIMIT
from .moves import Farewell, Keep, Pass, TakeDiscard
from .state import KashgarState, Pending, Player
from .table import player_vp

_replace = msgspec.structs.replace

# actions that begin with a draw waiting for its chance step (when `ready`), or a choice from the discard
# pile: effect -> (deck, ready)
DRAWS = {
    "draw_std": ("standard", lambda s: not s.std_top and s.std_pool),
    "look_std": ("look", lambda s: not s.std_top and s.std_pool),
    "draw_spc": ("special", lambda s: s.special_pool),
    "draw_orders": ("orders", lambda s: s.order_pool),
    "take_discard": ("", lambda s: True),
}


def _with_caravan(s: KashgarState, seat: int, c: int, car: tuple, board=None) -> tuple:
    """The seats with one caravan (and perhaps the board) of `seat` replaced."""
    p = s.seats[seat]
    cars = p.caravans
    cars = (car, cars[1], cars[2]) if c == 0 else (cars[0], car, cars[2]) if c == 1 else (cars[0], cars[1], car)
    seats = s.seats
    return seats[:seat] + (Player(p.board if board is None else board, cars, p.orders, p.dealt),) + seats[seat + 1:]


def close_turn(s: KashgarState, seat: int, vp_before: tuple, changes: dict) -> KashgarState:
    """steps.end_action on the frozen state: tie-break bookkeeping and the end trigger (when the action
    was tracked), the action counter, the end of the round, the next player. `changes` holds `seats`."""
    count = s.actions
    triggered = s.end_triggered
    if vp_before:
        now = tuple(player_vp(q) for q in changes["seats"])
        last = list(s.last_vp_change)
        for i, (a, b) in enumerate(zip(vp_before, now)):
            if a != b:
                last[i] = count
        changes["last_vp_change"] = tuple(last)
        if max(now) >= END_VP:
            changes["end_triggered"] = triggered = True  # permanent
    changes["actions"] = count + 1
    if s.pending is not None:
        changes["pending"] = None
    if seat == (s.start_player - 1) % s.players:  # the round ends with the start player's right neighbour
        if triggered or s.round >= ROUND_LIMIT:
            return _replace(s, phase="over", **changes)
        changes["round"] = s.round + 1
    return _replace(s, current=(seat + 1) % s.players, **changes)


def turn(s: KashgarState, seat: int, move) -> KashgarState | None:
    """A pass; an action that only changes the player's own board (or flips its Patriarch); or the start
    of a draw waiting for its chance step, or of a choice from the discard pile."""
    p = s.seats[seat]
    c = move.caravan
    car = p.caravans[c]
    card = car[0]
    if type(move) is Pass:
        return close_turn(s, seat, (), {"seats": _with_caravan(s, seat, c, car[1:] + (card,))})
    person = PERSONS[card]
    farewell = type(move) is Farewell
    act = (person.farewell if farewell else person.caravan)[move.action]
    effect = act.effect
    op = effect[0]
    tracked = op in fx.VP_EFFECTS or (farewell and (person.vp or card == FARMER))
    vp_before = tuple(player_vp(q) for q in s.seats) if tracked else ()
    pending = None
    if op in _DRAWS_OR_OWN:
        if op in DRAWS:
            deck, ready = DRAWS[op]
            if not ready(s):
                return None
            if deck == "":
                pending = Pending(step="take", seat=seat, caravan=c, card=card, vp_before=vp_before, need=effect[1])
            elif deck == "orders":
                pending = Pending(step="draw", seat=seat, caravan=c, card=card, vp_before=vp_before, deck=deck,
                                  need=effect[1], mode=effect[2])
            else:
                pending = Pending(step="draw", seat=seat, caravan=c, card=card, vp_before=vp_before, deck=deck,
                                  need=effect[1], keep=effect[2] if deck != "look" else 0)
    else:
        return None
    b = list(p.board)
    for r, n in enumerate(act.cost.board):
        b[r] -= n
    for sp in move.pay:
        b[fx.INDEX[sp]] -= 1
    changes = {}
    car = list(car[1:])
    if farewell:
        box = list(s.box)
        insort(box, card)
        changes["box"] = tuple(box)
    else:
        car.append(card)
    if pending is None:
        fx.own_effect(b, car, effect, move)
    changes["seats"] = _with_caravan(s, seat, c, tuple(car), tuple(b))
    if pending is not None:  # the action goes on: the turn is not over
        return _replace(s, pending=pending, **changes)
    return close_turn(s, seat, vp_before, changes)


_DRAWS_OR_OWN = frozenset(DRAWS) | fx.OWN_ONLY


def decision(s: KashgarState, move) -> KashgarState | None:
    """Keeping drawn person cards; taking a card from the discard pile."""
    p = s.pending
    seat = p.seat
    if type(move) is Keep and p.step == "keep":
        car = list(s.seats[seat].caravans[p.caravan])
        drawn = list(p.drawn)
        for c in move.cards:
            drawn.remove(next(x for x in drawn if x[0] == c))
            car.append(c)
        changes = {"seats": _with_caravan(s, seat, p.caravan, tuple(car))}
        if p.deck == "standard":
            changes["discard"] = tuple(sorted(s.discard + tuple(c for c, _ in drawn)))
        else:  # special: the rest go face down under the special deck, in the order drawn
            changes["special_under"] = s.special_under + tuple(drawn)
        return close_turn(s, seat, p.vp_before, changes)
    if type(move) is TakeDiscard and p.step == "take":
        d = list(s.discard)
        d.remove(move.card)
        car = s.seats[seat].caravans[p.caravan] + (move.card,)
        changes = {"seats": _with_caravan(s, seat, p.caravan, car), "discard": tuple(d)}
        if p.need == 1 or not d:
            return close_turn(s, seat, p.vp_before, changes)
        return _replace(s, pending=_replace(p, need=p.need - 1), **changes)
    return None
