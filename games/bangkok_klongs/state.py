"""The state of a game of Bangkok Klongs: a frozen value (boats are indices into content.BOATS, squares
indices y*10+x into the board)."""

from __future__ import annotations

import msgspec

# phases
DEAL = "deal"  # chance: each player draws a secret hand of 4 boats, one boat at a time
START = "start"  # chance: the start player
TURN = "turn"  # the active player moves, places, moves, ends the turn
MERCHANT = "merchant"  # the active player is out of merchants: leave the new boat unmanned or shift one
STEAL = "steal"  # the active player's thief may take a boat from its row
CATCH = "catch"  # the active player's overseer caught thieves: receive one of them
MARKET = "market"  # a market day: the scorer scores one mooring place or passes
DRAW = "draw"  # chance: the active player refills the hand to 4
OVER = "over"


class BangkokState(msgspec.Struct, frozen=True):
    players: int
    phase: str = DEAL
    hands: tuple[tuple[int, ...], ...] = ()  # secret, sorted
    known: tuple[tuple[int, ...], ...] = ()  # boats in each hand that everybody knows (taken off the board)
    pile: tuple[int, ...] = ()  # the draw pile as a sorted set: its order is never stored
    board: tuple[int, ...] = ()  # per square: the boat on it, or -1
    owner: tuple[int, ...] = ()  # per square: the seat whose merchant sits on that boat, or -1
    supply: tuple[int, ...] = ()  # merchants in each player's supply
    cards: tuple[int, ...] = ()  # movement cards left
    warehouses: tuple[tuple[int, ...], ...] = ()  # in the order collected
    out: tuple[int, ...] = ()  # thieves put back in the box by an overseer
    scores: tuple[int, ...] = ()  # track + Luk Phat + market days (warehouses are added at the end)
    luk: int = 0  # Luk Phat marker field
    start: int = -1  # start player
    active: int = -1  # whose turn
    turn_no: int = 0  # turns begun before this one (round 1 = the first `players` turns)
    moved: bool = False  # a movement card was used this turn
    placed: int = -1  # square of this turn's placement, -1 before it
    no_draw: bool = False  # a boat went into the hand instead of the draw (§9.1 B)
    idle: int = 0  # consecutive turns without a placement (§7.2)
    caught: tuple[int, ...] = ()  # thieves an overseer just removed, one to be received
    market: str = ""  # "", "small", "large"
    trigger: int = -1  # who triggered the market day
    scorer: int = -1  # whose decision it is on the market day
    market_step: int = 0  # small day: turns done of the two passes; large day: passes since a scoring
    master: int = -1  # mooring place of the market master, -1 beside the board
    final: tuple[int, ...] = ()  # warehouse points, filled in at the end
