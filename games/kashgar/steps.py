"""The steps inside one turn (section 4): draws with their chance steps, the decisions an action asks
for (keep, arrange, orders, discard pile, a second order, the target's response), display refills,
and closing the turn (tie-break bookkeeping, end trigger, end of the round: section 7)."""

from __future__ import annotations

from itertools import permutations

import msgspec

from . import effects as fx
from .cards import END_VP, ORDERS, ROUND_LIMIT
from .moves import (Arrange, FulfilDrawn, Keep, ReplaceDisplay, Respond, SecondOrder, TakeDiscard)
from .state import PUBLIC, Pending
from .table import Table


def pending_moves(t: Table, p: Pending) -> list:
    if p.step == "keep":
        cards = [c for c, _ in p.drawn]
        k = min(p.keep, len(cards))
        return [Keep(cards=c) for c in sorted(set(permutations(cards, k)))]
    if p.step == "arrange":
        return [Arrange(cards=c) for c in sorted(set(permutations([c for c, _ in p.drawn])))]
    if p.step == "orders":
        drawn = [c for c, _ in p.drawn]
        if p.mode in ("scout", "fortune"):
            return [ReplaceDisplay()] + [ReplaceDisplay(order=d, replace=r) for d in drawn
                                         for r in t.get("display")]
        board = t.player(p.seat).board
        if p.mode == "farmer":
            ok = [d for d in drawn if ORDERS[d].grain and fx.can_fulfil(d, board, "free")]
        else:
            ok = [d for d in drawn if ORDERS[d].kind in ("small", "special") and fx.can_fulfil(d, board)]
        return [FulfilDrawn()] + [FulfilDrawn(order=d) for d in ok]
    if p.step == "take":
        return [_take(c) for c in sorted(set(t.get("discard")))]
    if p.step == "second":
        return [SecondOrder()] + [SecondOrder(order=o) for o in
                                  fx.display_orders(t, t.player(p.seat).board, ("small", "large", "special"), "full")]
    if p.step == "respond":
        return [Respond(**c) for c in fx.response_options(t, p)]
    return []


_TAKE: dict = {}  # card -> TakeDiscard(card)


def _take(card: str) -> TakeDiscard:
    m = _TAKE.get(card)
    if m is None:
        m = _TAKE[card] = TakeDiscard(card=card)
    return m


def pending_reason(p: Pending, move) -> str:
    what = {"keep": "choose which drawn card(s) to keep", "arrange": "put the looked-at cards back in an order",
            "orders": "decide about the drawn order cards", "take": "take a card from the discard pile",
            "second": "fulfil a second order or stop", "respond": "choose as the card demands"}
    return f"not possible now: {what.get(p.step, 'finish the action')}"


def decide(t: Table, move) -> None:
    p = t.pending
    seat = p.seat
    if isinstance(move, Keep):
        car = t.seat(seat).caravans[p.caravan]
        drawn = list(p.drawn)
        for c in move.cards:
            drawn.remove(next(x for x in drawn if x[0] == c))
            car.append(c)
        if p.deck == "standard":
            t.to_discard(c for c, _ in drawn)
        else:  # special: the rest go face down under the special deck, in the order drawn
            t.set("special_under", t.get("special_under") + tuple(drawn))
        t.pending = None
    elif isinstance(move, Arrange):
        mine = 1 << seat
        t.set("std_top", tuple((c, mine) for c in move.cards) + t.get("std_top"))
        t.pending = None
    elif isinstance(move, FulfilDrawn):
        rest = [x for x in p.drawn if x[0] != move.order]
        if move.order is not None:
            fx.fulfil(t, seat, move.order, "free" if p.mode == "farmer" else "full")
        t.set("order_under", t.get("order_under") + tuple(rest))
        t.pending = None
    elif isinstance(move, ReplaceDisplay):
        rest = [x for x in p.drawn if x[0] != move.order]
        under = tuple(rest)
        if move.order is not None:
            t.set("display", tuple(move.order if o == move.replace else o for o in t.get("display")))
            under += ((move.replace, PUBLIC),)
        t.set("order_under", t.get("order_under") + under)
        t.pending = None
    elif isinstance(move, TakeDiscard):
        d = list(t.get("discard"))
        d.remove(move.card)
        t.set("discard", tuple(d))
        t.seat(seat).caravans[p.caravan].append(move.card)
        t.pending = msgspec.structs.replace(p, need=p.need - 1)
        if p.need == 1 or not d:
            t.pending = None
    elif isinstance(move, SecondOrder):
        if move.order is None:
            t.pending = None
        else:
            t.take_from_display(move.order)
            fx.fulfil(t, seat, move.order, "full")
            t.pending = msgspec.structs.replace(p, step="refill", then="")
    elif isinstance(move, Respond):
        fx.respond(t, p, {"caravan": move.caravan} if p.mode == "robber" else {"spice": move.spice})
        t.pending = None
    if t.pending is None:
        t.pending = msgspec.structs.replace(p, step="")  # finished: advance() closes the action


