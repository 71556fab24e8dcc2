"""Victory points (section 7): fulfilled orders plus every person card in the three caravans."""

from __future__ import annotations

from .cards import FARMER, ORDERS, PERSONS

_VP = {cid: p.vp for cid, p in PERSONS.items()}
_VP[FARMER] = 0  # counted by grain fields below
_VPGET = _VP.__getitem__


def vp_of(orders, caravans) -> int:
    """VP = the fulfilled orders + every person card in the three caravans (negative ones too); each
    Farmer is worth one VP per Grain Field its owner has fulfilled."""
    total = 0
    grain = 0
    for o in orders:
        od = ORDERS[o]
        total += od.vp
        grain += od.grain
    for c in caravans:
        total += sum(map(_VPGET, c))
        if grain:
            total += grain * c.count(FARMER)
    return total


def all_vp(seats, known: tuple[int, ...] = (), known_seats: tuple = ()) -> tuple[int, ...]:
    """Every seat's VP; `known` are the VP of `known_seats`, reused for the seats equal to those."""
    if not known:
        return tuple([vp_of(p.orders, p.caravans) for p in seats])
    return tuple([v if p == q else vp_of(p.orders, p.caravans) for p, q, v in zip(seats, known_seats, known)])
