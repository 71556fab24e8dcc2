"""Himalaya (Régis Bonnessée, Tilsit 2004) for 3-6 players: see ../shared/rules/himalaya.md.

The layout every game here shares (games/README.md): content.py (the map, typed once, rings, setup
table), state.py, moves.py, turn.py (who acts, chance), legal.py (every legal move, why a move is
refused, the timeout default), rules.py (setup, applying a move, planning) with rounds.py (the round
marker and events, 7.1-7.2), paths.py (a caravan's steps) and execution.py (7.4-7.7), scoring.py, view.py, render.py, svg.py; ai.py holds determinize, the heuristic and the fitted win
chance with the search hooks, plans.py the model of good programs they share (what a program is
worth, the beam search for good ones); testing.py what the shared tests need; game.py is the adapter."""

from .game import Himalaya

GAME = Himalaya()
