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
from .state import YangtzeState

_GOOD_SET = frozenset(GOODS)


def view(s: YangtzeState, seat: int | None, result=None) -> dict:
    """Everything public, plus the seat's own screen. Opponents' goods that were bought, exchanged
    in or otherwise shown are public; their starting goods are only counted. After the end: all, and
    each seat's final scoring."""
    over = s.phase == "over"
    waiting = None
    if s.phase in ("river", "starting-goods", "start-player", "draw"):
        waiting = "chance"
    elif s.phase == "turn":
        waiting = s.active
    elif s.phase == "auction":
        waiting = s.auction.turn
    elif s.phase == "ruler":
        waiting = s.ruling.waiting[0]
    players = []
    for i, m in enumerate(s.merchants):
        coins, marker = coins_and_marker(m.money)
        sees_all = over or i == seat
        players.append(
            {
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
        )
    rulers_in_bag = sum(1 for t in s.bag if TILE_KIND[t] == "ruler")
    settlements_in_bag = sum(1 for t in s.bag if TILE_KIND[t] == "settlement")
    auction = None
    if s.auction is not None:
        a = s.auction
        auction = {
            "tile": a.tile,
            "high_bid": a.high_bid,
            "high_bidder": a.high_bidder if a.high_bidder >= 0 else None,
            "passed": [i for i, p in enumerate(a.passed) if p],
            "turn": a.turn,
        }
    ruling = None
    if s.ruling is not None:
        name, optional, text = RULERS[s.ruling.ruler]
        ruling = {
            "ruler": s.ruling.ruler,
            "name": name,
            "optional": optional,
            "instruction": text,
            "asked": s.ruling.waiting[0],
            "waiting": list(s.ruling.waiting),
        }
    return {
        "game": "yangtze",
        "phase": s.phase,
        "players_count": s.players,
        "you": seat,
        "active": s.active if s.phase not in ("river", "starting-goods", "start-player") else None,
        "waiting_for": waiting,
        "turn": s.turn_number,
        "river": [{"position": p + 1, "price": PRICES[p], "good": s.river[p] or None} for p in range(8)],
        "rulers": [{"ruler": r, "name": RULERS[r][0]} for r in s.rulers],
        "rulers_left": LAST_RULER - len(s.rulers),
        "bag": {
            "tiles": len(s.bag),
            "goods": len(s.bag) - rulers_in_bag - settlements_in_bag,
            "rulers": rulers_in_bag,
            "settlements": settlements_in_bag,
        },
        "to_draw": s.to_draw,
        "acted_this_turn": s.acted,
        "pass_turns": s.pass_turns,
        "players": players,
        "auction": auction,
        "ruling": ruling,
        "selling_with_iii": s.selling_with_iii if s.selling_with_iii >= 0 else None,
        "box": list(s.box),
        "ended_by": s.ended_by or None,
        "final_scoring": final_breakdown(s.merchants) if over else None,  # per seat: money, goods, ... total (8)
        "result": None
        if result is None
        else {"scores": list(result.scores), "ranks": list(result.ranks), "detail": result.detail},
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
