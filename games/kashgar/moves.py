"""Kashgar's moves: tagged Structs (JSON `{"type": "caravan-action", "caravan": 0, ...}`).

Caravans are numbered 0-2 here (1-3 at the table); card positions count from the front (0) of the
caravan as it lies when the move is chosen.
"""

from __future__ import annotations

from games.protocol import Move


class PlaceStartCards(Move, frozen=True, tag="place-start-cards"):
    """Setup: the start cards behind the Patriarchs of caravans 1, 2, 3 (a permutation of the dealt)."""

    cards: tuple[str, ...]


class _Use(Move, frozen=True):
    caravan: int
    action: int = 0  # which caravan / farewell action of the card (0 or 1)
    pay: tuple[str, ...] = ()  # spices paid for an "n S" or "n of one spice" cost
    spice: str | None = None  # a spice (or the "/" choice) the effect asks for
    spice2: str | None = None  # a second, different spice
    resource: str | None = None  # Thief: a spice or GO
    order: str | None = None  # a display order to fulfil / to put away (Spy)
    target: int | None = None  # another player
    target_caravan: int | None = None  # Mercenary: the target's caravan
    from_caravan: int | None = None  # Caravan Leader farewell: the caravan the card leaves
    position: int | None = None  # a card position (Judge, Caravan Leader)
    to_caravan: int | None = None  # Caravan Leader farewell: where the card goes


class CaravanAction(_Use, frozen=True, tag="caravan-action"):
    """A) move the front card to the end of its caravan, pay, carry out its caravan action."""


class Farewell(_Use, frozen=True, tag="farewell"):
    """B) the front card leaves the game; pay, carry out its farewell action."""


class Pass(Move, frozen=True, tag="pass"):
    """C) the front card moves to the end of its caravan; nothing else (not for "!" cards)."""

    caravan: int


class Keep(Move, frozen=True, tag="keep"):
    """Keep drawn person cards (in this order at the end of the caravan); the rest are discarded."""

    cards: tuple[str, ...]


class Arrange(Move, frozen=True, tag="arrange"):
    """Prophet: put the looked-at cards back on the standard deck, top card first."""

    cards: tuple[str, ...]


class FulfilDrawn(Move, frozen=True, tag="fulfil-drawn"):
    """Farmer / Farrier: fulfil one of the drawn orders, or none (order=None)."""

    order: str | None = None


class ReplaceDisplay(Move, frozen=True, tag="replace-display"):
    """Scout / Fortune Teller: put a drawn order into the display in place of `replace`, or not."""

    order: str | None = None
    replace: str | None = None


class TakeDiscard(Move, frozen=True, tag="take-discard"):
    """Take one card from the standard discard pile to the end of the caravan."""

    card: str


class SecondOrder(Move, frozen=True, tag="second-order"):
    """Wholesaler farewell: fulfil a second display order, or stop (order=None)."""

    order: str | None = None


class Respond(Move, frozen=True, tag="respond"):
    """The target player's own choice: the caravan that loses its last card (Robber), the spice (Poisoner)."""

    caravan: int | None = None
    spice: str | None = None


# --- chance outcomes -----------------------------------------------------------------------------
class DealStart(Move, frozen=True, tag="deal-start"):
    card: str


class DrawCard(Move, frozen=True, tag="draw-card"):
    """The top card of the standard or special deck (whichever the action draws from)."""

    card: str


class DrawOrder(Move, frozen=True, tag="draw-order"):
    order: str


KashgarMove = (
    PlaceStartCards | CaravanAction | Farewell | Pass | Keep | Arrange | FulfilDrawn | ReplaceDisplay
    | TakeDiscard | SecondOrder | Respond | DealStart | DrawCard | DrawOrder
)
