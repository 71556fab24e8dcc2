"""Kashgar's rules in the order of the specification: setup (2), who acts and what is random, the
turn (4), and what the log shows. Card effects are in `effects.py`, the steps inside a turn and its
end (7) in `steps.py`, the legal moves in `legal.py`, victory points and the winner in `scoring.py`.
Every move, the engine's own included, is checked against the legal moves of the state it is
applied to."""

from __future__ import annotations

from collections import Counter

from games.protocol import CHANCE, ChanceSpec, IllegalMove

from . import effects as fx
from . import legal, steps
from .content import (ADDITIONAL_COPIES, ALL_ORDERS, CARAVANS, DISPLAY_SIZE, FARMER, MAX_PLAYERS, MIN_PLAYERS, ORDERS,
                      PATRIARCH, PERSONS, START_CARDS_EACH, START_VALUE, deck_of)
from .moves import (Arrange, CaravanAction, DealStart, DrawCard, DrawOrder, Farewell, FulfilDrawn, Keep, Pass,
                    PlaceStartCards, ReplaceDisplay)
from .scoring import all_vp
from .seats import boxed, put, replace, with_caravan, without
from .state import KashgarState, Pending, Player

NO_CHANCE = frozenset({CHANCE})
ONLY = tuple(frozenset((i,)) for i in range(MAX_PLAYERS))  # {seat}


# --- 2. setup ----------------------------------------------------------------------------------------
def variant_cards(option) -> tuple[str, ...]:
    """The additional cards of "Hauen und Stechen": "none", "all", or a list of card names."""
    if option in (None, "none"):
        return ()
    names = list(ADDITIONAL_COPIES) if option == "all" else option
    if isinstance(names, str):
        names = [names]
    if "all" in names:
        names = list(ADDITIONAL_COPIES)
    names = [x for x in dict.fromkeys(names) if x != "none"]
    bad = [x for x in names if x not in ADDITIONAL_COPIES]
    if bad:
        raise ValueError(f"unknown additional card(s): {bad}")
    return tuple(sorted(ADDITIONAL_COPIES[x] for x in names))


def setup(players: int, options: dict) -> KashgarState:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Kashgar is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
    variant = variant_cards(options.get("hauen_und_stechen", "none"))
    seat = Player(board=(START_VALUE,) * 7, caravans=((PATRIARCH,),) * CARAVANS)
    return KashgarState(
        players=players, variant=variant, seats=(seat,) * players,
        last_vp_change=(-1,) * players,
        start_pool=deck_of("start"),
        std_pool=tuple(sorted(deck_of("standard") + variant)),
        special_pool=deck_of("special"),
        order_pool=ALL_ORDERS,
    )


# --- who acts, and what is random ------------------------------------------------------------------
def actors(s: KashgarState) -> frozenset[int]:
    ph = s.phase
    if ph == "play":
        p = s.pending
        if p is None:
            return ONLY[s.current]
        if p.step in ("draw", "refill"):
            return NO_CHANCE
        return ONLY[p.target if p.step == "respond" else p.seat]
    if ph in ("display", "deal"):
        return NO_CHANCE
    if ph == "place":
        return frozenset((next(i for i, p in enumerate(s.seats) if p.dealt),))
    return frozenset()


# the chance moves, built once: move class -> card (or order) id -> move
_OUTCOMES = {DrawCard: {c: DrawCard(card=c) for c in PERSONS}, DealStart: {c: DealStart(card=c) for c in PERSONS},
             DrawOrder: {o: DrawOrder(order=o) for o in ORDERS}}


def _weighted(pool, cls):
    """Outcomes and weights of drawing the top card of a shuffled pool (sorted: equal cards adjacent)."""
    counts = Counter(pool)  # keeps the pool's (sorted) order
    return tuple(map(_OUTCOMES[cls].__getitem__, counts)), tuple(counts.values())


