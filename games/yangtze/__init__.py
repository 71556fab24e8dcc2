"""Yangtze (Reiner Knizia, Piatnik 2016): trade goods on the river, auction settlements, survive
the rulers. Rules: ../shared/rules/yangtze.md.

The layout every game here shares (games/README.md): content.py, state.py, moves.py, legal.py (every
legal move), rules.py (who acts, chance, applying a move, the turn, auctions, the end) with rulers.py
(5.4), scoring.py (bundles, final scoring, the winner, the AI's estimate), view.py, render.py; game.py
is the adapter."""

from .game import YangtzeGame

GAME = YangtzeGame()
