"""The state of a Yangtze game: a frozen value (spec section 11)."""

from __future__ import annotations

import msgspec

from .content import CARDS, RIVER_POSITIONS, STARTING_MONEY


class Merchant(msgspec.Struct, frozen=True):
    """One merchant house: counting board, screen, settlements in front of it, special cards."""

    money: int = STARTING_MONEY
    goods: tuple[str, ...] = ()  # behind the screen, sorted
    hidden: tuple[str, ...] = ()  # the starting goods among them that nobody else has seen, sorted
    settlements: tuple[str, ...] = ()  # face up in front of the screen, sorted
    cards: tuple[str, ...] = CARDS  # special cards still unused


class Auction(msgspec.Struct, frozen=True):
    """A settlement auction (section 6): the trigger opens, then clockwise until one bidder is left."""

    tile: str
    turn: int  # the seat to bid or pass now
    passed: tuple[bool, ...]  # per seat; a pass is final
    high_bid: int = 0
    high_bidder: int = -1


class RulerStep(msgspec.Struct, frozen=True):
    """A ruler being resolved (5.4): `waiting` are the seats still to apply it, the first is asked now."""

    ruler: str
    waiting: tuple[int, ...]


class YangtzeState(msgspec.Struct, frozen=True):
    players: int
    # phases: river (setup 2) | starting-goods (setup 4) | start-player (setup 5) | turn | draw |
    #         auction | ruler | over
    phase: str = "river"
    bag: tuple[str, ...] = ()  # sorted; its order does not exist (every draw is uniform)
    river: tuple[str, ...] = ("",) * RIVER_POSITIONS  # index 0 is P1 (open end), 7 is P8 (Shanghai); "" is a gap
    rulers: tuple[str, ...] = ()  # the ruler track, in the order drawn
    merchants: tuple[Merchant, ...] = ()
    active: int = 0  # whose turn it is (in setup: the seat drawing starting goods)
    to_draw: int = 0  # goods the draw loop must still produce
    acted: bool = False  # the active player sold or bought this turn (7.2)
    pass_turns: int = 0  # consecutive turns in which the active player neither sold nor bought
    auction: Auction | None = None
    ruling: RulerStep | None = None
    selling_with_iii: int = -1  # the seat whose card III sale is open at its current decision point
    box: tuple[str, ...] = ()  # goods and settlements out of the game, sorted
    ended_by: str = ""  # "twelfth-ruler" | "all-pass"
    turn_number: int = 0


# --- small operations on tiles and merchants ---------------------------------------------------------
def clockwise_from(seat: int, players: int) -> tuple[int, ...]:
    return tuple((seat + i) % players for i in range(players))


def put(merchants: tuple[Merchant, ...], seat: int, m: Merchant) -> tuple[Merchant, ...]:
    return merchants[:seat] + (m,) + merchants[seat + 1 :]


def without(tiles: tuple[str, ...], gone) -> tuple[str, ...]:
    return tuple(t for t in tiles if t not in gone)


def plus(tiles: tuple[str, ...], more) -> tuple[str, ...]:
    return tuple(sorted(tiles + tuple(more)))
