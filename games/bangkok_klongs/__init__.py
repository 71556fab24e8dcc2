"""Bangkok Klongs (Martin Schlegel, dlp games 2010) for 2–4 players, per ../shared/rules/bangkok-klongs.md."""

from .game import BangkokKlongs

GAME = BangkokKlongs()