_POOL = {"standard": "std_pool", "look": "std_pool", "special": "special_pool", "orders": "order_pool"}
_LABEL = {"standard": "draw the top standard card", "look": "look at the top standard card",
          "special": "draw the top special card", "orders": "draw the top order card"}


def chance(s: KashgarState) -> ChanceSpec:
    if s.phase == "display" or (s.pending is not None and s.pending.step == "refill"):
        o, w = _weighted(s.order_pool, DrawOrder)
        return ChanceSpec("reveal the top order card into the display", o, w)
    if s.phase == "deal":
        o, w = _weighted(s.start_pool, DealStart)
        return ChanceSpec("deal a start card", o, w)
    p = s.pending
    o, w = _weighted(getattr(s, _POOL[p.deck]), DrawOrder if p.deck == "orders" else DrawCard)
    return ChanceSpec(_LABEL[p.deck], o, w, visible_to=(p.seat,))


# --- applying a move: always checked against the legal moves of this state ------------------------
def apply(s: KashgarState, seat: int, move) -> KashgarState:
    if s.phase == "play" and s.pending is None:  # a turn begins
        if seat != s.current:
            raise IllegalMove("it is not your turn")
        return _start_action(s, seat, move)
    if seat not in actors(s):
        raise IllegalMove("it is not your turn" if s.phase != "over" else "the game is over")
    if seat == CHANCE:
        return steps.advance(_apply_chance(s, move))
    if s.phase == "place":
        return _place_start_cards(s, seat, move)
    if move not in legal.pending_moves(s, s.pending):
        raise IllegalMove(legal.pending_reason(s.pending, move))
    return steps.advance(steps.decide(s, move))


def _place_start_cards(s: KashgarState, seat: int, move) -> KashgarState:
    p = s.seats[seat]
    if not isinstance(move, PlaceStartCards) or sorted(move.cards) != sorted(p.dealt):
        raise IllegalMove("place your three dealt start cards, one behind each Patriarch")
    seats = put(s.seats, seat, Player(p.board, tuple((PATRIARCH, c) for c in move.cards), p.orders, ()))
    if any(q.dealt for q in seats):
        return replace(s, seats=seats)
    # 2.9: the lowest start-card rank starts
    rank = {i: min(PERSONS[c[1]].rank for c in q.caravans) for i, q in enumerate(seats)}
    first = min(rank, key=rank.get)
    return replace(s, seats=seats, phase="play", start_player=first, current=first)


def _apply_chance(s: KashgarState, move) -> KashgarState:
    if not _chance_possible(s, move):
        raise IllegalMove("that card is not in the deck")
    if s.phase == "display":
        display = s.display + (move.order,)
        return replace(s, order_pool=without(s.order_pool, move.order), display=display,
                       phase="deal" if len(display) == DISPLAY_SIZE else s.phase)
    if s.phase == "deal":
        dealt = sum(len(p.dealt) for p in s.seats)
        seat = dealt // START_CARDS_EACH
        p = s.seats[seat]
        seats = put(s.seats, seat, Player(p.board, p.caravans, p.orders, p.dealt + (move.card,)))
        return replace(s, start_pool=without(s.start_pool, move.card), seats=seats,
                       phase="place" if dealt + 1 == START_CARDS_EACH * s.players else s.phase)
    p = s.pending
    if p.step == "refill":
        return replace(s, order_pool=without(s.order_pool, move.order), display=s.display + (move.order,))
    pool = _POOL[p.deck]
    card = move.order if p.deck == "orders" else move.card
    return replace(s, **{pool: without(getattr(s, pool), card)},
                   pending=replace(p, drawn=p.drawn + ((card, 1 << p.seat),), need=p.need - 1))


def _chance_possible(s: KashgarState, move) -> bool:
    if s.phase == "deal":
        return isinstance(move, DealStart) and move.card in s.start_pool
    if s.phase == "display" or s.pending.step == "refill":
        return isinstance(move, DrawOrder) and move.order in s.order_pool
    if s.pending.deck == "orders":
        return isinstance(move, DrawOrder) and move.order in s.order_pool
    pool = s.special_pool if s.pending.deck == "special" else s.std_pool
    return isinstance(move, DrawCard) and move.card in pool


