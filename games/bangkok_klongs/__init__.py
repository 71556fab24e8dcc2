"""Bangkok Klongs (Martin Schlegel, dlp games 2010) for 2–4 players, per ../shared/rules/bangkok-klongs.md.

The layout every game here shares (games/README.md): content.py, state.py, moves.py, turn.py (who acts,
chance), legal.py (every legal move), rules.py (setup, the turn, market days, the end) with board.py and
placing.py (where boats may go, why a placement is refused) and market.py (what a market day pays),
scoring.py (the winner, the AI's estimate), view.py, render.py, testing.py (what the shared tests
need); game.py is the adapter."""

from .game import BangkokKlongs

GAME = BangkokKlongs()
