"""Toy Market: a tiny game that exercises every part of the protocol, for platform and AI tests.

12 cards (1..6 twice) are shuffled (a permutation chance step nobody sees), each player is dealt 2.
Each round every player secretly bids one card at once (simultaneous, hidden until all are in); the
highest bid (ties: lowest seat) rolls a d6 (a public chance step) and scores it. Bid cards are spent,
every player draws one card while the deck lasts. Three rounds, or until a hand runs empty.

A package in the layout of games/README.md (as a fifth game would be; tests/test_fifth_game.py copies it
into games/), without a players' guide: it is the platform's game without one (its testing.py says so).
Registered in the tests as CARAVAN_GAME_MODULES=tests.toygame.
"""

from .content import DECK, ROUNDS
from .game import ToyGame
from .moves import Bid, Roll, Shuffle, ToyMove
from .state import ToyState

__all__ = ["DECK", "ROUNDS", "Bid", "Roll", "Shuffle", "ToyGame", "ToyMove", "ToyState", "GAME"]

GAME = ToyGame()
