"""Kashgar's legal moves (section 4) and the reasons a move is refused.

The moves of a front card are worked out once per card and caravan (`plan`): which moves are always
legal, and what the others depend on (a fixed cost, a deck to draw from, the spices on the board, the
display's orders). `legal_moves` lists them for every turn, once per state (`moves_of` keeps them on
the state), and `rules.apply` checks every move against them; the decisions inside an action (keep,
arrange, orders, discard pile, second order, response) are listed by `pending_moves`."""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations
from operator import add
from typing import Any

from games.protocol import CHANCE, default_among

from . import effects as fx
from . import turn
from .content import CARAVANS, ORDERS, PERSONS
from .moves import (
    Arrange,
    CaravanAction,
    Farewell,
    FulfilDrawn,
    Keep,
    Pass,
    PlaceStartCards,
    ReplaceDisplay,
    Respond,
    SecondOrder,
    TakeDiscard,
)
from .state import KashgarState, Pending

CARAVAN_NUMBERS = range(CARAVANS)


# --- every legal move of a seat now ------------------------------------------------------------
def legal_moves(s: KashgarState, seat: int) -> list:
    known: dict[Any, Any] = s.__dict__  # as `moves_of`, one call less on the hot path
    moves = known.get(seat)
    if moves is None:
        moves = known[seat] = work_out(s, seat)
    return moves.copy()


def moves_of(s: KashgarState, seat: int) -> list:
    """The legal moves of `seat` in `s`, worked out once per state and kept on it (the state's
    `__dict__`, key: the seat); `rules.apply` checks every move against them. Not to be changed."""
    known: dict[Any, Any] = s.__dict__  # the state's own dict: its fields' names, and seats (int) for this
    moves = known.get(seat)
    if moves is None:
        moves = known[seat] = work_out(s, seat)
    return moves


def worked_out(s: KashgarState, seat: int, moves: list) -> KashgarState:
    """`s`, keeping `moves` as the legal moves of `seat` (what `work_out(s, seat)` gives: the
    decisions inside an action, listed by `pending_moves` where the action stops for them)."""
    known: dict[Any, Any] = s.__dict__  # (as in moves_of)
    known[seat] = moves
    return s


def work_out(s: KashgarState, seat: int) -> list:
    if s.phase == "play" and s.pending is None:
        if seat != s.current:
            return []
        p = s.seats[seat]
        board = p.board
        moves = []
        for caravan, car in zip(CARAVAN_NUMBERS, p.caravans, strict=True):  # the moves of each front card
            fixed, dynamic, simple = plan(car[0], caravan)
            moves += fixed
            if simple is not None:  # only fixed costs and deck availability to check
                for cost, available, extra in simple:
                    for r, c in cost:
                        if board[r] < c:
                            break
                    else:
                        if available is None or available(s):
                            moves += extra
            elif dynamic:
                add_dynamic(moves, s, seat, caravan, board, dynamic)
        return moves
    acting = turn.actors(s)
    if seat not in acting:
        return []
    if seat == CHANCE:
        return list(turn.chance(s).outcomes)
    if s.phase == "place":
        return [PlaceStartCards(cards=c) for c in permutations(s.seats[seat].dealt)]
    assert s.pending is not None  # in play, a seat decides only inside a pending action (as above)
    return pending_moves(s, s.pending)


# --- the moves of a front card ----------------------------------------------------------------
ALWAYS = frozenset({"gain", "gain_either", "two_spices", "set", "set_spice", "flip", "spices_min3",
                    "others_gain", "others_set", "others_lose", "customs"})  # never impossible
# effects that are possible exactly when a deck, pile or the spare Patriarch holds something
AVAILABLE = {
    "draw_std": lambda s: bool(s.std_top or s.std_pool or s.discard),  # 6.4: the discard pile is reshuffled
    "look_std": lambda s: bool(s.std_top or s.std_pool),  # looking never reshuffles
    "draw_spc": lambda s: bool(s.special_pool or s.special_under),
    "draw_orders": lambda s: bool(s.order_pool or s.order_under),
    "take_discard": lambda s: bool(s.discard),
    "spare_patriarch": lambda s: s.spare_patriarch,
}
FULFIL_KINDS = {"fulfil": lambda e: (e[1], e[2]), "fulfil_two": lambda e: (("small", "large", "special"), "full")}


