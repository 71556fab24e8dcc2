"""Resolving a ruler (5.4, with the instructions of 2.4): each player clockwise from the one who drew
it, asking those with a choice."""

from __future__ import annotations

import msgspec

from games.protocol import IllegalMove

from .content import (
    CLEARANCE_REWARD,
    GAIN_RULERS,
    GOODS_CHOICE_RULERS,
    LAST_RULER,
    PAYMENT_RULERS,
    RIVER_POSITIONS,
    RULER_COINS,
    RULER_PER_GOOD,
    RULER_PER_SETTLEMENT,
    RULERS,
)
from .ending import game_over
from .moves import Clear, Decline, Exchange, MarketSale, Pay, Surrender
from .selling import can_raise_money, sell
from .state import Merchant, RulerStep, YangtzeState, plus, put, without

replace = msgspec.structs.replace


def amount(ruler: str, m: Merchant) -> int:
    """The coins a ruler gives or takes: a fixed sum, or so many per settlement tile or per good."""
    if ruler in RULER_COINS:
        return RULER_COINS[ruler]
    if ruler in RULER_PER_SETTLEMENT:
        return RULER_PER_SETTLEMENT[ruler] * len(m.settlements)
    return RULER_PER_GOOD[ruler] * len(m.goods)


def ruler_asks(ruler: str, m: Merchant) -> bool:
    """Whether the ruler waits for this player's decision (5.6, F10). R01-R04 never ask; R05-R07
    and R12 ask a player with a good; a payment asks when something is due and a card could still
    raise money first (with no such card there is nothing to decide: the money is simply taken)."""
    if ruler in GOODS_CHOICE_RULERS:
        return bool(m.goods)
    if ruler in PAYMENT_RULERS:
        return amount(ruler, m) > 0 and can_raise_money(m)
    return False


def automatic(ruler: str, m: Merchant) -> Merchant:
    """The instruction for a player it does not ask."""
    if ruler in GAIN_RULERS:
        return replace(m, money=m.money + amount(ruler, m))
    if ruler in PAYMENT_RULERS:
        return pay(m, amount(ruler, m))
    return m  # R05-R07, R12 with an empty screen: nothing happens


def pay(m: Merchant, due: int) -> Merchant:
    """Payments go to the bank; who cannot pay in full pays everything and ends at 0 (no debt)."""
    return replace(m, money=max(0, m.money - due))


def continue_ruler(s: YangtzeState, ruler: str, waiting: tuple[int, ...]) -> YangtzeState:
    """Apply the ruler to each waiting player in turn until one must decide; when all are done the
    draw loop goes on, or the game ends after the 12th ruler (7.1)."""
    merchants = s.merchants
    for i, seat in enumerate(waiting):
        m = merchants[seat]
        if ruler_asks(ruler, m):
            return replace(s, merchants=merchants, phase="ruler", ruling=RulerStep(ruler, waiting[i:]))
        merchants = put(merchants, seat, automatic(ruler, m))
    s = replace(s, merchants=merchants, phase="draw", ruling=None)
    if len(s.rulers) == LAST_RULER:
        return game_over(s, "twelfth-ruler")
    return s


def ruler_decision(s: YangtzeState, seat: int, move) -> YangtzeState:
    """The asked player's choice at the ruler in `s.ruling`; then the next player's go."""
    ruling = s.ruling
    assert ruling is not None  # the ruler phase holds its ruling
    ruler = ruling.ruler
    name = RULERS[ruler][0]
    m = s.merchants[seat]
    if ruler in PAYMENT_RULERS:
        if not isinstance(move, Pay):
            raise IllegalMove(f"{name}: pay (you may cash a card or sell with card III first)")
        s = replace(s, merchants=put(s.merchants, seat, pay(m, amount(ruler, m))))
    elif isinstance(move, Decline):
        if ruler == "R12" and m.goods:
            raise IllegalMove("Confiscation is compulsory: choose a good to return to the box")
    elif ruler == "R05" and isinstance(move, MarketSale):
        s = sell(s, seat, move.tiles)
    elif ruler == "R06" and isinstance(move, Exchange):
        s = exchange(s, seat, move.tile, move.position)
    elif ruler in ("R07", "R12") and isinstance(move, Clear if ruler == "R07" else Surrender):
        if move.tile not in m.goods:
            raise IllegalMove(f"{move.tile} is not behind your screen")
        reward = CLEARANCE_REWARD if ruler == "R07" else 0
        m = replace(m, money=m.money + reward, goods=without(m.goods, (move.tile,)), hidden=without(m.hidden, (move.tile,)))
        s = replace(s, merchants=put(s.merchants, seat, m), box=plus(s.box, (move.tile,)))
    else:
        raise IllegalMove(f"that is not a choice at {ruler} {name}: {RULERS[ruler][2]}")
    return continue_ruler(s, ruler, ruling.waiting[1:])


def exchange(s: YangtzeState, seat: int, tile: str, position: int) -> YangtzeState:
    """R06: your tile takes the river tile's position; the river tile goes behind your screen."""
    m = s.merchants[seat]
    if tile not in m.goods:
        raise IllegalMove(f"{tile} is not behind your screen")
    if not 1 <= position <= RIVER_POSITIONS or not s.river[position - 1]:
        raise IllegalMove(f"there is no good at position {position}")
    taken = s.river[position - 1]
    river = s.river[: position - 1] + (tile,) + s.river[position:]
    m = replace(m, goods=plus(without(m.goods, (tile,)), (taken,)), hidden=without(m.hidden, (tile,)))
    return replace(s, merchants=put(s.merchants, seat, m), river=river)


