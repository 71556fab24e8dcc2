"""A fifth game touches no shared file (issue 56, point 3): the toy game's package (tests/toygame/) copied
under a new name into the `games` package, its id changed, registered, passes the checks every game of
games/ gets — the layout and the 400 lines, no hidden state and one-way imports, the protocol's
contract, golden playthroughs that replay, every move in words, and what the shared tests need, read
from its own testing.py. Without its testing.py the shared tests fail on it loudly.

The copy lives in a temporary folder added to `games.__path__` (the working tree's games/ is left
alone), and is unregistered afterwards."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path

import pytest

import games
import tests.test_layout as layout
from games import registry
from games.protocol import CHANCE
from tests import contract, golden
from tests.games_pure import import_cycle, impurities
from tests.needs import declared, need, shipped

TOY = Path(__file__).parent / "toygame"


def _copy(tmp_path: Path, name: str, keep_testing: bool = True):
    """The toy package copied to games.<name>, with the game id <name>; (its folder, its GAME)."""
    folder = tmp_path / name
    shutil.copytree(TOY, folder, ignore=shutil.ignore_patterns("__pycache__"))
    game_py = folder / "game.py"
    game_py.write_text(game_py.read_text().replace('id = "toy"', f'id = "{name}"'))
    if not keep_testing:
        (folder / "testing.py").unlink()
    games.__path__.append(str(tmp_path))
    return folder, importlib.import_module(f"games.{name}").GAME


@pytest.fixture
def fifth(tmp_path, request):
    """The toy's copy (or, with `indirect` False, a copy without testing.py), registered while the test runs."""
    name = f"fifth_{request.node.name.rsplit('_', 1)[-1][:8].lower()}"
    folder, game = _copy(tmp_path, name, keep_testing=getattr(request, "param", True))
    registry.register(game)
    yield folder, game
    registry._registry.pop(game.id, None)
    games.__path__.remove(str(tmp_path))
    for module in [m for m in sys.modules if m == f"games.{name}" or m.startswith(f"games.{name}.")]:
        del sys.modules[module]


def test_the_copy_is_a_game_of_games_with_the_shared_layout(fifth):
    folder, game = fifth
    assert type(game).__module__ == f"games.{folder.name}.game" and game.id in shipped()
    assert layout.missing_modules(folder) == [] and layout.too_long(folder) == []


def test_the_copy_hides_no_state_and_imports_one_way(fifth):
    folder, _ = fifth
    modules = sorted(folder.glob("*.py"))
    assert [(m.name, impurities(m, modules)) for m in modules if impurities(m, modules)] == []
    assert import_cycle(folder, folder.name) == []


def test_the_copy_keeps_the_protocols_contract(fifth):
    _, game = fifth
    for players in range(game.min_players, game.max_players + 1):
        contract.check_playout_ends_with_result(game, players, seed=players)
        contract.check_replay_rebuilds(game, players, seed=players)
        contract.check_hidden_parts_do_not_change_views(game, players, seed=players)
        contract.check_illegal_moves_refused(game, players, seed=players)


def test_the_copys_golden_playthroughs_replay_and_end(fifth):
    _, game = fifth
    cases = golden.cases()[game.id]
    assert cases == need(game, "GOLDEN") and cases
    for players, seed, options in cases:
        lines = golden.playthrough(game, players, seed, options)
        assert lines == golden.playthrough(game, players, seed, options)
        assert lines[-1].startswith("end |") and " ranks " in lines[-1]


def test_every_move_of_the_copy_has_words(fifth):
    _, game = fifth
    state, history = contract.random_playout(game, game.min_players, seed=3)
    for actor, move in history:
        assert registry.words(game, move, chance=actor == CHANCE)


def test_the_copy_declares_what_the_shared_tests_need(fifth):
    _, game = fifth
    assert need(game, "CLICKED") == frozenset() and need(game, "OPPONENT").startswith("ai-")


@pytest.mark.parametrize("fifth", [False], indirect=True, ids=["without-testing"])
def test_a_game_that_declares_nothing_fails_the_shared_tests(fifth):
    _, game = fifth
    with pytest.raises(AssertionError, match="declares no test needs"):
        declared(game)
    with pytest.raises(AssertionError, match="declares no test needs"):
        golden.cases()
