"""The state of a Kashgar game: a frozen value (section 15 of the rules specification).

Decks are kept as what is unknown plus what somebody has seen:
  * a *pool* is the shuffled, unseen part of a deck, stored as a sorted tuple of card ids; drawing its
    top card is a uniform draw from the pool (a chance step), so no secret order lives in the state;
  * a *slot* `(card, seen)` is a card at a fixed place whose identity some seats know: `seen` is a bit
    mask of seats, PUBLIC when everyone (spectators too) knows it. Known places are the standard
    deck's top after a Prophet's look, the cards put under the special and order decks, and the cards
    an action has drawn but not yet resolved.
"""

from __future__ import annotations

import msgspec

PUBLIC = 1 << 8  # a slot every seat and every spectator knows

Slot = tuple[str, int]  # (card id, mask of the seats that know it)


def knows(mask: int, seat: int | None) -> bool:
    return bool(mask & PUBLIC) or (seat is not None and seat >= 0 and bool(mask >> seat & 1))


class Player(msgspec.Struct, frozen=True, gc=False):
    board: tuple[int, ...]  # GI, CL, PE, SA, CI, GO, MU
    caravans: tuple[tuple[str, ...], ...]  # 3 caravans, front card first
    orders: tuple[str, ...] = ()  # fulfilled orders, face up
    dealt: tuple[str, ...] = ()  # start cards dealt, not yet placed behind the Patriarchs


class Pending(msgspec.Struct, frozen=True, gc=False):
    """An action that has begun but waits for a draw or a decision.

    step: "draw" (cards still to draw into `drawn`, see `deck`), "keep", "arrange", "orders" (decide
    about drawn orders), "take" (pick cards from the discard pile), "refill" (the display),
    "second" (the Wholesaler's optional second order), "respond" (the target player chooses).
    """

    step: str
    seat: int  # the acting player
    caravan: int  # the caravan the used card came from (gained cards go to its end)
    card: str  # the card used
    vp_before: tuple[int, ...]  # every player's VP when the action began (tie-break bookkeeping)
    deck: str = ""  # "standard" | "special" | "look" | "orders"
    need: int = 0  # cards still to draw / to take
    keep: int = 0  # how many drawn cards are kept
    mode: str = ""  # draw_orders mode, or "robber" / "poisoner" for a response
    drawn: tuple[Slot, ...] = ()
    target: int = -1  # the player who must respond
    then: str = ""  # after the display refill: "" or "second"


class KashgarState(msgspec.Struct, frozen=True, dict=True):
    """`dict=True`: a state keeps what has been worked out from it in its `__dict__` (its legal moves
    per seat, see `legal.moves_of`; its VP, see `scoring.vps`). Those depend only on the fields, and
    the `__dict__` is not encoded, compared or hashed; a replaced, copied or decoded state starts
    with an empty one."""

    players: int
    variant: tuple[str, ...]  # additional card ids mixed into the standard deck
    seats: tuple[Player, ...]
    phase: str = "display"  # display | deal | place | play | over
    start_player: int = -1
    current: int = -1
    round: int = 1  # the round being played (1-based)
    actions: int = 0  # global action counter (tie-break)
    end_triggered: bool = False
    last_vp_change: tuple[int, ...] = ()
    start_pool: tuple[str, ...] = ()  # start cards not dealt (face down)
    std_pool: tuple[str, ...] = ()
    std_top: tuple[Slot, ...] = ()  # known cards on top of the standard deck (Prophet)
    discard: tuple[str, ...] = ()  # the standard discard pile, face up (sorted)
    special_pool: tuple[str, ...] = ()
    special_under: tuple[Slot, ...] = ()  # cards put under the special deck, in order
    order_pool: tuple[str, ...] = ()
    order_under: tuple[Slot, ...] = ()  # orders put under the order deck, in order
    display: tuple[str, ...] = ()
    spare_patriarch: bool = True
    box: tuple[str, ...] = ()  # person cards removed from the game (sorted)
    pending: Pending | None = None
