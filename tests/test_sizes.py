"""No module over 400 lines and no Python function over 80, anywhere in the project's code.

The limits are met by splitting along meaning (a module per concern, a helper named for what it
computes), never by squeezing lines (docs/development.md, "The fast tier").
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "events", "projections", "service", "cli", "ai", "bench", "tests")
SCRIPTS = ROOT / "service" / "web" / "static"
MOST_MODULE_LINES = 400
MOST_FUNCTION_LINES = 80


def python_modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def scripts() -> list[Path]:
    return sorted(SCRIPTS.rglob("*.js"))


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def long_functions(path: Path) -> list[str]:
    """Every function (or method, nested or not) in `path` longer than the limit, as 'path:line name (n lines)'."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1  # (end_lineno is always set by ast.parse)
            if length > MOST_FUNCTION_LINES:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_the_walk_finds_the_code():
    names = {str(p.relative_to(ROOT)) for p in python_modules() + scripts()}
    assert {"service/app.py", "games/protocol.py", "tests/test_sizes.py", "service/web/static/game.js"} <= names


def test_no_module_is_over_400_lines():
    over = [f"{p.relative_to(ROOT)} ({n} lines)" for p in python_modules() + scripts()
            if (n := lines_of(p)) > MOST_MODULE_LINES]
    assert not over, "modules over 400 lines, split them along meaning: " + ", ".join(over)


def test_no_function_is_over_80_lines():
    over = [entry for p in python_modules() for entry in long_functions(p)]
    assert not over, "functions over 80 lines, split them along meaning: " + ", ".join(over)
