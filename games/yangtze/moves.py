"""Yangtze's moves (spec section 11). Positions are numbered 1 (open end) to 8 (Shanghai)."""

from __future__ import annotations

from games.protocol import Move


# --- chance -------------------------------------------------------------------------------------
class Draw(Move, frozen=True, tag="draw"):
    """A tile drawn from the bag (setup: the river and the starting goods; the draw loop)."""

    tile: str


class ChooseStartPlayer(Move, frozen=True, tag="choose-start-player"):
    seat: int


# --- step 1 and 2 of a turn -----------------------------------------------------------------------
class Sell(Move, frozen=True, tag="sell"):
    """Sell one bundle (tiles sorted): in step 1 of one's turn, or after opening card III."""

    tiles: tuple[str, ...]


class Buy(Move, frozen=True, tag="buy"):
    """Buy one good, or two with card I (positions ascending); `free` names the position card II
    makes free (0: none)."""

    positions: tuple[int, ...]
    free: int = 0


class EndTurn(Move, frozen=True, tag="end-turn"):
    """Buy nothing: the turn ends without a draw."""


# --- the settlement auction -----------------------------------------------------------------------
class Bid(Move, frozen=True, tag="bid"):
    amount: int


class PassBid(Move, frozen=True, tag="pass-bid"):
    pass


# --- rulers ---------------------------------------------------------------------------------------
class Pay(Move, frozen=True, tag="pay"):
    """Pay what a tax ruler demands (everything one has if it is not enough)."""


class MarketSale(Move, frozen=True, tag="market-sale"):
    """R05 Open Market: sell exactly one bundle."""

    tiles: tuple[str, ...]


class Exchange(Move, frozen=True, tag="exchange"):
    """R06 River Exchange: a good from behind the screen swaps places with the good at `position`."""

    tile: str
    position: int


class Clear(Move, frozen=True, tag="clear"):
    """R07 Clearance: return a good to the box for 5 coins."""

    tile: str


class Surrender(Move, frozen=True, tag="surrender"):
    """R12 Confiscation: return the chosen good to the box."""

    tile: str


class Decline(Move, frozen=True, tag="decline"):
    """Do not use a "?" ruler (or, at R12 with an empty screen, nothing to return)."""


# --- special cards usable at any decision point (5.6) -------------------------------------------
class SellWithCardIII(Move, frozen=True, tag="sell-with-card-iii"):
    """Spend card III and sell a first bundle; more bundles may follow with `sell` at this point."""

    tiles: tuple[str, ...]


class Cash(Move, frozen=True, tag="cash"):
    """Cash a liquidity card: "L10", "L15" or "L20"."""

    card: str


YangtzeMove = (
    Draw
    | ChooseStartPlayer
    | Sell
    | Buy
    | EndTurn
    | Bid
    | PassBid
    | Pay
    | MarketSale
    | Exchange
    | Clear
    | Surrender
    | Decline
    | SellWithCardIII
    | Cash
)
