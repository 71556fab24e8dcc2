"""Every game package keeps the one layout described in games/README.md, in modules a reader can take in."""

from pathlib import Path

import pytest

import games

GAMES_DIR = Path(games.__file__).parent
PACKAGES = sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists() and (p / "game.py").exists())
LAYOUT = ("content", "state", "moves", "legal", "rules", "scoring", "view", "render", "game", "guide")
MOST_LINES = 400
DRAWING = {"render.py", "describe.py", "svg.py", "svgkit.py"}  # the clients' drawing code, kept by their owners


def test_the_four_games_are_found():
    assert {p.name for p in PACKAGES} >= {"kashgar", "yangtze", "bangkok_klongs", "himalaya"}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_every_game_has_the_shared_layout(package):
    missing = [m for m in LAYOUT if not (package / f"{m}.py").exists()]
    assert not missing, f"{package.name} lacks {missing} (see games/README.md)"


@pytest.mark.parametrize("module", sorted(p for p in GAMES_DIR.rglob("*.py") if p.name not in DRAWING),
                         ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_no_rules_module_is_over_400_lines(module):
    assert len(module.read_text().splitlines()) <= MOST_LINES
