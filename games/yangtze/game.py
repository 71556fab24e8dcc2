"""Yangtze plugged into the game protocol: a thin adapter handing every call to the rules modules."""

from __future__ import annotations

from games.protocol import Game

from . import legal, rules, scoring
from .content import CARD_NAME, MAX_PLAYERS, MIN_PLAYERS
from .moves import (
    Bid,
    Buy,
    Cash,
    ChooseStartPlayer,
    Clear,
    Decline,
    Draw,
    EndTurn,
    Exchange,
    MarketSale,
    PassBid,
    Pay,
    Sell,
    SellWithCardIII,
    Surrender,
    YangtzeMove,
)
from .render import render
from .state import YangtzeState
from .view import determinize, view


class YangtzeGame(Game):
    id = "yangtze"
    name = "Yangtze"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    options = ()  # the spec offers no variants: 2-4 players share one setup
    State = YangtzeState
    Move = YangtzeMove

    # --- the game ---------------------------------------------------------------------------------
    def setup(self, players, options):
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Yangtze is for {self.min_players} to {self.max_players} players")
        return rules.setup(players)

    actors = staticmethod(rules.actors)  # (state) -> frozenset of seats
    chance = staticmethod(rules.chance)  # (state) -> ChanceSpec
    legal_moves = staticmethod(legal.legal_moves)  # (state, seat) -> list of moves
    timeout_move = staticmethod(legal.timeout_move)  # (state, seat) -> the default move or None
    apply = staticmethod(rules.apply)  # (state, seat, move) -> the next state
    result = staticmethod(scoring.result)  # (state) -> Result or None

    def view(self, s, seat):
        return view(s, seat, scoring.result(s))

    # --- the log ------------------------------------------------------------------------------------
    reveals = staticmethod(rules.reveals)  # (state, actor, move) -> bool

    def describe(self, move):
        match move:
            case Draw(tile=t):
                return f"draw {t}"
            case ChooseStartPlayer(seat=seat):
                return f"seat {seat} starts"
            case Sell(tiles=t):
                return f"sell {', '.join(t)}"
            case SellWithCardIII(tiles=t):
                return f"play card III and sell {', '.join(t)}"
            case Buy(positions=ps, free=free):
                what = " and ".join(f"P{p}" + (" (free, card II)" if p == free else "") for p in ps)
                return f"buy {what}" + (" with card I" if len(ps) == 2 else "")
            case EndTurn():
                return "buy nothing and end the turn"
            case Bid(amount=a):
                return f"bid {a}"
            case PassBid():
                return "pass in the auction"
            case Pay():
                return "pay the tax"
            case MarketSale(tiles=t):
                return f"Open Market: sell {', '.join(t)}"
            case Exchange(tile=t, position=p):
                return f"River Exchange: swap {t} with the good at P{p}"
            case Clear(tile=t):
                return f"Clearance: return {t} for 5 coins"
            case Surrender(tile=t):
                return f"Confiscation: return {t}"
            case Decline():
                return "decline the ruler's offer"
            case Cash(card=c):
                return f"cash {CARD_NAME.get(c, c)}"
        return super().describe(move)

    # --- for the AI ---------------------------------------------------------------------------------
    def determinize(self, s, seat, rng):
        return determinize(s, seat, rng)

    heuristic = staticmethod(scoring.heuristic)  # (state, seat) -> [0, 1]
    heuristics = staticmethod(scoring.heuristics)  # (state, seats) -> [0, 1] each
    evaluations = staticmethod(scoring.win_chances)  # the search's leaves: a fitted win chance
    features = staticmethod(scoring.features)  # what the fit weighs (ai/fit.py)

    # --- for people ---------------------------------------------------------------------------------
    def render(self, view, seat):
        return render(view, seat)
