"""Build Yangtze positions for rule cases: name what matters, the bag holds everything else."""

from __future__ import annotations

import msgspec

from games.yangtze import GAME
from games.yangtze.content import ALL_TILES, CARDS
from games.yangtze.state import Merchant, YangtzeState

replace = msgspec.structs.replace

# eight goods for a river whose identity does not matter: t1 at P1 ... t8 at P8
T = ("L-VASE-RED", "L-SILK-GOLD", "L-JADE-PURPLE", "L-LACQUER-WHITE", "L-FAN-BLACK",
     "E-RICE-GREEN", "E-FISH-ORANGE", "E-CLOTH-BROWN")


def merchant(money=30, goods=(), settlements=(), cards=CARDS, hidden=()) -> Merchant:
    return Merchant(money=money, goods=tuple(sorted(goods)), hidden=tuple(sorted(hidden)),
                    settlements=tuple(sorted(settlements)), cards=tuple(cards))


def position(merchants, river=T, active=0, rulers=(), phase="turn", box=(), **kw) -> YangtzeState:
    """A state in `phase` with the given holdings; every tile not placed anywhere is in the bag."""
    placed = set(t for t in river if t) | set(rulers) | set(box)
    for m in merchants:
        placed |= set(m.goods) | set(m.settlements)
    bag = tuple(t for t in ALL_TILES if t not in placed)
    return YangtzeState(players=len(merchants), phase=phase, bag=bag, river=tuple(river), rulers=tuple(rulers),
                        merchants=tuple(merchants), active=active, box=tuple(sorted(box)), turn_number=1, **kw)


def play(state, *steps):
    """Apply (seat, move) pairs in order; seat -1 is chance."""
    for seat, move in steps:
        state = GAME.apply(state, seat, move)
    return state


def rulers_but(*keep_out: str, count: int) -> tuple[str, ...]:
    """`count` ruler tiles already on the track, none of `keep_out`."""
    return tuple(r for r in (f"R{i:02d}" for i in range(1, 13)) if r not in keep_out)[:count]
