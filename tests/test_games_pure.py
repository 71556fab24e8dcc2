"""Game packages are one-way graphs with no hidden state (issue 56, point 3), read from the source with `ast`.

The rules, over every module under games/ (tests/games_pure.py holds the checks, so a game kept elsewhere,
e.g. the toy copy of tests/test_fifth_game.py, is checked the same way):

* No `global` statement, and no call of the builtin `id`: an answer keyed by an object's identity is a
  rule enforced by call order.
* No module-level mutable state: a name bound at module level (outside any def or class) to a mutable
  container — a dict, list or set display or comprehension, a call of dict, list, set, bytearray,
  defaultdict, OrderedDict, Counter or deque, or a tuple holding one of these — is built at import and
  never mutated after. Mutated means, inside any function or lambda of the same module (or through
  `module.NAME` in another games module's functions): an item or slice assigned, deleted or
  augmented (`NAME[k] = …`, `del NAME[k]`, `NAME[k] += …`, also deeper: `NAME[a][b] = …`), an
  attribute assigned on it, a mutating method called on it (append, extend, insert, pop, popitem,
  clear, update, setdefault, add, discard, remove, sort, reverse, …), or any of these done to a plain
  local alias of it (`x = NAME; x[k] = …`); an instance of a dict subclass that fills itself in
  `__missing__` is mutated by reading it. A table built once at import and only read (a constant) is
  fine, however it is spelled.
* A memo is a `functools.cache` / `functools.lru_cache` on a function of hashable values (a state, a
  tuple, an int — never an identity). Those decorators are the one way to memoise at module level.
* The one deliberate process-wide table is the registry of game types (`_registry` in
  games/registry.py): registering a game is its job.
* No import cycle inside a game package: each package's graph of imports between its own modules
  (`import`/`from … import` anywhere in a module, inside functions too) has no cycle.
"""

from __future__ import annotations

import pytest

from tests.games_pure import GAMES_DIR, import_cycle, impurities, packages

MODULES = sorted(GAMES_DIR.rglob("*.py"))


def test_the_games_have_modules_to_check():
    assert len(MODULES) > 40 and len(packages(GAMES_DIR)) >= 4


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_no_module_hides_state(module):
    assert impurities(module, MODULES) == []


@pytest.mark.parametrize("package", packages(GAMES_DIR), ids=lambda p: p.name)
def test_a_game_package_imports_one_way(package):
    assert import_cycle(package) == []
