"""Himalaya (Régis Bonnessée, Tilsit 2004) for 3-6 players: see ../shared/rules/himalaya.md.

The layout every game here shares (games/README.md): content.py (the map, typed once, rings, setup
table), state.py, moves.py, legal.py (every legal move, why a move is refused, the timeout default),
rules.py (setup, who acts, chance, applying a move, events, planning) with execution.py (7.4-7.7),
scoring.py, view.py, render.py, svg.py; ai.py holds determinize, the heuristic and the fitted win
chance with the search hooks, plans.py the model of good programs they share (what a program is
worth, the beam search for good ones); game.py is the adapter."""

from .game import Himalaya

GAME = Himalaya()
