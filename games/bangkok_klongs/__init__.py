"""Bangkok Klongs (Martin Schlegel, dlp games 2010) for 2–4 players, per ../shared/rules/bangkok-klongs.md.

The layout every game here shares (games/README.md): content.py, state.py, moves.py, legal.py (every
legal move, why a placement is refused), rules.py (setup, who acts, chance, the turn, market days, the
end) with board.py (where boats may go) and market.py (what a market day pays), scoring.py (the
winner, the AI's estimate), view.py, render.py; game.py is the adapter."""

from .game import BangkokKlongs

GAME = BangkokKlongs()
