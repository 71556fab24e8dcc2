"""Selling goods (5.1): a revealed bundle brings its table value and goes to the box; and whether a
merchant can still raise money (card III with a good, or a liquidity card). The rules sell in a
turn, the rulers (5.4) when a merchant must pay."""

from __future__ import annotations

import msgspec

from games.protocol import IllegalMove

from .content import LIQUIDITY, SELL_ANY_TIME
from .scoring import bundle_problem, bundle_value
from .state import Merchant, YangtzeState, plus, put, without

replace = msgspec.structs.replace


def can_raise_money(m: Merchant) -> bool:
    """Card III (with a good to sell) or a liquidity card can still bring in money."""
    return any(c in LIQUIDITY for c in m.cards) or (SELL_ANY_TIME in m.cards and bool(m.goods))


def sell(s: YangtzeState, seat: int, tiles: tuple[str, ...]) -> YangtzeState:
    """Reveal a bundle, gain its table value; the tiles go to the box."""
    m = s.merchants[seat]
    problem = bundle_problem(tiles, m.goods)
    if problem:
        raise IllegalMove(problem)
    m = replace(m, money=m.money + bundle_value(tiles), goods=without(m.goods, tiles), hidden=without(m.hidden, tiles))
    return replace(s, merchants=put(s.merchants, seat, m), box=plus(s.box, tiles))
