"""Every game package keeps the one layout described in games/README.md, in modules a reader can take in.

The layout includes `testing.py`: what the shared tests need to know of the game (its golden
playthroughs, the moves its board chooses by click, the bots a person plays in the browser, a fitted
evaluation's first feature), read through tests/needs.py, so a fifth game touches no shared test file.
A game that ships no players' guide says so there (`GUIDE = False`: the toy game of tests/toygame/);
every game of games/ has one (tests/test_guides.py). tests/test_fifth_game.py runs these checks over a
copy of the toy game."""

import ast
from pathlib import Path

import pytest

import games

GAMES_DIR = Path(games.__file__).parent
PACKAGES = sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists() and (p / "game.py").exists())
LAYOUT = ("content", "state", "moves", "turn", "legal", "rules", "scoring", "view", "render", "game", "guide", "testing")
MOST_LINES = 400
DRAWING = {"render.py", "describe.py", "svg.py", "svgkit.py"}  # the clients' drawing code, kept by their owners


def test_the_four_games_are_found():
    assert {p.name for p in PACKAGES} >= {"kashgar", "yangtze", "bangkok_klongs", "himalaya"}


def declares_no_guide(package: Path) -> bool:
    """Whether the package's testing.py says `GUIDE = False`."""
    testing = package / "testing.py"
    if not testing.exists():
        return False
    return any(isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["GUIDE"]
               and isinstance(node.value, ast.Constant) and node.value.value is False
               for node in ast.parse(testing.read_text()).body)


def missing_modules(package: Path) -> list[str]:
    """The modules of the layout the package lacks."""
    wanted = [m for m in LAYOUT if not (m == "guide" and declares_no_guide(package))]
    return [m for m in wanted if not (package / f"{m}.py").exists()]


def too_long(package: Path) -> list[str]:
    """The package's modules over MOST_LINES lines (the drawing code left to its owners)."""
    return [p.name for p in sorted(package.rglob("*.py"))
            if p.name not in DRAWING and len(p.read_text().splitlines()) > MOST_LINES]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_game_has_the_shared_layout(package):
    missing = missing_modules(package)
    assert not missing, f"{package.name} lacks {missing} (see games/README.md)"


@pytest.mark.parametrize("module", sorted(p for p in GAMES_DIR.rglob("*.py") if p.name not in DRAWING),
                         ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_no_rules_module_is_over_400_lines(module):
    assert len(module.read_text().splitlines()) <= MOST_LINES
