"""Yangtze (Reiner Knizia, Piatnik 2016): trade goods on the river, auction settlements, survive
the rulers. Rules: ../shared/rules/yangtze.md.

The layout every game here shares (games/README.md): content.py, state.py, moves.py, turn.py (who acts,
chance), legal.py (every legal move), rules.py (applying a move, the turn, auctions) with rulers.py
(5.4), selling.py (5.1) and ending.py (7), scoring.py (bundles, final scoring, the winner, the AI's
estimate), view.py, render.py, testing.py (what the shared tests need); game.py is the adapter."""

from .game import YangtzeGame

GAME = YangtzeGame()
