"""Kashgar: Händler der Seidenstraße (Gerhard Hecht, Kosmos 2013), 2-4 players.

The rules engine for `shared/rules/kashgar.md`, in the layout every game here shares (games/README.md):
content.py (every card and order), state.py, moves.py, turn.py (who acts, chance), legal.py (the legal
moves and why a move is refused), rules.py (setup, applying a move) with effects.py (what each card does),
steps.py (the steps inside a turn and its end) and seats.py (changing a frozen state), scoring.py
(victory points, the winner, the AI's estimate), view.py, render.py, svg.py, testing.py (what the shared
tests need); game.py is the adapter.
"""

from .game import Kashgar

GAME = Kashgar()
