"""What a seat may see (spec section 9), and a full state consistent with it for the AI."""

from __future__ import annotations

import msgspec

from .content import (
    CARD_NAME,
    GOODS,
    LAST_RULER,
    PRICES,
    RULERS,
    TILE_KIND,
    coins_and_marker,
)
from .scoring import final_breakdown
from .state import Merchant, YangtzeState

_GOOD_SET = frozenset(GOODS)


def view(s: YangtzeState, seat: int | None, result=None) -> dict:
    """Everything public, plus the seat's own screen. Opponents' goods that were bought, exchanged
    in or otherwise shown are public; their starting goods are only counted. After the end: all, and
    each seat's final scoring."""
    over = s.phase == "over"
    return {
        "game": "yangtze",
        "phase": s.phase,
        "players_count": s.players,
        "you": seat,
        "active": s.active if s.phase not in ("river", "starting-goods", "start-player") else None,
        "waiting_for": _waiting_for(s),
        "turn": s.turn_number,
        "river": [{"position": p + 1, "price": PRICES[p], "good": s.river[p] or None} for p in range(8)],
        "rulers": [{"ruler": r, "name": RULERS[r][0]} for r in s.rulers],
        "rulers_left": LAST_RULER - len(s.rulers),
        "bag": _bag(s),
        "to_draw": s.to_draw,
        "acted_this_turn": s.acted,
        "pass_turns": s.pass_turns,
        "players": [_merchant(i, m, over or i == seat) for i, m in enumerate(s.merchants)],
        "auction": _auction(s),
        "ruling": _ruling(s),
        "selling_with_iii": s.selling_with_iii if s.selling_with_iii >= 0 else None,
        "box": list(s.box),
        "ended_by": s.ended_by or None,
        "final_scoring": final_breakdown(s.merchants) if over else None,  # per seat: money, goods, ... total (8)
        "result": None
        if result is None
        else {"scores": list(result.scores), "ranks": list(result.ranks), "detail": result.detail},
    }


def _waiting_for(s: YangtzeState) -> str | int | None:
    """Who the game waits for: chance while tiles are drawn, else the seat to act (or to bid, or asked by a ruler)."""
    if s.phase in ("river", "starting-goods", "start-player", "draw"):
        return "chance"
    if s.phase == "turn":
        return s.active
    if s.phase == "auction":
        assert s.auction is not None  # the auction phase holds its auction, the ruler phase its ruling
        return s.auction.turn
    if s.phase == "ruler":
        assert s.ruling is not None
        return s.ruling.waiting[0]
    return None


def _merchant(i: int, m: Merchant, sees_all: bool) -> dict:
    """Seat `i`'s panel: its money in coins and marker, its goods (the secret starting ones only when `sees_all`:
    its own seat, or after the end), settlements and cards."""
    coins, marker = coins_and_marker(m.money)
    return {
        "seat": i,
        "money": m.money,
        "coins_50": coins,
        "marker": marker,
        "goods_count": len(m.goods),
        "goods": list(m.goods) if sees_all else [t for t in m.goods if t not in m.hidden],
        "hidden_goods": len(m.hidden),
        "secret": list(m.hidden) if sees_all else None,
        "settlements": list(m.settlements),
        "cards": list(m.cards),
        "card_names": [CARD_NAME[c] for c in m.cards],
    }


def _bag(s: YangtzeState) -> dict:
    """The bag's tiles counted by kind (never their order)."""
    rulers_in_bag = sum(1 for t in s.bag if TILE_KIND[t] == "ruler")
    settlements_in_bag = sum(1 for t in s.bag if TILE_KIND[t] == "settlement")
    return {
        "tiles": len(s.bag),
        "goods": len(s.bag) - rulers_in_bag - settlements_in_bag,
        "rulers": rulers_in_bag,
        "settlements": settlements_in_bag,
    }


def _auction(s: YangtzeState) -> dict | None:
    """The auction under way: its tile, the high bid and bidder, who passed, whose bid it is."""
    if s.auction is None:
        return None
    a = s.auction
    return {
        "tile": a.tile,
        "high_bid": a.high_bid,
        "high_bidder": a.high_bidder if a.high_bidder >= 0 else None,
        "passed": [i for i, p in enumerate(a.passed) if p],
        "turn": a.turn,
    }


def _ruling(s: YangtzeState) -> dict | None:
    """A ruler's instruction being carried out: the ruler, its words, and the seats it asks in turn."""
    if s.ruling is None:
        return None
    name, optional, text = RULERS[s.ruling.ruler]
    return {
        "ruler": s.ruling.ruler,
        "name": name,
        "optional": optional,
        "instruction": text,
        "asked": s.ruling.waiting[0],
        "waiting": list(s.ruling.waiting),
    }


def determinize(s: YangtzeState, seat: int, rng) -> YangtzeState:
    """Redraw the other players' secret starting goods from the goods `seat` has not seen (those in
    the bag and those secret goods themselves); everything else is public or `seat`'s own."""
    if s.phase == "over":
        return s
    others = [i for i, m in enumerate(s.merchants) if i != seat and m.hidden]
    if not others:
        return s
    pool = [t for t in s.bag if t in _GOOD_SET]
    for i in others:
        pool.extend(s.merchants[i].hidden)
    pool.sort()
    merchants = list(s.merchants)
    for i in others:
        m = merchants[i]
        drawn = []
        for _ in m.hidden:
            drawn.append(pool.pop(rng.randrange(len(pool))))
        public = tuple(t for t in m.goods if t not in m.hidden)
        merchants[i] = msgspec.structs.replace(m, goods=tuple(sorted(public + tuple(drawn))), hidden=tuple(sorted(drawn)))
    bag = tuple(sorted([t for t in s.bag if t not in _GOOD_SET] + pool))
    return msgspec.structs.replace(s, merchants=tuple(merchants), bag=bag)
