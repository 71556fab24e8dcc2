"""The state of a Himalaya game: a frozen value (rules section 2 for the pieces, 7 for the phases)."""

from __future__ import annotations

from operator import add as _plus
from operator import sub as _minus

import msgspec

from .content import CUBES, DELEGATES, FIGURES, INVENTORY_TOKENS, RINGS, STUPAS

# phases, in the order a game meets them
SEATING = "seating"  # chance: seat order and first start player (section 6 step 3)
SETUP = "setup"  # chance: the first resource and order villages, like a renewal (step 4)
PLACEMENT = "placement"  # each player puts the caravan on a village (step 5)
EVENTS = "events"  # phase 1a: event figures, from the start player clockwise
PLANNING = "planning"  # phase 2: everyone programs six discs at once, in secret
EXECUTION = "execution"  # phase 3: the programs run slot by slot; trade choices stop it
RENEWAL = "renewal"  # phase 4: d20 rolls and bag draws
OVER = "over"


class Player(msgspec.Struct, frozen=True):
    village: int = 0  # where the caravan stands (0: not placed yet)
    crossing: int = 0  # on a snowstorm, heading for this village (0: standing in `village`)
    cubes: tuple[int, ...] = (0, 0, 0, 0, 0)  # behind the screen: salt, barley, tea, jade, gold
    rings: tuple[int, ...] = ()  # kept order rings, behind the screen
    stupas: int = STUPAS  # in supply
    delegates: int = DELEGATES  # in supply
    tokens: int = 0  # inventory tokens (3 yaks each), public
    figures: tuple[str, ...] = FIGURES  # unused event figures
    collected: tuple[int, ...] = ()  # villages collected in this round (once per village per round)


class Pending(msgspec.Struct, frozen=True):
    """A trade action that waits for its player's choice during execution."""

    kind: str  # "collect" | "fulfil"
    seat: int
    village: int


class HimalayaState(msgspec.Struct, frozen=True):
    players: tuple[Player, ...]
    events_on: bool = True
    planning_time_limit: int = 60
    phase: str = SEATING
    round: int = 1
    order: tuple[int, ...] = ()  # seats clockwise around the table
    start: int = 0  # the start player's seat
    turn: int = 0  # placement/events: how many players have had their go; execution: position in clockwise order
    slot: int = 0  # execution: the action slot being executed (0..5)
    plans: tuple[tuple[str, ...], ...] = ()  # the programmed discs (secret until the reveal)
    pending: Pending | None = None
    # the board, village v at index v - 1, region r at index "ABCDEFGH".index(r)
    board_cubes: tuple[tuple[int, ...], ...] = ((0, 0, 0, 0, 0),) * 20
    board_rings: tuple[int, ...] = (0,) * 20
    board_stupas: tuple[int, ...] = (-1,) * 20  # owner seat or -1
    board_delegates: tuple[tuple[int, ...], ...] = ()  # per region, per seat
    yeti: int = 0  # path number carrying the Yeti tracks this round (0: none)
    snowstorm: int = 0  # path number carrying the Snowstorm
    market: int = 0  # village holding the Market
    figure_owner: tuple[int, ...] = (-1, -1, -1)  # who placed yeti, snowstorm, market this round
    # bags and supply
    cube_bag: tuple[int, ...] = CUBES
    ring_bag: tuple[int, ...] = RINGS
    tokens_left: int = INVENTORY_TOKENS
    last_inventory: tuple[int, ...] = ()  # per resource kind: the seat that won the token, -1 nobody
    # a renewal in progress: the village being filled and what is still to draw
    target: int = 0
    awaiting: str = ""  # "" (roll the d20 next) | "cubes" | "ring"
    to_draw: int = 0

    @property
    def n(self) -> int:
        return len(self.players)


# --- small operations on the state --------------------------------------------------------------------
def clockwise(s: HimalayaState) -> tuple[int, ...]:
    """The seats in play order: the start player first, then clockwise."""
    i = s.order.index(s.start)
    return s.order[i:] + s.order[:i]


def set_player(s: HimalayaState, seat: int, p: Player) -> tuple[Player, ...]:
    return s.players[:seat] + (p,) + s.players[seat + 1 :]


def set_at(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1 :]


def add(a: tuple[int, ...], b: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    if sign == 1:
        return tuple(map(_plus, a, b))
    if sign == -1:
        return tuple(map(_minus, a, b))
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))


_ONE_CUBE = tuple(tuple(1 if i == k else 0 for i in range(len(CUBES))) for k in range(len(CUBES)))


def one_cube(k: int) -> tuple[int, ...]:
    """A single cube of kind k, as counts per kind."""
    return _ONE_CUBE[k]