@cache  # at most every card in each of the three caravans
def plan(card: str, caravan: int):
    """The moves of one front card, worked out once: the always-legal ones (free, always possible, and
    pass) and, per other action, what its legality depends on (and `simple`: the same, when every
    other action is of the first kind):
      ("cost", cost, availability test or None, moves)  a fixed cost ((resource, amount) pairs) and
                                                         perhaps a deck to draw from;
      ("spices", cap, key, cls, action, Action)          an "n S" / "n of one spice" cost: the moves
                                                         depend only on the board capped at the cost;
      ("fulfil", {order that fits: (need, move)})        a display order to fulfil: the board must
                                                         hold the cost and the order's requirement;
      ("general", cls, action, Action)                   everything else (the variant's targets...)."""
    person = PERSONS[card]
    fixed: list[CaravanAction | Farewell | Pass] = []
    dynamic: list[tuple] = []  # (kind, ...) as above
    for cls, actions in ((CaravanAction, person.caravan), (Farewell, person.farewell)):
        for a, act in enumerate(actions):
            op = act.effect[0]
            simple_cost = not act.cost.any_spice and not act.cost.one_spice
            cost = fx.needs(act.cost.board)
            if act.cost is fx.FREE and op in ALWAYS:
                fixed += [cls(caravan=caravan, action=a, **p)
                          for p in fx.free_choices(act.effect, ()) or ()]
            elif simple_cost and (op in ALWAYS or op in AVAILABLE):
                params = (fx.free_choices(act.effect, ()) or ()) if op in ALWAYS else fx.ONE
                moves = tuple(cls(caravan=caravan, action=a, **p) for p in params)
                dynamic.append(("cost", cost, AVAILABLE.get(op), moves))
            elif not simple_cost and op in ("gain", "gain_either", "two_spices", "other_spice"):
                extra = act.cost.any_spice + act.cost.one_spice
                cap = tuple(c + (extra if r < 5 else 0) for r, c in enumerate(act.cost.board))
                dynamic.append(("spices", cap, (card, caravan, cls, a), cls, a, act))
            elif simple_cost and op in FULFIL_KINDS:
                kinds, pay = FULFIL_KINDS[op](act.effect)
                fits = {o: (fx.needs(map(add, act.cost.board, fx.requirement(o, pay))),
                            cls(caravan=caravan, action=a, order=o))
                        for o in ORDERS if fx.order_matches(o, kinds)}  # the cost and the order's price
                dynamic.append(("fulfil", fits))
            else:
                dynamic.append(("general", cls, a, act))
    if not person.bang:
        fixed.append(Pass(caravan=caravan))
    simple = tuple(d[1:] for d in dynamic) if all(d[0] == "cost" for d in dynamic) else None
    return fixed, dynamic, simple


def add_dynamic(out: list, s: KashgarState, seat: int, caravan: int, board, dynamic) -> None:
    for entry in dynamic:
        kind = entry[0]
        if kind == "cost":
            for r, c in entry[1]:
                if board[r] < c:
                    break
            else:
                if entry[2] is None or entry[2](s):
                    out += entry[3]
        elif kind == "fulfil":
            fits = entry[1]
            for o in s.display:
                m = fits.get(o)
                if m is not None:
                    for r, c in m[0]:
                        if board[r] < c:
                            break
                    else:
                        out.append(m[1])
        elif kind == "spices":
            _, cap, key, _cls, _a, _act = entry
            out += _spice_moves(key + tuple(map(min, board, cap)))
        else:
            out += _general_moves(s, seat, caravan, board, *entry[1:])


@cache
def _spice_moves(key: tuple) -> tuple:
    """The moves of a spice-cost action, which depend only on the board capped at the cost (paying
    from it leaves the same choices): `key` is (card, caravan, move class, action, *capped board)."""
    card, caravan, cls, a, capped = key[0], key[1], key[2], key[3], key[4:]
    person = PERSONS[card]
    act = (person.farewell if cls is Farewell else person.caravan)[a]
    return tuple(_general_moves(None, 0, caravan, capped, cls, a, act))


