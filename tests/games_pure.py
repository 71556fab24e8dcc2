"""The checks of tests/test_games_pure.py (its docstring states the rules): hidden state in a module, and
import cycles inside a game package, found with `ast`. Each returns what it found, [] when clean."""

from __future__ import annotations

import ast
from pathlib import Path

import games

GAMES_DIR = Path(games.__file__).parent
CONTAINERS = {"dict", "list", "set", "bytearray", "defaultdict", "OrderedDict", "Counter", "deque"}
MUTATORS = {"append", "extend", "insert", "pop", "popitem", "clear", "update", "setdefault", "add", "discard",
            "remove", "sort", "reverse", "appendleft", "extendleft", "popleft", "rotate", "__setitem__",
            "__delitem__", "difference_update", "intersection_update", "symmetric_difference_update"}
REGISTRY = {("registry.py", "_registry")}  # the registry of game types: registering is its job


def packages(root: Path) -> list[Path]:
    """The game packages under `root`: folders with an __init__.py and a game.py."""
    return sorted(p for p in root.iterdir() if (p / "__init__.py").exists() and (p / "game.py").exists())


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


def _is_container(value: ast.expr, kinds: set[str]) -> bool:
    if isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)):
        return True
    if isinstance(value, ast.Tuple):  # ({}, {}): each dict in it can change
        return any(_is_container(e, kinds) for e in value.elts)
    if isinstance(value, ast.Call):
        f = value.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        return name in kinds
    return False


def _self_filling(tree: ast.Module) -> set[str]:
    """The module's container classes that fill themselves when read (a `__missing__`): an instance of
    one is mutated by every lookup of a new key."""
    return {node.name for node in tree.body if isinstance(node, ast.ClassDef)
            and any(isinstance(b, ast.Name) and b.id in CONTAINERS for b in node.bases)
            and any(isinstance(f, ast.FunctionDef) and f.name == "__missing__" for f in node.body)}


def _top_level(tree: ast.Module):
    """Statements run at import (module level, inside if/try/with/for too, never inside def or class)."""
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            todo.extend(getattr(node, field, []) or [])


def mutable_names(path: Path) -> set[str]:
    """Names the module binds at module level to a mutable container."""
    tree = _tree(path)
    kinds = CONTAINERS | _self_filling(tree)
    out = set()
    for node in _top_level(tree):
        if isinstance(node, ast.Assign) and _is_container(node.value, kinds):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and node.value is not None and _is_container(node.value, kinds):
            if isinstance(node.target, ast.Name):
                out.add(node.target.id)
    return {n for n in out if (path.name, n) not in REGISTRY}


def self_filled(path: Path) -> list[str]:
    """Module-level instances of a self-filling container class of the module (see `_self_filling`)."""
    tree = _tree(path)
    kinds = _self_filling(tree)
    return [f"line {node.lineno}: {node.targets[0].id} fills itself when read" for node in _top_level(tree)
            if kinds and isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name)
            and node.value.func.id in kinds]


def _root(node: ast.expr) -> ast.expr:
    """The object an item or attribute chain starts from: `a` of `a[k][j]`, `m.a` of `m.a[k]`."""
    while isinstance(node, ast.Subscript):
        node = node.value
    return node


def _names_of(node: ast.expr, own: set[str], foreign: set[str], aliases: set[str]) -> str | None:
    if isinstance(node, ast.Name) and (node.id in own or node.id in aliases):
        return node.id
    if isinstance(node, ast.Attribute) and node.attr in foreign and isinstance(node.value, ast.Name):
        return f"{node.value.id}.{node.attr}"
    return None


def _mutations(tree: ast.Module, own: set[str], foreign: set[str]) -> list[str]:
    """Where a function of the module mutates one of `own` (its mutable module-level names), a
    `module.NAME` of `foreign`, or a plain local alias of either; each as 'line N: what'. (What the
    module does at import, outside any function, builds its constants.)"""
    found = []
    for fn in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))]:
        aliases = set()
        scope = [n for stmt in (fn.body if isinstance(fn.body, list) else [fn.body]) for n in ast.walk(stmt)]
        for node in scope:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                if _names_of(node.value, own, foreign, set()):
                    aliases.add(node.targets[0].id)
        for node in scope:
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            flat = []
            while targets:  # (a[0], b[1]) = … changes both
                t, *targets = targets
                if isinstance(t, (ast.Tuple, ast.List)):
                    targets += t.elts
                else:
                    flat.append(t.value if isinstance(t, ast.Starred) else t)
            for t in flat:
                if isinstance(t, (ast.Subscript, ast.Attribute)):
                    name = _names_of(_root(t.value if isinstance(t, ast.Attribute) else t), own, foreign, aliases)
                    if name:
                        found.append(f"line {node.lineno}: {name} changed")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                name = _names_of(_root(node.func.value), own, foreign, aliases)
                if name:
                    found.append(f"line {node.lineno}: {name}.{node.func.attr}(…)")
    return sorted(set(found))


def impurities(path: Path, modules: list[Path]) -> list[str]:
    """What hides state in the module at `path` ([] when nothing): `global` statements, calls of `id`,
    and mutations of module-level containers (its own, or another of `modules`' through `module.NAME`)."""
    tree = _tree(path)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found.append(f"line {node.lineno}: global {', '.join(node.names)}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id":
            found.append(f"line {node.lineno}: id(…), an identity")
    own = mutable_names(path)
    foreign = set().union(*(mutable_names(m) for m in modules if m != path)) if modules else set()
    return found + self_filled(path) + _mutations(tree, own, foreign)


def _imported(module: str, node: ast.AST, package: str, names: set[str]) -> set[str]:
    """The package's own modules that one import statement in `module` reaches."""
    prefix = f"games.{package}"
    out = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith(prefix + "."):
                out.add(alias.name[len(prefix) + 1:].split(".")[0])
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:  # relative: from . import x, from .x import y
            base = prefix + ("." + base if base else "")
        if base == prefix:
            out |= {a.name if a.name in names else "__init__" for a in node.names}
        elif base.startswith(prefix + "."):
            out.add(base[len(prefix) + 1:].split(".")[0])
    return {m for m in out if m in names and m != module}


def import_graph(package: Path, name: str | None = None) -> dict[str, set[str]]:
    """module -> the package's modules it imports (anywhere in it), for the package at `package`
    imported as games.<name> (default its folder's name)."""
    name = name or package.name
    modules = {p.stem for p in package.glob("*.py")}
    return {m: set().union(*(_imported(m, n, name, modules) for n in ast.walk(_tree(package / f"{m}.py"))))
            for m in sorted(modules)}


def import_cycle(package: Path, name: str | None = None) -> list[str]:
    """One import cycle inside the package as [a, b, …, a], or [] when its imports point one way."""
    graph = import_graph(package, name)
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        path.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state and (cycle := visit(n)):
                return cycle
        state[m] = 2
        path.pop()
        return []

    for m in graph:
        if m not in state and (cycle := visit(m)):
            return cycle
    return []
