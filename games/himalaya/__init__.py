"""Himalaya (Régis Bonnessée, Tilsit 2004) for 3-6 players: see ../shared/rules/himalaya.md."""

from .game import Himalaya

GAME = Himalaya()
