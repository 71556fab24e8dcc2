"""What the shared tests need to know of a game, declared by the game itself in its package's
`testing.py` (games/<package>/testing.py; games/README.md lists the fields), so a fifth game touches no
shared test file. A game of games/ that declares nothing, or not a field a test asks for, fails that
test loudly (never skipped)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from games.protocol import Game
from games.registry import all_games


def package_of(game: Game) -> str:
    """The package the game's class lives in: games.kashgar for Kashgar."""
    return type(game).__module__.rpartition(".")[0]


def shipped() -> dict[str, Game]:
    """The registered games that are packages of games/ (not the tests' own toy games): id -> game."""
    return {gid: g for gid, g in all_games().items() if package_of(g).startswith("games.")}


def declared(game: Game) -> ModuleType:
    """The game's `testing` module; AssertionError when it has none."""
    name = f"{package_of(game)}.testing"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        raise AssertionError(f"game {game.id!r} declares no test needs: add {name.replace('.', '/')}.py "
                             "(games/README.md lists its fields)") from None


def need(game: Game, field: str) -> Any:
    """One field of the game's `testing` module; AssertionError when it does not declare it."""
    module = declared(game)
    if not hasattr(module, field):
        raise AssertionError(f"game {game.id!r} does not declare {field} in {module.__name__}")
    return getattr(module, field)