# --- running the automatic steps ------------------------------------------------------------------
DECISION = {"standard": "keep", "special": "keep", "look": "arrange", "orders": "orders"}


def advance(t: Table) -> None:
    """Carry on with everything that needs no choice: known top cards, reshuffles, forced choices,
    and the end of the action. Stops where a chance outcome or a player's decision is due."""
    while t.pending is not None:
        p = t.pending
        step = p.step
        if step == "draw":
            if p.need > 0 and _draw_known(t, p):
                continue
            if p.need > 0 and _pool_has(t, p.deck):
                return  # a chance step
            if not p.drawn:
                t.pending = msgspec.structs.replace(p, step="")
                continue
            t.pending = p = msgspec.structs.replace(p, step=DECISION[p.deck], need=0)
            options = pending_moves(t, p)
            if len(options) == 1:
                decide(t, options[0])
                continue
            return
        if step == "refill":
            if t.display_needs_refill():
                known = t.take_known("order_pool", "order_under")
                if known is None:
                    return  # a chance step
                t.set("display", t.get("display") + (known[0],))
                continue
            if p.then == "second":
                t.pending = msgspec.structs.replace(p, step="second", then="")
                if len(pending_moves(t, t.pending)) > 1:
                    return
            t.pending = msgspec.structs.replace(p, step="")
            continue
        if step == "respond":
            options = fx.response_options(t, p)
            if len(options) > 1:
                return
            if options:
                fx.respond(t, p, options[0])
            t.pending = msgspec.structs.replace(p, step="")
            continue
        if step == "":
            end_action(t, p)
            return
        return  # a player's decision


def _pool_has(t: Table, deck: str) -> bool:
    if deck in ("standard", "look"):
        return bool(t.get("std_pool"))
    return bool(t.get("special_pool" if deck == "special" else "order_pool"))


def _draw_known(t: Table, p: Pending) -> bool:
    """Draw one card that needs no chance: a known top card, a card from under the deck. For the
    standard deck an empty deck is first rebuilt from the discard pile (6.4; not when only looking)."""
    mine = 1 << p.seat
    if p.deck in ("standard", "look"):
        top = t.get("std_top")
        if top:
            t.set("std_top", top[1:])
            slot = (top[0][0], top[0][1] | mine)
        else:
            if p.deck == "standard" and not t.get("std_pool") and t.get("discard"):
                t.set("std_pool", t.get("discard"))  # shuffle the discard pile: the new deck
                t.set("discard", ())
            return False
    else:
        pool, under = ("special_pool", "special_under") if p.deck == "special" else ("order_pool", "order_under")
        known = t.take_known(pool, under)
        if known is None:
            return False
        slot = (known[0], known[1] | mine)
    t.pending = msgspec.structs.replace(p, drawn=p.drawn + (slot,), need=p.need - 1)
    return True


# --- 7. end of the game: closing a turn -------------------------------------------------------
def end_action(t: Table, p: Pending) -> None:
    t.pending = None
    count = t.get("actions")
    if p.vp_before:
        now = t.all_vp()
        last = list(t.get("last_vp_change"))
        for i, (a, b) in enumerate(zip(p.vp_before, now)):
            if a != b:
                last[i] = count
        t.set("last_vp_change", tuple(last))
        if max(now) >= END_VP:
            t.set("end_triggered", True)  # permanent
    t.set("actions", count + 1)
    n = t.n
    if p.seat == (t.start_player - 1) % n:  # the round ends with the start player's right neighbour
        if t.get("end_triggered") or t.get("round") >= ROUND_LIMIT:
            t.set("phase", "over")
            return
        t.set("round", t.get("round") + 1)
    t.set("current", (p.seat + 1) % n)
