"""Himalaya's moves: tagged structs, chance outcomes included."""

from __future__ import annotations

from games.protocol import Move

from .content import MARKET, SNOWSTORM, YETI


# --- chance (resolved by the workers) ----------------------------------------------------------
class Seating(Move, tag="seating"):
    order: tuple[int, ...]  # seats clockwise; the first is the first start player


class RollD20(Move, tag="roll-d20"):
    face: int


class DrawCube(Move, tag="draw-cube"):
    resource: str


class DrawRing(Move, tag="draw-ring"):
    ring: int  # 1..40 = O01..O40


# --- setup -------------------------------------------------------------------------------------
class PlaceCaravan(Move, tag="place-caravan"):
    village: int


# --- phase 1a: event figures -------------------------------------------------------------------
class PlaceYeti(Move, tag="place-yeti"):
    path: int


class PlaceSnowstorm(Move, tag="place-snowstorm"):
    path: int


class PlaceMarket(Move, tag="place-market"):
    village: int


class PassEvent(Move, tag="pass-event"):
    pass


# --- phase 2: planning (secret) ----------------------------------------------------------------
class PlanSlot(Move, tag="plan-slot"):
    """Program the next empty slot: earth, stone, ice, trade or pause."""

    command: str


class Program(Move, tag="program"):
    """The whole program of six discs at once (accepted by apply; legal_moves lists slots)."""

    commands: tuple[str, ...]


# --- phase 3: choices of a trade action --------------------------------------------------------
class Collect(Move, tag="collect"):
    resource: str


class Fulfil(Move, tag="fulfil"):
    """Deliver the order; rewards: keep the ring (trade), a stupa (offering), delegates by region."""

    trade: bool = False
    offering: bool = False
    delegates: tuple[str, ...] = ()  # one region letter per delegate; empty: no delegation


class Decline(Move, tag="decline"):
    """Do not collect / do not fulfil."""


HimalayaMove = (
    Seating | RollD20 | DrawCube | DrawRing | PlaceCaravan | PlaceYeti | PlaceSnowstorm | PlaceMarket
    | PassEvent | PlanSlot | Program | Collect | Fulfil | Decline
)


FIGURE_MOVE = {YETI: PlaceYeti, SNOWSTORM: PlaceSnowstorm, MARKET: PlaceMarket}  # an event figure's move
