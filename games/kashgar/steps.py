"""The steps inside one turn (section 4): draws with their chance steps, the decisions an action asks
for (keep, arrange, orders, discard pile, a second order, the target's response), display refills,
and closing the turn (tie-break bookkeeping, end trigger, end of the round: section 7).
All on the frozen state: each function returns the next state."""

from __future__ import annotations

from . import effects as fx
from . import legal
from .content import END_VP, ROUND_LIMIT
from .moves import Arrange, FulfilDrawn, Keep, ReplaceDisplay, Respond, SecondOrder, TakeDiscard
from .scoring import recount
from .seats import discarded, display_needs_refill, replace, take_known, with_caravan, without
from .state import PUBLIC, KashgarState, Pending


def decide(s: KashgarState, move) -> KashgarState:
    """A decision of the pending action (a legal one); the action then goes on or is finished."""
    p = s.pending
    assert p is not None  # a decision is asked by the pending action
    seat = p.seat
    done = replace(p, step="")  # finished: advance() closes the action
    kind = type(move)
    if kind is Keep:
        drawn = list(p.drawn)
        for c in move.cards:
            drawn.remove(next(x for x in drawn if x[0] == c))
        car = s.seats[seat].caravans[p.caravan] + move.cards
        seats = with_caravan(s.seats, seat, p.caravan, car)
        if p.deck == "standard":
            return replace(s, seats=seats, discard=discarded(s, (c for c, _ in drawn)), pending=done)
        # special: the rest go face down under the special deck, in the order drawn
        return replace(s, seats=seats, special_under=s.special_under + tuple(drawn), pending=done)
    if kind is Arrange:
        mine = 1 << seat
        return replace(s, std_top=tuple((c, mine) for c in move.cards) + s.std_top, pending=done)
    if kind is FulfilDrawn:
        rest = tuple(x for x in p.drawn if x[0] != move.order)
        if move.order is not None:
            s = fx.fulfil(s, seat, move.order, "free" if p.mode == "farmer" else "full")
        return replace(s, order_under=s.order_under + rest, pending=done)
    if kind is ReplaceDisplay:
        under = tuple(x for x in p.drawn if x[0] != move.order)
        display = s.display
        if move.order is not None:
            display = tuple(move.order if o == move.replace else o for o in display)
            under += ((move.replace, PUBLIC),)
        return replace(s, display=display, order_under=s.order_under + under, pending=done)
    if kind is TakeDiscard:
        d = without(s.discard, move.card)
        car = s.seats[seat].caravans[p.caravan] + (move.card,)
        nxt = done if p.need == 1 or not d else replace(p, need=p.need - 1)
        return replace(s, discard=d, seats=with_caravan(s.seats, seat, p.caravan, car), pending=nxt)
    if kind is SecondOrder:
        if move.order is None:
            return replace(s, pending=done)
        s = fx.from_display(s, seat, move.order, "full")
        return replace(s, pending=replace(p, step="refill", then=""))
    if kind is Respond:
        s = fx.respond(s, p, {"caravan": move.caravan} if p.mode == "robber" else {"spice": move.spice})
        return replace(s, pending=done)
    raise AssertionError(f"no decision {move!r}")


# --- running the automatic steps ------------------------------------------------------------------
DECISION = {"standard": "keep", "special": "keep", "look": "arrange", "orders": "orders"}


