"""Who acts in Yangtze and what is random: the seat whose decision the game waits for (its turn, the
auction's bidder, the first seat a ruler waits on) and the chance step due (filling the river,
the secret starting goods, the start player, a tile drawn from the bag). Read by the rules and the
legal moves, so neither imports the other."""

from __future__ import annotations

from games.protocol import CHANCE, ChanceSpec

from .content import ALL_TILES, GOODS, MAX_PLAYERS
from .moves import ChooseStartPlayer, Draw
from .state import YangtzeState

CHANCE_PHASES = frozenset({"river", "starting-goods", "start-player", "draw"})
_CHANCE = frozenset({CHANCE})
_SEAT = tuple(frozenset({i}) for i in range(MAX_PLAYERS))
_NOBODY: frozenset[int] = frozenset()
_GOOD_SET = frozenset(GOODS)
DRAW = {t: Draw(tile=t) for t in ALL_TILES}



def decider(s: YangtzeState) -> int:
    """The seat whose decision the game waits for (-1: none)."""
    phase = s.phase
    if phase == "turn":
        return s.active
    if phase == "auction":
        assert s.auction is not None  # the auction phase holds its auction, the ruler phase its ruling
        return s.auction.turn
    if phase == "ruler":
        assert s.ruling is not None
        return s.ruling.waiting[0]
    return -1


def actors(s: YangtzeState) -> frozenset[int]:
    phase = s.phase
    if phase in CHANCE_PHASES:
        return _CHANCE
    if phase == "over":
        return _NOBODY
    return _SEAT[decider(s)]


def chance(s: YangtzeState) -> ChanceSpec:
    phase = s.phase
    if phase == "draw":
        return ChanceSpec("draw a tile from the bag", outcomes=tuple(DRAW[t] for t in s.bag))
    if phase == "river":
        goods = tuple(DRAW[t] for t in s.bag if t in _GOOD_SET)
        return ChanceSpec("fill the river: draw a good from the bag", outcomes=goods)
    if phase == "starting-goods":
        goods = tuple(DRAW[t] for t in s.bag if t in _GOOD_SET)
        return ChanceSpec(f"seat {s.active} draws a secret starting good", outcomes=goods, visible_to=(s.active,))
    if phase == "start-player":
        return ChanceSpec("choose the start player", outcomes=tuple(ChooseStartPlayer(seat=i) for i in range(s.players)))
    raise ValueError(f"nothing is random in the {phase} phase")
