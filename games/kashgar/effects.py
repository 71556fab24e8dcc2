"""What each card does (sections 4 and 5): the choices an action offers, and carrying it out.

`choices(t, seat, caravan, kind, effect, board)` lists the parameter sets (dicts of move fields) with
which the effect can be carried out "at least as far as the text requires" (section 4, legality);
`board` is the player's board after the card's own cost. `carry_out(...)` does it.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from .cards import FREE, GO, INDEX, MU, ORDERS, PATRIARCH, MATRIARCH, SPICES, CAPS
from .state import PUBLIC, Pending
from .table import Table

PM_SIDES = (PATRIARCH, MATRIARCH)
ONE = ({},)
SPICE_CHOICES = tuple({"spice": s} for s in SPICES)
TWO_SPICES = tuple({"spice": a, "spice2": b} for a, b in combinations(SPICES, 2))


# --- costs (section 5: pay) -------------------------------------------------------------------------
def pay_options(board, cost) -> list[tuple[tuple[str, ...], list[int]]]:
    """Every way to pay `cost` from `board`: (spices named in the move, board after paying)."""
    if cost is FREE:
        return [((), board)]
    fixed = cost.board
    if any(b < c for b, c in zip(board, fixed)):
        return []
    after = [b - c for b, c in zip(board, fixed)]
    if cost.any_spice:
        out = []
        for combo in combinations_with_replacement(SPICES, cost.any_spice):
            b = after[:]
            for s in combo:
                b[INDEX[s]] -= 1
            if min(b[:5]) >= 0:
                out.append((combo, b))
        return out
    if cost.one_spice:
        out = []
        for s in SPICES:
            if after[INDEX[s]] >= cost.one_spice:
                b = after[:]
                b[INDEX[s]] -= cost.one_spice
                out.append(((s,) * cost.one_spice, b))
        return out
    return [((), after)]


# --- orders (section 6.2) ---------------------------------------------------------------------------
def order_matches(order, kinds) -> bool:
    o = ORDERS[order]
    for k in kinds:
        if k == o.kind or (k == "grain" and o.grain) or (k == "cinnamon" and o.cost[4] > 0):
            return True
    return False


def order_price(order: str, pay: str) -> tuple[int, ...]:
    c = ORDERS[order].cost
    if pay == "free":
        return (0,) * 7
    if pay == "no_spice":
        return (0,) * 5 + c[5:]
    return c


# (order, pay) -> (mule condition, the nonzero parts of the price as (resource, amount))
PRICE = {(o, pay): (ORDERS[o].cond, tuple((r, c) for r, c in enumerate(order_price(o, pay)) if c))
         for o in ORDERS for pay in ("full", "free", "no_spice")}


def can_fulfil(order: str, board, pay: str = "full") -> bool:
    """6.2: the mule condition holds (so many mules needed, not paid) and the order's price, as the
    card lets it be paid, can be paid from `board`."""
    cond, price = PRICE[(order, pay)]
    if board[MU] < cond:
        return False
    for r, c in price:
        if board[r] < c:
            return False
    return True


def fulfil(t: Table, seat: int, order: str, pay: str) -> None:
    t.pay(seat, order_price(order, pay))
    t.seat(seat).orders.append(order)


def display_orders(t: Table, board, kinds, pay) -> list[str]:
    return [o for o in t.get("display") if order_matches(o, kinds) and can_fulfil(o, board, pay)]


# --- the choices an effect offers ------------------------------------------------------------------
def choices(t: Table, seat: int, caravan: int, kind: str, effect: tuple, board, paid) -> tuple | list:
    op = effect[0]
    if op == "gain":
        return SPICE_CHOICES if effect[2] else ONE
    if op == "gain_either":
        return tuple({"spice": s} for s in effect[1])
    if op == "two_spices":
        return TWO_SPICES
    if op == "other_spice":
        return tuple({"spice": s} for s in SPICES if s != paid[0])
    if op == "set_spice":
        return SPICE_CHOICES
    if op in ("set", "flip", "spices_min3", "others_gain", "others_set", "others_lose", "customs"):
        return ONE
    if op == "draw_std":
        return ONE if t.get("std_top") or t.get("std_pool") or t.get("discard") else ()
    if op == "look_std":
        return ONE if t.get("std_top") or t.get("std_pool") else ()
    if op == "draw_spc":
        return ONE if t.get("special_pool") or t.get("special_under") else ()
    if op == "draw_orders":
        return ONE if t.order_deck_size() else ()
    if op == "take_discard":
        return ONE if t.get("discard") else ()
    if op == "spare_patriarch":
        return ONE if t.get("spare_patriarch") else ()
    if op in ("fulfil", "fulfil_two"):
        kinds, pay = (effect[1], effect[2]) if op == "fulfil" else (("small", "large", "special"), "full")
        return [{"order": o} for o in display_orders(t, board, kinds, pay)]
    others = [q for q in range(t.n) if q != seat]
    cars = t.player(seat).caravans
    if op == "leader_front":
        return [{"position": i} for i in range(1, len(cars[caravan]))]
    if op == "judge":
        return [{"position": i} for i, c in enumerate(cars[caravan]) if i and c not in PM_SIDES]
    if op == "leader_move":
        return [{"from_caravan": fc, "position": i, "to_caravan": tc}
                for fc in range(3) for i, c in enumerate(cars[fc])
                if c not in PM_SIDES and not (fc == caravan and i == 0)
                for tc in range(3) if tc != fc]
    if op == "thief":
        return [{"target": q, "resource": r} for q in others for r in SPICES + ("GO",)
                if t.player(q).board[INDEX[r]] >= 1]
    if op in ("target_lose", "robber_card", "poisoner"):
        return [{"target": q} for q in others]
    if op == "robber_spices":
        return [{"target": q, **c} for q in others for c in TWO_SPICES]
    if op == "schemer":
        return [{"target": q, "spice": s} for q in others for s in SPICES]
    if op == "spy":
        return [{"order": o} for o in t.get("display")]
    if op == "mercenary":
        return [{"target": q, "target_caravan": k} for q in others for k in range(3)
                if len(t.player(q).caravans[k]) >= 2]
    if op == "fence":
        return [{"target": q} for q in others if t.player(q).board[GO] > board[GO]]
    raise AssertionError(f"unknown effect {op}")


# --- carrying an effect out -----------------------------------------------------------------------
def clockwise_others(seat: int, n: int):
    """Each other player, clockwise from the acting player's left (filled in, item 14)."""
    return [(seat + k) % n for k in range(1, n)]


