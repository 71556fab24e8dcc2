"""Victory points (section 7): fulfilled orders plus every person card in the three caravans."""

from __future__ import annotations

from .cards import FARMER, ORDERS, PERSONS
from .state import Player

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


_PLAYER_VP: dict = {}  # (orders, caravans) -> VP, memoised by value


def player_vp(p: Player) -> int:
    key = (p.orders, p.caravans)
    v = _PLAYER_VP.get(key)
    if v is None:
        if len(_PLAYER_VP) >= 50_000:
            _PLAYER_VP.clear()
        v = _PLAYER_VP[key] = vp_of(p.orders, p.caravans)
    return v


def all_vp(seats) -> tuple[int, ...]:
    return tuple(map(player_vp, seats))
