"""The next state under construction during one `apply`, and the deck operations (section 6.4).

Every move goes the same way: `Table(state)` reads the frozen state and copies, on first write, only
what the move changes (a seat's board, caravans or orders); `freeze()` builds the next frozen state.
The frozen state is never mutated.
"""

from __future__ import annotations

import msgspec

from .cards import CAPS, DISPLAY_SIZE, FARMER, ORDERS, PERSONS
from .state import PUBLIC, KashgarState, Pending, Player, Slot


class _Seat:
    """A seat's parts as mutable lists, copied from its frozen `Player` when a move first changes it.
    It reads like a `Player` (board, caravans, orders, dealt)."""

    __slots__ = ("board", "caravans", "orders", "dealt")

    def __init__(self, p: Player):
        self.board = list(p.board)
        self.caravans = [list(c) for c in p.caravans]
        self.orders = list(p.orders)
        self.dealt = p.dealt

    def freeze(self) -> Player:
        return Player(tuple(self.board), tuple(map(tuple, self.caravans)), tuple(self.orders), self.dealt)


class Table:
    __slots__ = ("s", "n", "f", "pending", "rows")

    def __init__(self, s: KashgarState):
        self.s = s
        self.n = s.players
        self.f: dict = {}  # changed fields of the state
        self.pending: Pending | None = s.pending
        self.rows: dict[int, _Seat] = {}  # the seats this move has changed so far

    def __getattr__(self, name):
        return getattr(self.s, name)  # unchanged state fields read through

    def seat(self, q: int) -> _Seat:
        """Seat `q`, to change (copied on first use)."""
        r = self.rows.get(q)
        if r is None:
            r = self.rows[q] = _Seat(self.s.seats[q])
        return r

    def player(self, q: int) -> _Seat | Player:
        """Seat `q` as it stands now, to read."""
        return self.rows.get(q) or self.s.seats[q]

    def get(self, name):
        f = self.f
        return f[name] if name in f else getattr(self.s, name)

    def set(self, name, value):
        self.f[name] = value

    def freeze(self) -> KashgarState:
        s = self.s
        if not self.rows:
            return msgspec.structs.replace(s, pending=self.pending, **self.f)
        seats = list(s.seats)
        for q, r in self.rows.items():
            seats[q] = r.freeze()
        return msgspec.structs.replace(s, seats=tuple(seats), pending=self.pending, **self.f)

    # --- the player board: increase, set, decrease, pay -------------------------------------------
    def gain(self, seat: int, r: int, n: int) -> None:
        """Increase: whatever would exceed the maximum is lost."""
        b = self.seat(seat).board
        b[r] = min(b[r] + n, CAPS[r])

    def lose(self, seat: int, r: int, n: int) -> int:
        """Decrease (effects on other players): never below 0. Returns what was actually lost."""
        b = self.seat(seat).board
        lost = min(b[r], n)
        b[r] -= lost
        return lost

    def pay(self, seat: int, cost: tuple[int, ...]) -> None:
        b = self.seat(seat).board
        for r, c in enumerate(cost):
            if c:
                assert b[r] >= c, "costs are checked before they are paid"
                b[r] -= c

    # --- victory points (section 7) ---------------------------------------------------------------
    def vp(self, q: int) -> int:
        p = self.rows.get(q) or self.s.seats[q]
        return vp_of(p.orders, p.caravans)

    def all_vp(self) -> tuple[int, ...]:
        return tuple(self.vp(i) for i in range(self.n))

    # --- the standard discard pile and the box ----------------------------------------------------
    def to_discard(self, cards) -> None:
        self.set("discard", tuple(sorted(self.get("discard") + tuple(cards))))

    def to_box(self, card: str) -> None:
        self.set("box", tuple(sorted(self.get("box") + (card,))))

    # --- the order display (6.2 step 4, 6.3) ------------------------------------------------------
    def take_from_display(self, order: str) -> None:
        d = list(self.get("display"))
        d.remove(order)
        self.set("display", tuple(d))

    def order_deck_size(self) -> int:
        return len(self.get("order_pool")) + len(self.get("order_under"))

    def display_needs_refill(self) -> bool:
        return len(self.get("display")) < DISPLAY_SIZE and self.order_deck_size() > 0

    # --- drawing from a deck: pool (chance) first, then the known cards under it -----------------
    def take_known(self, pool_name: str, under_name: str) -> Slot | None:
        """The top card when it is a known slot (under a deck whose pool is used up), else None."""
        if self.get(pool_name):
            return None
        under = self.get(under_name)
        if not under:
            return None
        self.set(under_name, under[1:])
        return under[0]

    def take_from_pool(self, pool_name: str, card: str) -> None:
        pool = list(self.get(pool_name))
        pool.remove(card)
        self.set(pool_name, tuple(pool))


def card_vp(card: str, orders) -> int:
    """A person card's VP; the Farmer is worth one per Grain Field its owner has fulfilled."""
    if card == FARMER:
        return sum(1 for o in orders if ORDERS[o].grain)
    return PERSONS[card].vp


_VP = {cid: p.vp for cid, p in PERSONS.items()}
_VP[FARMER] = 0  # counted by grain fields below
_VPGET = _VP.__getitem__


def vp_of(orders, caravans) -> int:
    """VP = the fulfilled orders + every person card in the three caravans (negative ones too)."""
    total = 0
    grain = 0
    for o in orders:
        od = ORDERS[o]
        total += od.vp
        grain += od.grain
    for c in caravans:
        total += sum(map(_VPGET, c))
        if grain:
            total += grain * c.count(FARMER)  # each Farmer: 1 VP per own Grain Field
    return total


def public_mask(n: int) -> int:
    return PUBLIC | ((1 << n) - 1)
