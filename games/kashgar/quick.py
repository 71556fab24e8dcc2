"""Quick paths for the most frequent steps of a game, done straight on the frozen state.

`rules.apply` takes these only for a move it has just listed as legal (so nothing needs re-checking);
each gives exactly the state the general path (`Table`, `rules._start_action`, `steps.decide`,
`steps.advance`, `steps.end_action`) would give, or None to leave the move to it. The golden playouts in
tests/kashgar/test_golden.py hold the two paths together.
"""

from __future__ import annotations

from bisect import insort
from itertools import permutations

import msgspec

from . import effects as fx
from .cards import CAPS, DISPLAY_SIZE, END_VP, FARMER, GO, MATRIARCH, PATRIARCH, PERSONS, ROUND_LIMIT
from .moves import DrawCard, DrawOrder, Farewell, Keep, Pass, TakeDiscard
from .state import KashgarState, Pending, Player
from .table import carry_vp, player_vp

_replace = msgspec.structs.replace
ENABLED = True  # False: every move takes the general path (tests compare the two)

# actions that begin with a draw waiting for its chance step (when `ready`), or a choice from the discard
# pile: effect -> (deck, ready)
DRAWS = {
    "draw_std": ("standard", lambda s: not s.std_top and s.std_pool),
    "look_std": ("look", lambda s: not s.std_top and s.std_pool),
    "draw_spc": ("special", lambda s: s.special_pool),
    "draw_orders": ("orders", lambda s: s.order_pool),
    "take_discard": ("", lambda s: True),
}


def _with_caravan(s: KashgarState, seat: int, c: int, car: tuple, board=None, orders=None, vp_change=None) -> tuple:
    """The seats with one caravan (and perhaps the board and the orders) of `seat` replaced. When the
    change of the player's VP is known (`vp_change`), the new player's VP is noted from the old one's."""
    p = s.seats[seat]
    cars = p.caravans
    cars = (car, cars[1], cars[2]) if c == 0 else (cars[0], car, cars[2]) if c == 1 else (cars[0], cars[1], car)
    seats = s.seats
    player = Player(p.board if board is None else board, cars, p.orders if orders is None else orders, p.dealt)
    if vp_change is not None:
        carry_vp(p, player, vp_change)
    return seats[:seat] + (player,) + seats[seat + 1:]


def _cards_vp(cards) -> int | None:
    """The VP the cards add to a caravan; None with a Farmer among them (its VP depend on the orders)."""
    total = 0
    for c in cards:
        if c == FARMER:
            return None
        total += PERSONS[c].vp
    return total


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
        return close_turn(s, seat, (), {"seats": _with_caravan(s, seat, c, car[1:] + (card,), vp_change=0)})
    key = (type(move), card, move.action)
    info = _ACTIONS.get(key) or _compile(*key)
    op, effect, cost, gains, tracked, farewell = info
    if op == "flip":  # the Patriarch turns over at the end of its caravan
        return close_turn(s, seat, (), {"seats": _with_caravan(s, seat, c, car[1:] + (FLIPPED[card],), vp_change=0)})
    if op is None:
        return None
    vp_before = tuple(player_vp(q) for q in s.seats) if tracked else ()
    pending = None
    orders = None
    changes = {}
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
    elif op == "fulfil":
        if not s.order_pool:  # the display refill would not be a chance step
            return None
        pending = Pending(step="refill", seat=seat, caravan=c, card=card, vp_before=vp_before)
    b = list(p.board)
    for r, n in cost:
        b[r] -= n
    for sp in move.pay:
        b[fx.INDEX[sp]] -= 1
    car = list(car[1:])
    if farewell:
        box = list(s.box)
        insort(box, card)
        changes["box"] = tuple(box)
    else:
        car.append(card)
    if gains is not None:  # "gain": increase; whatever would exceed the maximum is lost
        for r, n in gains:
            n += b[r]
            b[r] = n if n <= CAPS[r] else CAPS[r]
        if effect[2]:
            r = fx.INDEX[move.spice]
            b[r] = min(b[r] + effect[2], CAPS[r])
    elif pending is None:
        fx.own_effect(b, car, effect, move)
    elif op == "fulfil":  # 6.2: pay the order (as the card allows), take it; the display is refilled next
        order = move.order
        display = list(s.display)
        display.remove(order)
        changes["display"] = tuple(display)
        for r, n in fx.PRICE[(order, effect[2])][1]:
            b[r] -= n
        orders = p.orders + (order,)
        if effect[3]:
            b[GO] = min(b[GO] + effect[3], CAPS[GO])
    # untracked actions leave the VP as they are (rules: VP change only with tracked actions)
    changes["seats"] = _with_caravan(s, seat, c, tuple(car), tuple(b), orders, None if tracked else 0)
    if pending is not None:  # the action goes on: the turn is not over
        return _replace(s, pending=pending, **changes)
    return close_turn(s, seat, vp_before, changes)


