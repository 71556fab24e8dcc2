"""The registry of game types: every subpackage of `games/` that exposes `GAME` (a `Game` instance).

Discovery is by package, so adding a game touches no shared file."""

from __future__ import annotations

import functools
import importlib
import json
import os
import pkgutil

import games
from games.protocol import Game

_registry: dict[str, Game] = {}  # the one process-wide table in games/ (tests/test_games_pure.py)


def register(game: Game) -> Game:
    _registry[game.id] = game
    return game


@functools.cache  # once a process
def _discover() -> None:
    """Every games/ subpackage with a GAME, plus the modules named in CARAVAN_GAME_MODULES
    (comma-separated; for games kept outside this package, e.g. the toy game of the tests)."""
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


def describer(game: Game):
    """The game's describe module (games/<package>/describe.py: describe_move, describe_chance, group…;
    cli/words.py lists what it may define), or None when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.describe") if package else None
    except ImportError:
        return None


def guide(game: Game):
    """The game's players' guide (games/<package>/guide.py: `SUMMARY`, the rules in one page of Markdown,
    and `WHY`, one line for each move type), or None when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.guide") if package else None
    except ImportError:
        return None


def why(game: Game, move_type: str) -> str | None:
    """The one line that says why a move of this type is offered and what it takes, or None."""
    module = guide(game)
    return getattr(module, "WHY", {}).get(move_type) if module is not None else None


def words(game: Game, move: object, view: object = None, chance: bool = False, note: str = "") -> str:
    """A decoded move (or chance outcome) in the game's words, as every client says it: the describe
    module's `describe_chance`/`describe_move(move, view)` (`view`: the mover's view as JSON, or None),
    else `Game.describe` (the same words without a view, or the move's JSON). `note` follows the move's
    own words ("(secret at the time: cy only)"), before what the move set running, which the describe
    module's `aftermath_words(view)` tells from `view["ran"]` (service/said.py)."""
    module = describer(game)
    fn = None
    if module is not None:
        fn = getattr(module, "describe_chance", None) if chance else None
        fn = fn or getattr(module, "describe_move", None)
    try:
        said = fn(move, view) if fn else game.describe(move)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        said = game.describe(move)
    then = getattr(module, "aftermath_words", None) if module is not None and not chance else None
    return said + note + (then(view) if then is not None and isinstance(view, dict) and view.get("ran") else "")


def move_words(game: Game, move: dict, view: object = None, chance: bool = False, note: str = "") -> str:
    """A move as a client has it (its JSON object) in the game's `words`; one the game cannot decode as
    its JSON."""
    try:
        decoded = game.decode_move(move)
    except ValueError:
        return json.dumps(move, separators=(", ", ": ")) + note
    return words(game, decoded, view, chance, note)
