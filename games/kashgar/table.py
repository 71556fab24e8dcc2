"""A mutable working copy of the state for one `apply`, and the deck operations (section 6.4).

`Table(state)` copies what an action may change into lists; `freeze()` builds the next frozen state.
The frozen state is never mutated.
"""

from __future__ import annotations

import msgspec

from .cards import CAPS, DISPLAY_SIZE, FARMER, ORDERS, PERSONS
from .state import PUBLIC, KashgarState, Pending, Player, Slot


class _Rows:
    """One part of every player (board, caravans or orders) as mutable lists, copied per seat on first
    use: the seats an action never touches keep their frozen values."""

    __slots__ = ("seats", "rows")

    def __init__(self, seats):
        self.seats = seats
        self.rows = [None] * len(seats)

    def __setitem__(self, i, value):
        self.rows[i] = value


class _Boards(_Rows):
    __slots__ = ()

    def __getitem__(self, i):
        r = self.rows[i]
        if r is None:
            r = self.rows[i] = list(self.seats[i].board)
        return r


class _Caravans(_Rows):
    __slots__ = ()

    def __getitem__(self, i):
        r = self.rows[i]
        if r is None:
            r = self.rows[i] = [list(c) for c in self.seats[i].caravans]
        return r


class _Orders(_Rows):
    __slots__ = ()

    def __getitem__(self, i):
        r = self.rows[i]
        if r is None:
            r = self.rows[i] = list(self.seats[i].orders)
        return r


class Table:
    __slots__ = ("s", "n", "boards", "caravans", "orders", "dealt", "f", "pending")

    def __init__(self, s: KashgarState):
        self.s = s
        self.n = s.players
        self.f: dict = {}  # changed scalar fields of the state
        self.pending: Pending | None = s.pending
        # boards, caravans, orders, dealt: created on first use (see __getattr__)

    @classmethod
    def reading(cls, s: KashgarState) -> "Table":
        """A read-only table (no copies) for listing legal moves."""
        t = cls.__new__(cls)
        t.s = s
        t.n = s.players
        seats = s.seats
        t.boards = [p.board for p in seats]
        t.caravans = [p.caravans for p in seats]
        t.orders = [p.orders for p in seats]
        t.dealt = [p.dealt for p in seats]
        t.f = {}
        t.pending = s.pending
        return t

    def __getattr__(self, name):
        if name in _PLAYER_PARTS:  # the players' parts, copied seat by seat on first use
            seats = self.s.seats
            self.boards = _Boards(seats)
            self.caravans = _Caravans(seats)
            self.orders = _Orders(seats)
            self.dealt = [p.dealt for p in seats]
            return getattr(self, name)
        return getattr(self.s, name)  # unchanged state fields read through

    def get(self, name):
        f = self.f
        return f[name] if name in f else getattr(self.s, name)

    def set(self, name, value):
        self.f[name] = value

    def freeze(self) -> KashgarState:
        s = self.s
        try:
            boards = object.__getattribute__(self, "boards")
        except AttributeError:  # no player was touched
            return msgspec.structs.replace(s, pending=self.pending, **self.f)
        seats = []
        for p, b, cs, o, d in zip(s.seats, boards.rows, self.caravans.rows, self.orders.rows, self.dealt):
            if b is None and cs is None and o is None and d is p.dealt:
                seats.append(p)
            else:
                seats.append(Player(p.board if b is None else tuple(b),
                                    p.caravans if cs is None else tuple(tuple(c) for c in cs),
                                    p.orders if o is None else tuple(o), d))
        return msgspec.structs.replace(s, seats=tuple(seats), pending=self.pending, **self.f)

    # --- the player board: increase, set, decrease, pay -------------------------------------------
    def gain(self, seat: int, r: int, n: int) -> None:
        """Increase: whatever would exceed the maximum is lost."""
        b = self.boards[seat]
        b[r] = min(b[r] + n, CAPS[r])

    def lose(self, seat: int, r: int, n: int) -> int:
        """Decrease (effects on other players): never below 0. Returns what was actually lost."""
        b = self.boards[seat]
        lost = min(b[r], n)
        b[r] -= lost
        return lost

    def pay(self, seat: int, cost: tuple[int, ...]) -> None:
        b = self.boards[seat]
        for r, c in enumerate(cost):
            if c:
                assert b[r] >= c, "costs are checked before they are paid"
                b[r] -= c

    # --- victory points (section 7) ---------------------------------------------------------------
    def vp(self, seat: int) -> int:
        try:
            cars = object.__getattribute__(self, "caravans")
        except AttributeError:  # no player touched yet
            return player_vp(self.s.seats[seat])
        if type(cars) is _Caravans and cars.rows[seat] is None and self.orders.rows[seat] is None:
            return player_vp(self.s.seats[seat])  # this seat's cards and orders are unchanged
        return vp_of(self.orders[seat], cars[seat])

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
_PLAYER_PARTS = frozenset({"boards", "caravans", "orders", "dealt"})


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


_SEAT_VP: dict = {}  # id(player) -> (player, VP): players unchanged by a move are shared by the next state


def player_vp(p: Player) -> int:
    e = _SEAT_VP.get(id(p))
    if e is not None and e[0] is p:
        return e[1]
    v = vp_of(p.orders, p.caravans)
    if len(_SEAT_VP) >= 20_000:
        _SEAT_VP.clear()
    _SEAT_VP[id(p)] = (p, v)
    return v


def carry_vp(old: Player, new: Player, change: int) -> None:
    """Note the VP of `new` as those of `old` plus `change`, if the VP of `old` are known."""
    e = _SEAT_VP.get(id(old))
    if e is not None and e[0] is old:
        if len(_SEAT_VP) >= 20_000:
            _SEAT_VP.clear()
        _SEAT_VP[id(new)] = (new, e[1] + change)


def public_mask(n: int) -> int:
    return PUBLIC | ((1 << n) - 1)
