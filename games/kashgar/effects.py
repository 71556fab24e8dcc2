"""What each card does (sections 4 and 5): the choices an action offers, and carrying it out.

`choices(s, seat, caravan, kind, effect, board)` lists the parameter sets (dicts of move fields) with
which the effect can be carried out "at least as far as the text requires" (section 4, legality);
`board` is the player's board after the card's own cost. `own_effect` and `carry_out` do it, on the
frozen state (a new state is returned, nothing is mutated).
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement
from typing import Any

from .content import CAPS, CARAVANS, FREE, GO, INDEX, MATRIARCH, MU, ORDERS, PATRIARCH, PERSONS, SPICES
from .seats import boxed, fulfilled, gain, lose, replace, set_to, with_caravan, without
from .state import PUBLIC, KashgarState, Pending

PM_SIDES = (PATRIARCH, MATRIARCH)
ONE: tuple[dict[str, Any], ...] = ({},)
SPICE_CHOICES = tuple({"spice": s} for s in SPICES)
TWO_SPICES = tuple({"spice": a, "spice2": b} for a, b in combinations(SPICES, 2))


# --- costs (section 5: pay) -------------------------------------------------------------------------
def pay_options(board, cost) -> list[tuple[tuple[str, ...], list[int]]]:
    """Every way to pay `cost` from `board`: (spices named in the move, board after paying)."""
    if cost is FREE:
        return [((), board)]
    fixed = cost.board
    if any(b < c for b, c in zip(board, fixed, strict=True)):
        return []
    after = [b - c for b, c in zip(board, fixed, strict=True)]
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
    for k in kinds:  # noqa: SIM110 (a loop: about 3 times as quick as any() over a generator, in move generation)
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


def requirement(order: str, pay: str) -> tuple[int, ...]:
    """6.2: what a board must hold to fulfil `order`: its price, as the card lets it be paid, and at
    least as many mules as its mule condition (so many mules needed, not paid)."""
    price = order_price(order, pay)
    return price[:MU] + (max(price[MU], ORDERS[order].cond),)


def needs(amounts) -> tuple[tuple[int, int], ...]:
    """The nonzero parts of a 7-tuple of amounts, as (resource, amount) pairs."""
    return tuple((r, n) for r, n in enumerate(amounts) if n)


REQUIRE = {(o, pay): needs(requirement(o, pay)) for o in ORDERS for pay in ("full", "free", "no_spice")}


def can_fulfil(order: str, board, pay: str = "full") -> bool:
    """Whether `board` can fulfil `order` (see `requirement`)."""
    for r, n in REQUIRE[(order, pay)]:  # noqa: SIM110 (as in order_matches)
        if board[r] < n:
            return False
    return True


def fulfil(s: KashgarState, seat: int, order: str, pay: str) -> KashgarState:
    """`seat` pays for `order` (as the card lets it pay) and takes it."""
    return replace(s, seats=fulfilled(s, seat, order, order_price(order, pay)))


def from_display(s: KashgarState, seat: int, order: str, pay: str) -> KashgarState:
    """6.2: fulfil an order of the display (the display is refilled afterwards)."""
    return fulfil(replace(s, display=without(s.display, order)), seat, order, pay)


def display_orders(s: KashgarState, board, kinds, pay) -> list[str]:
    return [o for o in s.display if order_matches(o, kinds) and can_fulfil(o, board, pay)]


# --- the choices an effect offers ------------------------------------------------------------------
def free_choices(effect: tuple, paid) -> tuple | None:
    """The choices of an effect that asks nothing of the state (the same in every state), else None."""
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
    return None


def choices(s: KashgarState, seat: int, caravan: int, kind: str, effect: tuple, board, paid) -> tuple | list:
    free = free_choices(effect, paid)
    if free is not None:
        return free
    op = effect[0]
    if op == "draw_std":
        return ONE if s.std_top or s.std_pool or s.discard else ()
    if op == "look_std":
        return ONE if s.std_top or s.std_pool else ()
    if op == "draw_spc":
        return ONE if s.special_pool or s.special_under else ()
    if op == "draw_orders":
        return ONE if s.order_pool or s.order_under else ()
    if op == "take_discard":
        return ONE if s.discard else ()
    if op == "spare_patriarch":
        return ONE if s.spare_patriarch else ()
    if op in ("fulfil", "fulfil_two"):
        kinds, pay = (effect[1], effect[2]) if op == "fulfil" else (("small", "large", "special"), "full")
        return [{"order": o} for o in display_orders(s, board, kinds, pay)]
    others = [q for q in range(s.players) if q != seat]
    cars = s.seats[seat].caravans
    if op == "leader_front":
        return [{"position": i} for i in range(1, len(cars[caravan]))]
    if op == "judge":
        return [{"position": i} for i, c in enumerate(cars[caravan]) if i and c not in PM_SIDES]
    if op == "leader_move":
        return [{"from_caravan": fc, "position": i, "to_caravan": tc}
                for fc in range(CARAVANS) for i, c in enumerate(cars[fc])
                if c not in PM_SIDES and not (fc == caravan and i == 0)
                for tc in range(CARAVANS) if tc != fc]
    if op == "thief":
        return [{"target": q, "resource": r} for q in others for r in SPICES + ("GO",)
                if s.seats[q].board[INDEX[r]] >= 1]
    if op in ("target_lose", "robber_card", "poisoner"):
        return [{"target": q} for q in others]
    if op == "robber_spices":
        return [{"target": q, **c} for q in others for c in TWO_SPICES]
    if op == "schemer":
        return [{"target": q, "spice": s} for q in others for s in SPICES]
    if op == "spy":
        return [{"order": o} for o in s.display]
    if op == "mercenary":
        return [{"target": q, "target_caravan": k} for q in others for k in range(CARAVANS)
                if len(s.seats[q].caravans[k]) >= 2]
    if op == "fence":
        return [{"target": q} for q in others if s.seats[q].board[GO] > board[GO]]
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


_GAINS = {a.effect[1]: needs(a.effect[1]) for p in PERSONS.values() for a in p.caravan + p.farewell
          if a.effect[0] == "gain"}  # what a "gain" effect increases: (resource, amount) pairs


def own_effect(b: list, car: list, effect: tuple, m) -> None:
    """An OWN_ONLY effect on the board `b` (a list) and the caravan `car` the card came from."""
    op = effect[0]
    if op == "flip":  # the card has already moved to the end of its caravan
        car[-1] = MATRIARCH if car[-1] == PATRIARCH else PATRIARCH
    elif op == "gain":  # increase: whatever would exceed the maximum is lost
        for r, k in _GAINS.get(effect[1]) or needs(effect[1]):
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
        for r in range(len(SPICES)):
            b[r] = max(b[r], 3)


_DRAWS = {"draw_std": "standard", "draw_spc": "special", "look_std": "look"}


def carry_out(s: KashgarState, seat: int, caravan: int, effect: tuple, m, pending: Pending
              ) -> tuple[KashgarState, Pending | None]:
    """Do an effect that is not OWN_ONLY (those are `own_effect`) on `s`, the state after the card was
    used and paid. Returns the next state and the pending continuation (draws, refills, decisions)
    or None."""
    op = effect[0]
    if op in _DRAWS:
        keep = effect[2] if op != "look_std" else 0
        return s, replace(pending, step="draw", deck=_DRAWS[op], need=effect[1], keep=keep)
    if op == "draw_orders":
        return s, replace(pending, step="draw", deck="orders", need=effect[1], mode=effect[2])
    if op == "take_discard":
        return s, replace(pending, step="take", need=effect[1])
    if op in ("fulfil", "fulfil_two"):
        s = from_display(s, seat, m.order, effect[2] if op == "fulfil" else "full")
        if op == "fulfil" and effect[3]:
            s = replace(s, seats=gain(s.seats, seat, GO, effect[3]))
        return s, replace(pending, step="refill", then="second" if op == "fulfil_two" else "")
    if op == "spy":
        s = replace(s, display=without(s.display, m.order), order_under=s.order_under + ((m.order, PUBLIC),))
        return s, replace(pending, step="refill")
    if op == "robber_card":
        return s, replace(pending, step="respond", mode="robber", target=m.target)
    if op == "poisoner":
        seats, _ = lose(s.seats, m.target, MU, 1)
        return replace(s, seats=seats), replace(pending, step="respond", mode="poisoner", target=m.target)
    return _CARRY_OUT[op](s, seat, caravan, effect, m), None


def _spare_patriarch(s, seat, caravan, effect, m):
    car = s.seats[seat].caravans[caravan] + (PATRIARCH,)
    return replace(s, spare_patriarch=False, seats=with_caravan(s.seats, seat, caravan, car))


def _leader_front(s, seat, caravan, effect, m):
    # positions count in the caravan as it was; the Leader (position 0) has moved to the end
    car = list(s.seats[seat].caravans[caravan])
    card = car.pop(m.position - 1)
    car.insert(0, card)
    return replace(s, seats=with_caravan(s.seats, seat, caravan, car))


def _judge(s, seat, caravan, effect, m):
    car = list(s.seats[seat].caravans[caravan])
    card = car.pop(m.position - 1)
    return replace(s, box=boxed(s, card), seats=with_caravan(s.seats, seat, caravan, car))


def _leader_move(s, seat, caravan, effect, m):
    cars = [list(c) for c in s.seats[seat].caravans]
    src = cars[m.from_caravan]
    pos = m.position - 1 if m.from_caravan == caravan else m.position  # the Leader has left
    cars[m.to_caravan].append(src.pop(pos))
    seats = with_caravan(s.seats, seat, m.from_caravan, src)
    return replace(s, seats=with_caravan(seats, seat, m.to_caravan, cars[m.to_caravan]))


def _others_gain(s, seat, caravan, effect, m):
    seats = s.seats
    for q in clockwise_others(seat, s.players):
        seats = gain(seats, q, effect[1], effect[2])
    return replace(s, seats=seats)


def _others_set(s, seat, caravan, effect, m):
    seats = s.seats
    for q in clockwise_others(seat, s.players):
        seats = set_to(seats, q, effect[1], effect[2])
    return replace(s, seats=seats)


def _others_lose(s, seat, caravan, effect, m):
    seats = s.seats
    for q in clockwise_others(seat, s.players):
        seats, _ = lose(seats, q, effect[1], effect[2])
    return replace(s, seats=seats)


def _customs(s, seat, caravan, effect, m):
    seats = s.seats
    for q in clockwise_others(seat, s.players):
        seats, _ = lose(seats, q, GO, 1)
    return replace(s, seats=gain(seats, seat, GO, 1))


def _thief(s, seat, caravan, effect, m):
    r = INDEX[m.resource]
    seats, _ = lose(s.seats, m.target, r, 2)
    return replace(s, seats=gain(seats, seat, r, 1))


def _target_lose(s, seat, caravan, effect, m):
    seats, _ = lose(s.seats, m.target, effect[1], effect[2])
    return replace(s, seats=seats)


def _robber_spices(s, seat, caravan, effect, m):
    seats, _ = lose(s.seats, m.target, INDEX[m.spice], 1)
    seats, _ = lose(seats, m.target, INDEX[m.spice2], 1)
    return replace(s, seats=seats)


def _schemer(s, seat, caravan, effect, m):
    return replace(s, seats=set_to(s.seats, m.target, INDEX[m.spice], 3))


def _mercenary(s, seat, caravan, effect, m):
    tc = s.seats[m.target].caravans[m.target_caravan]
    return replace(s, seats=with_caravan(s.seats, m.target, m.target_caravan, tc[1:] + tc[:1]))


def _fence(s, seat, caravan, effect, m):
    seats, lost = lose(s.seats, m.target, GO, 2)
    return replace(s, seats=gain(seats, seat, GO, lost))


_CARRY_OUT = {"spare_patriarch": _spare_patriarch, "leader_front": _leader_front, "judge": _judge,
              "leader_move": _leader_move, "others_gain": _others_gain, "others_set": _others_set,
              "others_lose": _others_lose, "customs": _customs, "thief": _thief, "target_lose": _target_lose,
              "robber_spices": _robber_spices, "schemer": _schemer, "mercenary": _mercenary, "fence": _fence}


# --- the target player's response (section 4, decisions by another player) ----------------------
def response_options(s: KashgarState, p: Pending) -> list[dict]:
    q = p.target
    if p.mode == "robber":
        return [{"caravan": k} for k in range(CARAVANS) if s.seats[q].caravans[k][-1] not in PM_SIDES]
    return [{"spice": sp} for sp in SPICES if s.seats[q].board[INDEX[sp]] >= 1]


def respond(s: KashgarState, p: Pending, choice: dict) -> KashgarState:
    q = p.target
    if p.mode == "robber":
        k = choice["caravan"]
        car = s.seats[q].caravans[k]
        return replace(s, box=boxed(s, car[-1]), seats=with_caravan(s.seats, q, k, car[:-1]))
    seats, _ = lose(s.seats, q, INDEX[choice["spice"]], 2)
    return replace(s, seats=seats)


assert CAPS[MU] == 6