def advance(s: KashgarState) -> KashgarState:
    """Carry on with everything that needs no choice: known top cards, reshuffles, forced choices,
    and the end of the action. Stops where a chance outcome or a player's decision is due."""
    while True:
        p = s.pending
        if p is None:
            return s
        step = p.step
        if step == "draw":
            if p.need > 0:
                s, drew = _draw_known(s, p)
                if drew:
                    continue
                if _pool_has(s, p.deck):
                    return s  # a chance step
            if not p.drawn:
                s = replace(s, pending=replace(p, step=""))
                continue
            p = replace(p, step=DECISION[p.deck], need=0)
            s = replace(s, pending=p)
            options = legal.pending_moves(s, p)
            if len(options) == 1:
                s = decide(s, options[0])
                continue
            return legal.worked_out(s, p.seat, options)
        if step == "refill":
            if display_needs_refill(s):
                s, known = take_known(s, "order_pool", "order_under")
                if known is None:
                    return s  # a chance step
                s = replace(s, display=s.display + (known[0],))
                continue
            if p.then == "second":
                second = replace(p, step="second", then="")
                s = replace(s, pending=second)
                options = legal.pending_moves(s, second)
                if len(options) > 1:
                    return legal.worked_out(s, p.seat, options)
            s = replace(s, pending=replace(p, step=""))
            continue
        if step == "respond":
            options = fx.response_options(s, p)
            if len(options) > 1:
                return s
            if options:
                s = fx.respond(s, p, options[0])
            s = replace(s, pending=replace(p, step=""))
            continue
        if step == "":
            return close_turn(s, p.seat, p.vp_before, target=p.target)
        return s  # a player's decision


def _pool_has(s: KashgarState, deck: str) -> bool:
    if deck in ("standard", "look"):
        return bool(s.std_pool)
    return bool(s.special_pool if deck == "special" else s.order_pool)


def _draw_known(s: KashgarState, p: Pending) -> tuple[KashgarState, bool]:
    """Draw one card that needs no chance: a known top card, a card from under the deck. For the
    standard deck an empty deck is first rebuilt from the discard pile (6.4; not when only looking)."""
    mine = 1 << p.seat
    if p.deck in ("standard", "look"):
        top = s.std_top
        if not top:
            if p.deck == "standard" and not s.std_pool and s.discard:
                s = replace(s, std_pool=s.discard, discard=())  # shuffle the discard pile: the new deck
            return s, False
        s = replace(s, std_top=top[1:])
        slot = (top[0][0], top[0][1] | mine)
    else:
        pool, under = ("special_pool", "special_under") if p.deck == "special" else ("order_pool", "order_under")
        s, known = take_known(s, pool, under)
        if known is None:
            return s, False
        slot = (known[0], known[1] | mine)
    return replace(s, pending=replace(p, drawn=p.drawn + (slot,), need=p.need - 1)), True


# --- 7. end of the game: closing a turn -------------------------------------------------------
def close_turn(s: KashgarState, seat: int, vp_before: tuple[int, ...], seats: tuple | None = None,
               box: tuple[str, ...] | None = None, target: int = -1) -> KashgarState:
    """The end of every action, with the action's new `seats` and `box` (None: as in `s`): the
    tie-break bookkeeping (who changed VP, at which action count), the end trigger (25 VP, permanent),
    the action counter, the end of the round, the next player. `vp_before` are the VP when the action
    began, () when it cannot change VP (`rules._action`: no card joins or leaves a caravan, no order
    is fulfilled). An action changes the cards and orders of the acting seat and of its `target`
    only: their VP are recounted, the others' kept. The next state keeps its VP (`scoring.vps`)."""
    if seats is None:
        seats = s.seats
    count = s.actions
    triggered = s.end_triggered
    last = s.last_vp_change
    now: tuple[int, ...] | None
    if vp_before:  # the action could change VP
        now = recount(vp_before, seats, seat, target)
        if now != vp_before:
            last = tuple([count if a != b else x for a, b, x in zip(vp_before, now, last, strict=True)])
        if not triggered and max(now) >= END_VP:
            triggered = True
    else:
        now = s.__dict__.get("vp")  # unchanged
    n = s.players
    phase, rnd, current = s.phase, s.round, s.current
    if seat != (s.start_player - 1) % n:  # the round ends with the start player's right neighbour
        current = (seat + 1) % n
    elif triggered or rnd >= ROUND_LIMIT:
        phase = "over"
    else:
        rnd += 1
        current = (seat + 1) % n
    after = replace(s, seats=seats, box=s.box if box is None else box, pending=None, actions=count + 1,
                    last_vp_change=last, end_triggered=triggered, phase=phase, round=rnd, current=current)
    if now is not None:
        after.__dict__["vp"] = now
    return after