# effects that can change somebody's VP (cards join or leave caravans, orders are fulfilled): only after
# these (and farewells of cards worth VP) are the VP compared for the tie-break and the end trigger
VP_EFFECTS = frozenset({"draw_std", "draw_spc", "take_discard", "fulfil", "fulfil_two", "draw_orders", "judge",
                        "robber_card"})
OWN_ONLY = frozenset({"gain", "gain_either", "other_spice", "two_spices", "set", "set_spice", "spices_min3",
                      "flip"})  # effects on the acting player's own board (or its Patriarch) only


def own_effect(b: list, car: list, effect: tuple, m) -> None:
    """An OWN_ONLY effect on the board `b` (a list) and the caravan `car` the card came from."""
    op = effect[0]
    if op == "gain":  # increase: whatever would exceed the maximum is lost
        for r, k in enumerate(effect[1]):
            if k:
                b[r] = min(b[r] + k, CAPS[r])
        if effect[2]:
            r = INDEX[m.spice]
            b[r] = min(b[r] + effect[2], CAPS[r])
    elif op in ("gain_either", "other_spice"):
        r = INDEX[m.spice]
        b[r] = min(b[r] + effect[-1], CAPS[r])
    elif op == "two_spices":
        for r in (INDEX[m.spice], INDEX[m.spice2]):
            b[r] = min(b[r] + effect[1], CAPS[r])
    elif op == "set":
        b[effect[1]] = effect[2]
    elif op == "set_spice":
        b[INDEX[m.spice]] = effect[1]
    elif op == "spices_min3":
        for r in range(5):
            b[r] = max(b[r], 3)
    elif op == "flip":  # the card has already moved to the end of its caravan
        car[-1] = MATRIARCH if car[-1] == PATRIARCH else PATRIARCH


