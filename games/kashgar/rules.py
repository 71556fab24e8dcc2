"""Kashgar's rules in the order of the specification: setup (2), the turn (4), and what the log shows.
Who acts and what is random are in `turn.py`, card effects in `effects.py`, the steps inside a turn
and its end (7) in `steps.py`, the legal moves in `legal.py`, victory points and the winner in
`scoring.py`. Every move, the engine's own included, is checked against the legal moves of the state
it is applied to."""

from __future__ import annotations

from functools import cache
from typing import Any

from games.protocol import CHANCE, IllegalMove

from . import effects as fx
from . import legal, steps
from .content import (
    ADDITIONAL_COPIES,
    ALL_ORDERS,
    CARAVANS,
    DISPLAY_SIZE,
    FARMER,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PATRIARCH,
    PERSONS,
    START_CARDS_EACH,
    START_VALUE,
    deck_of,
)
from .moves import Arrange, CaravanAction, DrawOrder, Farewell, FulfilDrawn, Keep, Pass, PlaceStartCards, ReplaceDisplay
from .scoring import vps
from .seats import boxed, drawn_from, put, replace, with_caravan
from .state import KashgarState, Pending, Player
from .turn import _draw, actors, chance, drawn


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


def _drawn(before: tuple[str, ...], cls, card) -> tuple[str, ...]:
    """The pool after `card` was drawn from it (its odds handed on: turn.drawn)."""
    rest = drawn_from(before, card)
    if rest is None:
        raise IllegalMove("that card is not in the deck")
    return drawn(cls, before, rest, card)


# --- applying a move: always checked against the legal moves of this state ------------------------
def apply(s: KashgarState, seat: int, move) -> KashgarState:
    if seat == CHANCE:
        if CHANCE not in actors(s):
            raise IllegalMove(legal.refusal(s, seat, move))
        return steps.advance(_apply_chance(s, move))
    known: dict[Any, Any] = s.__dict__  # the legal moves kept on the state by seat (legal.moves_of)
    if move not in (known.get(seat) or legal.moves_of(s, seat)):
        raise IllegalMove(legal.refusal(s, seat, move))
    if s.pending is not None:
        return steps.advance(steps.decide(s, move))
    if s.phase == "play":
        return _start_action(s, seat, move)
    return _place_start_cards(s, seat, move)


def _place_start_cards(s: KashgarState, seat: int, move: PlaceStartCards) -> KashgarState:
    p = s.seats[seat]
    seats = put(s.seats, seat, Player(p.board, tuple((PATRIARCH, c) for c in move.cards), p.orders, ()))
    if any(q.dealt for q in seats):
        return replace(s, seats=seats)
    # 2.9: the lowest start-card rank starts
    rank = {i: min(PERSONS[c[1]].rank for c in q.caravans) for i, q in enumerate(seats)}
    first = min(rank, key=rank.__getitem__)
    return replace(s, seats=seats, phase="play", start_player=first, current=first)


def _apply_chance(s: KashgarState, move) -> KashgarState:
    pool, cls = _draw(s)
    if type(move) is not cls:
        raise IllegalMove("that card is not in the deck")
    card = move.order if isinstance(move, DrawOrder) else move.card
    rest = _drawn(getattr(s, pool), cls, card)
    if s.phase == "display":
        display = s.display + (card,)
        return replace(s, order_pool=rest, display=display, phase="deal" if len(display) == DISPLAY_SIZE else s.phase)
    if s.phase == "deal":
        dealt = sum(len(p.dealt) for p in s.seats)
        seat = dealt // START_CARDS_EACH
        p = s.seats[seat]
        seats = put(s.seats, seat, Player(p.board, p.caravans, p.orders, p.dealt + (card,)))
        return replace(s, start_pool=rest, seats=seats,
                       phase="place" if dealt + 1 == START_CARDS_EACH * s.players else s.phase)
    pend = s.pending
    assert pend is not None  # in play, a card is drawn for the pending action (turn._draw)
    if pend.step == "refill":
        return replace(s, order_pool=rest, display=s.display + (card,))
    return replace(s, **{pool: rest}, pending=replace(pend, drawn=pend.drawn + ((card, 1 << pend.seat),), need=pend.need - 1))


def _start_action(s: KashgarState, seat: int, move) -> KashgarState:
    """A) caravan action, B) farewell or C) pass with a front card (a legal move)."""
    kind = type(move)
    c = move.caravan
    p = s.seats[seat]
    car = p.caravans[c]
    card = car[0]
    if kind is Pass:  # C) the card moves to the end; nothing else
        return steps.close_turn(s, seat, (), with_caravan(s.seats, seat, c, car[1:] + (card,)))
    act, tracked, farewell, cost = _action(kind is Farewell, card, move.action)
    vp_before = vps(s) if tracked else ()
    rest = list(car[1:])
    if farewell:  # B) the card leaves the game, pay, carry out
        box = boxed(s, card)
    else:  # A) move to the end, pay, carry out
        box = None
        rest.append(card)
    b = list(p.board)
    for r, n in cost:
        b[r] -= n
    for sp in move.pay:
        b[fx.INDEX[sp]] -= 1
    effect = act.effect
    if effect[0] in fx.OWN_ONLY:
        fx.own_effect(b, rest, effect, move)
        return steps.close_turn(s, seat, vp_before, with_caravan(s.seats, seat, c, rest, b), box)
    s = replace(s, seats=with_caravan(s.seats, seat, c, rest, b), box=s.box if box is None else box)
    s, pending = fx.carry_out(s, seat, c, effect, move, Pending(step="", seat=seat, caravan=c, card=card,
                                                                 vp_before=vp_before))
    if pending is None:
        return steps.close_turn(s, seat, vp_before)
    return steps.advance(replace(s, pending=pending))


@cache  # at most every card's actions
def _action(farewell: bool, card: str, action: int) -> tuple:
    """(the Action, tracked for VP, farewell, cost pairs) of a caravan action or a farewell with this card."""
    person = PERSONS[card]
    act = (person.farewell if farewell else person.caravan)[action]
    # VP can only change when cards join or leave a caravan or orders are fulfilled (tie-break)
    tracked = act.effect[0] in fx.VP_EFFECTS or (farewell and bool(person.vp or card == FARMER))
    cost = tuple((r, n) for r, n in enumerate(act.cost.board) if n)
    return act, tracked, farewell, cost


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
        person = None if card is None else PERSONS.get(card)
        acts = (person.caravan if isinstance(move, CaravanAction) else person.farewell) if person else ()
        return 0 <= move.action < len(acts) and acts[move.action].effect[0].startswith(("draw", "look"))
    return False
