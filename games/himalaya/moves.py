"""Himalaya's moves: tagged structs, chance outcomes included."""

from __future__ import annotations

from games.protocol import Move

from .content import MARKET, SNOWSTORM, YETI


# --- chance (resolved by the workers) ----------------------------------------------------------
class Seating(Move, frozen=True, tag="seating"):
    order: tuple[int, ...]  # seats clockwise; the first is the first start player


class RollD20(Move, frozen=True, tag="roll-d20"):
    face: int


class DrawCube(Move, frozen=True, tag="draw-cube"):
    resource: str


class DrawRing(Move, frozen=True, tag="draw-ring"):
    ring: int  # 1..40 = O01..O40


# --- setup -------------------------------------------------------------------------------------
class PlaceCaravan(Move, frozen=True, tag="place-caravan"):
    village: int


# --- phase 1a: event figures -------------------------------------------------------------------
class PlaceYeti(Move, frozen=True, tag="place-yeti"):
    path: int


class PlaceSnowstorm(Move, frozen=True, tag="place-snowstorm"):
    path: int


class PlaceMarket(Move, frozen=True, tag="place-market"):
    village: int


class PassEvent(Move, frozen=True, tag="pass-event"):
    pass


# --- phase 2: planning (secret) ----------------------------------------------------------------
class PlanSlot(Move, frozen=True, tag="plan-slot"):
    """Program the next empty slot: earth, stone, ice, trade or pause."""

    command: str


class Program(Move, frozen=True, tag="program"):
    """The whole program of six discs at once (accepted by apply; legal_moves lists slots)."""

    commands: tuple[str, ...]


# --- phase 3: choices of a trade action --------------------------------------------------------
class Collect(Move, frozen=True, tag="collect"):
    resource: str


class Fulfil(Move, frozen=True, tag="fulfil"):
    """Deliver the order; rewards: keep the ring (trade), a stupa (offering), delegates by region."""

    trade: bool = False
    offering: bool = False
    delegates: tuple[str, ...] = ()  # one region letter per delegate; empty: no delegation


class Decline(Move, frozen=True, tag="decline"):
    """Do not collect / do not fulfil."""


HimalayaMove = (
    Seating | RollD20 | DrawCube | DrawRing | PlaceCaravan | PlaceYeti | PlaceSnowstorm | PlaceMarket
    | PassEvent | PlanSlot | Program | Collect | Fulfil | Decline
)


FIGURE_MOVE: dict[str, type[PlaceYeti | PlaceSnowstorm | PlaceMarket]] = {YETI: PlaceYeti, SNOWSTORM: PlaceSnowstorm, MARKET: PlaceMarket}  # an event figure's move
