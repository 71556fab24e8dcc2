"""Changing a frozen state: one seat's board or caravans (section 5: increase, decrease, set) and the
decks and piles (section 6.4). Every function returns new values; nothing is mutated."""

from __future__ import annotations

from bisect import bisect_left, insort

import msgspec

from .content import CAPS, DISPLAY_SIZE
from .state import KashgarState, Player, Slot

replace = msgspec.structs.replace


# --- one seat ---------------------------------------------------------------------------------------
def put(seats: tuple, q: int, player: Player) -> tuple:
    return seats[:q] + (player,) + seats[q + 1:]


def with_board(seats: tuple, q: int, board) -> tuple:
    p = seats[q]
    return seats[:q] + (Player(tuple(board), p.caravans, p.orders, p.dealt),) + seats[q + 1:]


def with_caravan(seats: tuple, q: int, k: int, car, board=None) -> tuple:
    """Caravan `k` of seat `q` replaced (and its board, when given)."""
    p = seats[q]
    cars = list(p.caravans)
    cars[k] = tuple(car)
    out = list(seats)
    out[q] = Player(p.board if board is None else tuple(board), tuple(cars), p.orders, p.dealt)
    return tuple(out)


def gain(seats: tuple, q: int, r: int, n: int) -> tuple:
    """Increase: whatever would exceed the maximum is lost."""
    b = list(seats[q].board)
    b[r] = min(b[r] + n, CAPS[r])
    return with_board(seats, q, b)


def lose(seats: tuple, q: int, r: int, n: int) -> tuple[tuple, int]:
    """Decrease (effects on other players): never below 0. Also returns what was actually lost."""
    b = list(seats[q].board)
    lost = min(b[r], n)
    b[r] -= lost
    return with_board(seats, q, b), lost


def set_to(seats: tuple, q: int, r: int, n: int) -> tuple:
    b = list(seats[q].board)
    b[r] = n
    return with_board(seats, q, b)


def pay(board: list, cost) -> None:
    """Pay `cost` (a 7-tuple) from the list `board`."""
    for r, c in enumerate(cost):
        if c:
            assert board[r] >= c, "costs are checked before they are paid"
            board[r] -= c


# --- the standard discard pile and the box --------------------------------------------------------
def discarded(s: KashgarState, cards) -> tuple[str, ...]:
    return tuple(sorted(s.discard + tuple(cards)))


def boxed(s: KashgarState, card: str) -> tuple[str, ...]:
    box = list(s.box)
    insort(box, card)
    return tuple(box)


# --- the order display (6.2 step 4, 6.3) -----------------------------------------------------------
def without(cards: tuple, card: str) -> tuple:
    """`cards` with one copy of `card` taken out."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def drawn_from(pool: tuple[str, ...], card) -> tuple[str, ...] | None:
    """A pool (sorted) with one copy of `card` drawn from it; None when `card` is not in it."""
    if type(card) is not str:
        return None
    i = bisect_left(pool, card)
    if i == len(pool) or pool[i] != card:
        return None
    return pool[:i] + pool[i + 1:]


def display_needs_refill(s: KashgarState) -> bool:
    return len(s.display) < DISPLAY_SIZE and bool(s.order_pool or s.order_under)


# --- drawing from a deck: pool (chance) first, then the known cards under it -----------------------
def take_known(s: KashgarState, pool_name: str, under_name: str) -> tuple[KashgarState, Slot | None]:
    """The top card when it is a known slot (under a deck whose pool is used up), else None."""
    if getattr(s, pool_name):
        return s, None
    under = getattr(s, under_name)
    if not under:
        return s, None
    return replace(s, **{under_name: under[1:]}), under[0]


def fulfilled(s: KashgarState, seat: int, order: str, price) -> tuple:
    """The seats after `seat` paid `price` for `order` and took it."""
    p = s.seats[seat]
    b = list(p.board)
    pay(b, price)
    return put(s.seats, seat, Player(tuple(b), p.caravans, p.orders + (order,), p.dealt))