def _general_moves(s, seat, caravan, board, cls, a, act) -> list:
    return [cls(caravan=caravan, action=a, pay=paid, **params)
            for paid, after in fx.pay_options(board, act.cost)
            for params in fx.choices(s, seat, caravan, "", act.effect, after, paid)]


# --- the decisions inside an action --------------------------------------------------------------
def pending_moves(s: KashgarState, p: Pending) -> list:
    if p.step == "keep":
        cards = [c for c, _ in p.drawn]
        k = min(p.keep, len(cards))
        return [Keep(cards=c) for c in sorted(set(permutations(cards, k)))]
    if p.step == "arrange":
        return [Arrange(cards=c) for c in sorted(set(permutations([c for c, _ in p.drawn])))]
    if p.step == "orders":
        drawn = [c for c, _ in p.drawn]
        if p.mode in ("scout", "fortune"):
            return [ReplaceDisplay()] + [ReplaceDisplay(order=d, replace=r) for d in drawn for r in s.display]
        board = s.seats[p.seat].board
        if p.mode == "farmer":
            ok = [d for d in drawn if ORDERS[d].grain and fx.can_fulfil(d, board, "free")]
        else:
            ok = [d for d in drawn if ORDERS[d].kind in ("small", "special") and fx.can_fulfil(d, board)]
        return [FulfilDrawn()] + [FulfilDrawn(order=d) for d in ok]
    if p.step == "take":
        return [_take(c) for c in sorted(set(s.discard))]
    if p.step == "second":
        return [SecondOrder()] + [SecondOrder(order=o) for o in
                                  fx.display_orders(s, s.seats[p.seat].board, ("small", "large", "special"), "full")]
    if p.step == "respond":
        return [Respond(**c) for c in fx.response_options(s, p)]
    return []


_take = lru_cache(maxsize=None)(TakeDiscard)  # card -> TakeDiscard(card), made once


def pending_reason(p: Pending, move) -> str:
    what = {"keep": "choose which drawn card(s) to keep", "arrange": "put the looked-at cards back in an order",
            "orders": "decide about the drawn order cards", "take": "take a card from the discard pile",
            "second": "fulfil a second order or stop", "respond": "choose as the card demands"}
    return f"not possible now: {what.get(p.step, 'finish the action')}"


# --- why a move is refused ------------------------------------------------------------------------
def refusal(s: KashgarState, seat: int, move) -> str:
    """Why `move` is not among the legal moves of `seat` in `s`."""
    if s.phase == "over":
        return "the game is over"
    if seat not in turn.actors(s):
        return "it is not your turn"
    if s.phase == "place":
        return "place your three dealt start cards, one behind each Patriarch"
    if s.pending is not None:
        return pending_reason(s.pending, move)
    if not isinstance(move, (CaravanAction, Farewell, Pass)):
        return "choose the front card of one of your caravans: a caravan action, a farewell or pass"
    if type(move.caravan) is not int or not 0 <= move.caravan < CARAVANS:
        return "caravans are numbered 0, 1, 2"
    return action_reason(s, seat, move)


def action_reason(s: KashgarState, seat: int, move) -> str:
    card = s.seats[seat].caravans[move.caravan][0]
    person = PERSONS[card]
    if isinstance(move, Pass):
        return f"the {person.name} may not pass: choose one of its actions"
    actions = person.caravan if isinstance(move, CaravanAction) else person.farewell
    kind = "caravan action" if isinstance(move, CaravanAction) else "farewell action"
    if not 0 <= move.action < len(actions):
        return f"the {person.name} has no {kind} number {move.action}"
    act = actions[move.action]
    if not fx.pay_options(s.seats[seat].board, act.cost):
        return f"you cannot pay the {person.name}'s {kind}"
    return f"the {person.name}'s {kind} cannot be carried out with these choices"


# --- what a seat that ran out of time plays ------------------------------------------------------
def timeout_move(s, seat: int):
    """The default when `seat` runs out of time: the quietest legal move (it passes, keeps what it was offered),
    else its first legal move; None when it has nothing to decide."""
    return default_among(legal_moves(s, seat), "pass", "keep")
