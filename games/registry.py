"""The registry of game types: every subpackage of `games/` that exposes `GAME` (a `Game` instance).

Discovery is by package, so adding a game touches no shared file."""

from __future__ import annotations

import importlib
import os
import pkgutil

import games
from games.protocol import Game

_registry: dict[str, Game] = {}
_discovered = False


def register(game: Game) -> Game:
    _registry[game.id] = game
    return game


def _discover() -> None:
    """Every games/ subpackage with a GAME, plus the modules named in CARAVAN_GAME_MODULES
    (comma-separated; for games kept outside this package, e.g. the toy game of the tests)."""
    global _discovered
    if _discovered:
        return
    _discovered = True
    for name in filter(None, (m.strip() for m in os.environ.get("CARAVAN_GAME_MODULES", "").split(","))):
        game = getattr(importlib.import_module(name), "GAME", None)
        if isinstance(game, Game):
            _registry.setdefault(game.id, game)
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"games.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            _registry.setdefault(game.id, game)


def all_games() -> dict[str, Game]:
    _discover()
    return dict(sorted(_registry.items()))


def get(game_id: str) -> Game:
    """The game type with this id; KeyError when there is none."""
    _discover()
    return _registry[game_id]