FLIPPED = {PATRIARCH: MATRIARCH, MATRIARCH: PATRIARCH}
_QUICK = frozenset(DRAWS) | fx.OWN_ONLY | {"fulfil"}
_ACTIONS: dict = {}  # (move class, card, action) -> what turn() needs to know about the action


def _compile(kind, card: str, action: int) -> tuple:
    """(effect name or None when turn() leaves it to the general path, effect, the card cost as
    (resource, amount) pairs, the "gain" increases as pairs or None, tracked for VP, farewell)."""
    person = PERSONS[card]
    farewell = kind is Farewell
    act = (person.farewell if farewell else person.caravan)[action]
    effect = act.effect
    op = effect[0]
    tracked = op in fx.VP_EFFECTS or (farewell and bool(person.vp or card == FARMER))
    if op == "flip" and (farewell or act.cost is not fx.FREE):
        op = None
    if op not in _QUICK:
        op = None
    cost = tuple((r, n) for r, n in enumerate(act.cost.board) if n)
    gains = tuple((r, n) for r, n in enumerate(effect[1]) if n) if op == "gain" else None
    info = _ACTIONS[(kind, card, action)] = (op, effect, cost, gains, tracked, farewell)
    return info


def chance(s: KashgarState, move) -> KashgarState | None:
    """A standard or special card drawn for an action; an order card drawn (not the last one) for an
    action; an order card revealed into the display."""
    p = s.pending
    if p is None or s.phase != "play":
        return None
    if p.step == "draw" and p.deck in ("standard", "special") and type(move) is DrawCard:
        name = "std_pool" if p.deck == "standard" else "special_pool"
        pool = getattr(s, name)
        card = move.card
        if card not in pool:
            return None  # the general path refuses it
        i = pool.index(card)
        pool = pool[:i] + pool[i + 1:]
        p = _replace(p, drawn=p.drawn + ((card, 1 << p.seat),), need=p.need - 1)
        if p.need > 0:
            if not pool:
                return None  # the standard deck may be rebuilt from the discard pile: the general path
            return _replace(s, pending=p, **{name: pool})
        p = _replace(p, step="keep", need=0)  # all drawn: which to keep?
        cards = [c for c, _ in p.drawn]
        options = set(permutations(cards, min(p.keep, len(cards))))
        s = _replace(s, pending=p, **{name: pool})
        if len(options) == 1:  # no choice: kept at once
            return decision(s, Keep(cards=options.pop()))
        return s
    if p.step == "draw" and p.deck == "orders" and p.need > 1 and type(move) is DrawOrder:
        pool = s.order_pool
        order = move.order
        if order not in pool or len(pool) == 1:
            return None  # refused, or the next card comes from under the deck: the general path
        i = pool.index(order)
        p = _replace(p, drawn=p.drawn + ((order, 1 << p.seat),), need=p.need - 1)
        return _replace(s, pending=p, order_pool=pool[:i] + pool[i + 1:])
    if p.step == "refill" and not p.then and type(move) is DrawOrder:
        pool = s.order_pool
        order = move.order
        if order not in pool:
            return None
        i = pool.index(order)
        pool = pool[:i] + pool[i + 1:]
        display = s.display + (order,)
        if len(display) < DISPLAY_SIZE and (pool or s.order_under):
            if pool:  # another chance step
                return _replace(s, order_pool=pool, display=display)
            return None
        return close_turn(s, p.seat, p.vp_before, {"seats": s.seats, "order_pool": pool, "display": display})
    return None



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
        changes = {"seats": _with_caravan(s, seat, p.caravan, tuple(car), vp_change=_cards_vp(move.cards))}
        if p.deck == "standard":
            changes["discard"] = tuple(sorted(s.discard + tuple(c for c, _ in drawn)))
        else:  # special: the rest go face down under the special deck, in the order drawn
            changes["special_under"] = s.special_under + tuple(drawn)
        return close_turn(s, seat, p.vp_before, changes)
    if type(move) is TakeDiscard and p.step == "take":
        d = list(s.discard)
        d.remove(move.card)
        car = s.seats[seat].caravans[p.caravan] + (move.card,)
        changes = {"seats": _with_caravan(s, seat, p.caravan, car, vp_change=_cards_vp((move.card,))),
                   "discard": tuple(d)}
        if p.need == 1 or not d:
            return close_turn(s, seat, p.vp_before, changes)
        return _replace(s, pending=_replace(p, need=p.need - 1), **changes)
    return None
