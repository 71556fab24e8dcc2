"""Who acts in Kashgar and what is random: the seat whose turn it is or who must decide inside an
action, and the chance step due (the top card of a shuffled pool: the start cards dealt (2), the order
display filled, a card drawn or looked at). Read by the rules and by the legal moves, so neither
imports the other."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from functools import lru_cache

from games.protocol import CHANCE, ChanceSpec, Move

from .content import MAX_PLAYERS, ORDERS, PERSONS
from .moves import DealStart, DrawCard, DrawOrder
from .state import KashgarState

NO_CHANCE = frozenset({CHANCE})
ONLY = tuple(frozenset((i,)) for i in range(MAX_PLAYERS))  # {seat}


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
_OUTCOMES: dict[type, dict[str, Move]] = {DrawCard: {c: DrawCard(card=c) for c in PERSONS}, DealStart: {c: DealStart(card=c) for c in PERSONS},
             DrawOrder: {o: DrawOrder(order=o) for o in ORDERS}}
_POOL = {"standard": "std_pool", "look": "std_pool", "special": "special_pool", "orders": "order_pool"}
_LABEL = {"standard": "draw the top standard card", "look": "look at the top standard card",
          "special": "draw the top special card", "orders": "draw the top order card"}


def _draw(s: KashgarState) -> tuple[str, type[DealStart | DrawCard | DrawOrder]]:
    """What a chance step draws from: the pool (its field in the state) and the outcomes' move class."""
    if s.phase == "deal":
        return "start_pool", DealStart
    if s.phase == "display":
        return "order_pool", DrawOrder
    p = s.pending
    assert p is not None  # in play, a card is drawn for the pending action
    if p.step == "refill" or p.deck == "orders":
        return "order_pool", DrawOrder
    return _POOL[p.deck], DrawCard


def chance(s: KashgarState) -> ChanceSpec:
    """The top card of a shuffled pool: each card in it, weighted by its copies."""
    pool, cls = _draw(s)
    _, outcomes, weights = _odds(cls, getattr(s, pool))
    if s.phase == "deal":
        return ChanceSpec("deal a start card", outcomes, weights)
    if s.phase == "display":
        return ChanceSpec("reveal the top order card into the display", outcomes, weights)
    p = s.pending
    assert p is not None  # (as in _draw)
    if p.step == "refill":
        return ChanceSpec("reveal the top order card into the display", outcomes, weights)
    return ChanceSpec(_LABEL[p.deck], outcomes, weights, visible_to=(p.seat,))


class _Drawn:
    """A hint to `_odds_of`: the pool was `before` with `card` drawn, so its odds are those of `before`
    with one copy fewer (quicker than counting the pool again). Not part of the memo's key: every hint
    equals every other and no hint, since the odds of a pool are the same however they are worked out."""

    __slots__ = ("before", "card")

    def __init__(self, before: tuple[str, ...] = (), card: str = "") -> None:
        self.before, self.card = before, card

    def __hash__(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Drawn)


_COUNT = _Drawn()  # no hint: count the pool


@lru_cache(maxsize=256)
def _odds_of(cls, pool: tuple[str, ...], hint: _Drawn) -> tuple[tuple[str, ...], tuple, tuple[int, ...]]:
    """The cards of a pool (sorted: equal cards adjacent), their outcome moves and how many copies of
    each the pool holds; a memo by value of (cls, pool)."""
    if hint.before:
        cards, outcomes, copies = _odds_of(cls, hint.before, _COUNT)
        i = bisect_left(cards, hint.card)
        if copies[i] > 1:
            return cards, outcomes, copies[:i] + (copies[i] - 1,) + copies[i + 1:]
        return cards[:i] + cards[i + 1:], outcomes[:i] + outcomes[i + 1:], copies[:i] + copies[i + 1:]
    counts = Counter(pool)  # keeps the pool's order
    cards = tuple(counts)
    return cards, tuple(map(_OUTCOMES[cls].__getitem__, cards)), tuple(counts.values())


def _odds(cls, pool: tuple[str, ...]) -> tuple[tuple[str, ...], tuple, tuple[int, ...]]:
    return _odds_of(cls, pool, _COUNT)


def drawn(cls, before: tuple[str, ...], rest: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`rest`, the pool `before` with `card` drawn: its odds worked out now from those of `before`
    (the next chance step draws from it), as the pool's are in a search's many draws."""
    _odds_of(cls, rest, _Drawn(before, card))
    return rest