def _start_action(s: KashgarState, seat: int, move) -> KashgarState:
    """A) caravan action, B) farewell or C) pass with a front card (checked against its legal moves)."""
    kind = type(move)
    if kind not in _USES:
        raise IllegalMove("choose the front card of one of your caravans: a caravan action, a farewell or pass")
    c = move.caravan
    if type(c) is not int or not 0 <= c < CARAVANS:
        raise IllegalMove("caravans are numbered 0, 1, 2")
    p = s.seats[seat]
    car = p.caravans[c]
    card = car[0]
    if move not in legal.card_moves(s, seat, c, card, p.board):
        raise IllegalMove(legal.action_reason(s, seat, move))
    if kind is Pass:  # C) the card moves to the end; nothing else
        return steps.close_turn(s, seat, (), {"seats": with_caravan(s.seats, seat, c, car[1:] + (card,))})
    act, tracked, farewell, cost = _ACTIONS.get((kind, card, move.action)) or _action(kind, card, move.action)
    vp_before = all_vp(s.seats) if tracked else ()
    changes = {}
    rest = list(car[1:])
    if farewell:  # B) the card leaves the game, pay, carry out
        changes["box"] = boxed(s, card)
    else:  # A) move to the end, pay, carry out
        rest.append(card)
    b = list(p.board)
    for r, n in cost:
        b[r] -= n
    for sp in move.pay:
        b[fx.INDEX[sp]] -= 1
    effect = act.effect
    if effect[0] in fx.OWN_ONLY:
        fx.own_effect(b, rest, effect, move)
        changes["seats"] = with_caravan(s.seats, seat, c, rest, b)
        return steps.close_turn(s, seat, vp_before, changes, s.seats)
    seats_before = s.seats
    s = replace(s, seats=with_caravan(s.seats, seat, c, rest, b), **changes)
    pending = Pending(step="", seat=seat, caravan=c, card=card, vp_before=vp_before)
    s, pending = fx.carry_out(s, seat, c, effect, move, pending)
    if pending is None:
        return steps.close_turn(s, seat, vp_before, {}, seats_before)
    return steps.advance(replace(s, pending=pending))


_USES = (CaravanAction, Farewell, Pass)
_ACTIONS: dict = {}  # (move class, card, action number) -> (the Action, tracked for VP, farewell, cost pairs)


def _action(kind, card: str, action: int) -> tuple:
    person = PERSONS[card]
    farewell = kind is Farewell
    act = (person.farewell if farewell else person.caravan)[action]
    # VP can only change when cards join or leave a caravan or orders are fulfilled (tie-break)
    tracked = act.effect[0] in fx.VP_EFFECTS or (farewell and bool(person.vp or card == FARMER))
    cost = tuple((r, n) for r, n in enumerate(act.cost.board) if n)
    found = _ACTIONS[(kind, card, action)] = (act, tracked, farewell, cost)
    return found


# --- what the log shows ---------------------------------------------------------------------------
def visible_to(s: KashgarState, actor: int, move) -> tuple[int, ...] | None:
    if actor == CHANCE:
        return chance(s).visible_to
    if isinstance(move, Arrange):
        return (actor,)  # the new order of the standard deck's top is the Prophet's secret
    return None


def reveals(s: KashgarState, actor: int, move) -> bool:
    if actor == CHANCE:
        return True
    if isinstance(move, (Keep, FulfilDrawn, ReplaceDisplay)):
        return True
    if isinstance(move, (CaravanAction, Farewell)) and s.phase == "play":
        card = s.seats[actor].caravans[move.caravan][0] if 0 <= move.caravan < CARAVANS else None
        person = PERSONS.get(card)
        acts = (person.caravan if isinstance(move, CaravanAction) else person.farewell) if person else ()
        return 0 <= move.action < len(acts) and acts[move.action].effect[0].startswith(("draw", "look"))
    return False
