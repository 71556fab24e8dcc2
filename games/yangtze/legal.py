"""Every legal move of a seat now (and only those), from lists made once and memoised by value (the
same screens and rivers come back again and again), and why a purchase is refused. The other refusals
are said by the rules as they apply a move (`IllegalMove`), and why a bundle may not be sold by
`scoring.bundle_problem`."""

from __future__ import annotations

from functools import lru_cache

from games.protocol import CHANCE, IllegalMove, default_among

from . import turn
from .content import DOUBLE_PURCHASE, FREE_PURCHASE, LIQUIDITY, PAYMENT_RULERS, PRICES, RIVER_POSITIONS, SELL_ANY_TIME
from .moves import (
    Bid,
    Buy,
    Cash,
    Clear,
    Decline,
    EndTurn,
    Exchange,
    MarketSale,
    PassBid,
    Pay,
    Sell,
    SellWithCardIII,
    Surrender,
)
from .scoring import bundles
from .state import YangtzeState

POSITIONS = range(1, RIVER_POSITIONS + 1)  # P1 (the open end) to P8 (Shanghai)
DEAREST = 2 * max(PRICES)  # the most a purchase can cost (two goods with card I): more money buys nothing more
END_TURN, PASS_BID, PAY, DECLINE = EndTurn(), PassBid(), Pay(), Decline()
PREMADE_BIDS = 1000  # bids up to this are made once; higher ones when asked for
BIDS = [Bid(amount=a) for a in range(PREMADE_BIDS)]
CASH = {c: Cash(card=c) for c in LIQUIDITY}


# --- cached lists of moves (the same screens and rivers come back again and again) --------------------
@lru_cache(maxsize=4096)
def _sells(goods: tuple[str, ...]) -> tuple[Sell, ...]:
    return tuple(Sell(tiles=b) for b in bundles(goods))


@lru_cache(maxsize=4096)
def _sells_iii(goods: tuple[str, ...]) -> tuple[SellWithCardIII, ...]:
    return tuple(SellWithCardIII(tiles=b) for b in bundles(goods))


@lru_cache(maxsize=4096)
def _market_sales(goods: tuple[str, ...]) -> tuple[MarketSale, ...]:
    return tuple(MarketSale(tiles=b) for b in bundles(goods))


@lru_cache(maxsize=4096)
def _buys(occupied: tuple[int, ...], money: int, double: bool, free: bool) -> tuple[Buy, ...]:
    """Every purchase the money allows: one good (also free with II), two with I (either free with II)."""
    out = []
    for p in occupied:
        if PRICES[p - 1] <= money:
            out.append(Buy(positions=(p,)))
        if free:
            out.append(Buy(positions=(p,), free=p))
    if double:
        for i, p in enumerate(occupied):
            for q in occupied[i + 1 :]:
                pp, pq = PRICES[p - 1], PRICES[q - 1]
                if pp + pq <= money:
                    out.append(Buy(positions=(p, q)))
                if free and pq <= money:
                    out.append(Buy(positions=(p, q), free=p))
                if free and pp <= money:
                    out.append(Buy(positions=(p, q), free=q))
    return tuple(out)


def bids(lowest: int, highest: int) -> list[Bid]:
    """Bid moves from `lowest` to `highest` coins (a bid is any amount above the high bid, up to the
    bidder's money)."""
    if highest < len(BIDS):
        return BIDS[lowest : highest + 1]
    return [Bid(amount=a) for a in range(lowest, highest + 1)]


def legal_moves(s: YangtzeState, seat: int) -> list:
    if seat == CHANCE:
        return list(turn.chance(s).outcomes) if s.phase in turn.CHANCE_PHASES else []
    if seat != turn.decider(s):
        return []
    m = s.merchants[seat]
    phase = s.phase
    moves: list = []
    if phase == "turn":
        moves.extend(_sells(m.goods))
        occupied = tuple(p for p in POSITIONS if s.river[p - 1])
        moves.extend(_buys(occupied, min(m.money, DEAREST), DOUBLE_PURCHASE in m.cards, FREE_PURCHASE in m.cards))
        moves.append(END_TURN)
    elif phase == "auction":
        assert s.auction is not None  # the auction phase holds its auction
        moves.append(PASS_BID)
        moves.extend(bids(s.auction.high_bid + 1, m.money))
    else:  # ruler
        moves.extend(_ruler_choices(s, seat))
    if s.selling_with_iii == seat and phase != "turn":
        moves.extend(_sells(m.goods))
    for c in m.cards:
        if c in CASH:
            moves.append(CASH[c])
    if SELL_ANY_TIME in m.cards:
        moves.extend(_sells_iii(m.goods))
    return moves

def _ruler_choices(s: YangtzeState, seat: int) -> list:
    assert s.ruling is not None  # asked only in the ruler phase, which holds its ruling
    ruler, m = s.ruling.ruler, s.merchants[seat]
    if ruler in PAYMENT_RULERS:
        return [PAY]
    if ruler == "R05":
        return [DECLINE, *_market_sales(m.goods)]
    if ruler == "R06":
        return [DECLINE] + [
            Exchange(tile=t, position=p) for t in m.goods for p in POSITIONS if s.river[p - 1]
        ]
    if ruler == "R07":
        return [DECLINE] + [Clear(tile=t) for t in m.goods]
    return [Surrender(tile=t) for t in m.goods] if m.goods else [DECLINE]  # R12


# --- why a purchase is refused (5.2) -----------------------------------------------------------------
def purchase_cost(s: YangtzeState, seat: int, positions: tuple[int, ...], free: int) -> int:
    """What the purchase costs, or IllegalMove when it may not be made."""
    m = s.merchants[seat]
    if len(positions) not in (1, 2):
        raise IllegalMove("buy one good, or two with card I")
    if len(positions) == 2:
        if DOUBLE_PURCHASE not in m.cards:
            raise IllegalMove("buying two goods needs card I, which you no longer have")
        if positions[0] >= positions[1]:
            raise IllegalMove("give two different positions in ascending order, e.g. [5, 8]")
    for p in positions:
        if not 1 <= p <= RIVER_POSITIONS:
            raise IllegalMove(f"the river's positions are 1 to {RIVER_POSITIONS}")
        if not s.river[p - 1]:
            raise IllegalMove(f"there is no good at position {p}")
    if free:
        if FREE_PURCHASE not in m.cards:
            raise IllegalMove("a free good needs card II, which you no longer have")
        if free not in positions:
            raise IllegalMove("card II must make one of the goods you buy free")
    cost = sum(PRICES[p - 1] for p in positions if p != free)
    if cost > m.money:
        raise IllegalMove(f"this costs {cost} and you have {m.money}; cash a card or sell first")
    return cost


# --- what a seat that ran out of time plays ------------------------------------------------------
def timeout_move(s, seat: int):
    """The default when `seat` runs out of time: the quietest legal move (it passes a bid, ends its
    turn, declines), else its first legal move; None when it has nothing to decide."""
    return default_among(legal_moves(s, seat), "pass-bid", "end-turn", "decline")