def carry_out(t: Table, seat: int, caravan: int, effect: tuple, m, pending: Pending) -> Pending | None:
    """Do the effect; returns the pending continuation (draws, refills, decisions) or None."""
    op = effect[0]
    me = t.seat(seat)
    car = me.caravans[caravan]
    if op in OWN_ONLY:
        own_effect(me.board, car, effect, m)
    elif op in ("draw_std", "draw_spc", "look_std"):
        deck = {"draw_std": "standard", "draw_spc": "special", "look_std": "look"}[op]
        keep = effect[2] if op != "look_std" else 0
        return _replace(pending, step="draw", deck=deck, need=effect[1], keep=keep)
    elif op == "draw_orders":
        return _replace(pending, step="draw", deck="orders", need=effect[1], mode=effect[2])
    elif op == "take_discard":
        return _replace(pending, step="take", need=effect[1])
    elif op in ("fulfil", "fulfil_two"):
        pay = effect[2] if op == "fulfil" else "full"
        t.take_from_display(m.order)
        fulfil(t, seat, m.order, pay)
        if op == "fulfil" and effect[3]:
            t.gain(seat, GO, effect[3])
        return _replace(pending, step="refill", then="second" if op == "fulfil_two" else "")
    elif op == "spare_patriarch":
        t.set("spare_patriarch", False)
        car.append(PATRIARCH)
    elif op == "leader_front":
        # positions count in the caravan as it was; the Leader (position 0) has moved to the end
        card = car.pop(m.position - 1)
        car.insert(0, card)
    elif op == "judge":
        t.to_box(car.pop(m.position - 1))
    elif op == "leader_move":
        src = me.caravans[m.from_caravan]
        pos = m.position - 1 if m.from_caravan == caravan else m.position  # the Leader has left
        me.caravans[m.to_caravan].append(src.pop(pos))
    elif op == "others_gain":
        for q in clockwise_others(seat, t.n):
            t.gain(q, effect[1], effect[2])
    elif op == "others_set":
        for q in clockwise_others(seat, t.n):
            t.seat(q).board[effect[1]] = effect[2]
    elif op == "others_lose":
        for q in clockwise_others(seat, t.n):
            t.lose(q, effect[1], effect[2])
    elif op == "customs":
        for q in clockwise_others(seat, t.n):
            t.lose(q, GO, 1)
        t.gain(seat, GO, 1)
    elif op == "thief":
        r = INDEX[m.resource]
        t.lose(m.target, r, 2)
        t.gain(seat, r, 1)
    elif op == "target_lose":
        t.lose(m.target, effect[1], effect[2])
    elif op == "robber_spices":
        t.lose(m.target, INDEX[m.spice], 1)
        t.lose(m.target, INDEX[m.spice2], 1)
    elif op == "schemer":
        t.seat(m.target).board[INDEX[m.spice]] = 3
    elif op == "spy":
        t.take_from_display(m.order)
        t.set("order_under", t.get("order_under") + ((m.order, PUBLIC),))
        return _replace(pending, step="refill")
    elif op == "mercenary":
        tc = t.seat(m.target).caravans[m.target_caravan]
        tc.append(tc.pop(0))
    elif op == "fence":
        t.gain(seat, GO, t.lose(m.target, GO, 2))
    elif op == "robber_card":
        return _replace(pending, step="respond", mode="robber", target=m.target)
    elif op == "poisoner":
        t.lose(m.target, MU, 1)
        return _replace(pending, step="respond", mode="poisoner", target=m.target)
    else:
        raise AssertionError(f"unknown effect {op}")
    return None


def _replace(p: Pending, **kw) -> Pending:
    import msgspec

    return msgspec.structs.replace(p, **kw)


# --- the target player's response (section 4, decisions by another player) ----------------------
def response_options(t: Table, p: Pending) -> list[dict]:
    q = p.target
    if p.mode == "robber":
        return [{"caravan": k} for k in range(3) if t.player(q).caravans[k][-1] not in PM_SIDES]
    return [{"spice": s} for s in SPICES if t.player(q).board[INDEX[s]] >= 1]


def respond(t: Table, p: Pending, choice: dict) -> None:
    q = p.target
    if p.mode == "robber":
        t.to_box(t.seat(q).caravans[choice["caravan"]].pop())
    else:
        t.lose(q, INDEX[choice["spice"]], 2)


assert CAPS[MU] == 6
