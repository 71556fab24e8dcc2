"""Kashgar: Händler der Seidenstraße (Gerhard Hecht, Kosmos 2013), 2-4 players.

The rules engine for `shared/rules/kashgar.md`: cards.py (the content), state.py, moves.py,
game.py (the protocol), rules.py (setup, turn, end), effects.py (what each card does), steps.py (the
steps inside a turn and closing it), plans.py (the legal moves of a front card), seats.py (changing a
seat, the decks and piles of a frozen state), scoring.py (victory points), view.py, render.py.
"""

from .game import Kashgar

GAME = Kashgar()
