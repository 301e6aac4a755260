"""Imports point down: views → play/daily → models/engine; the engines are plain
Python; accounts and leaderboards depend on the games, never the other way round (the
games tell the boards of wins by a signal), and the boards do not depend on accounts."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imports_of(package: str) -> dict[str, set[str]]:
    """Every module under the package and the absolute names it imports."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        names = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: resolve against the module's package
                    base = module.split(".")[: -node.level]
                    names.add(".".join([*base, node.module] if node.module else base))
                else:
                    names.add(node.module)
        found[module] = names
    return found


def offenders(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return sorted(
        f"{module} imports {name}"
        for module, names in imports_of(package).items()
        for name in names
        if name.split(".")[0] in forbidden or name.startswith(forbidden)
    )


def test_the_engines_are_plain_python():
    engines = [path for path in (ROOT / "games").glob("*/engine") if path.is_dir()]
    assert engines
    for engine in engines:
        package = str(engine.relative_to(ROOT))
        # A table game's engine may also use what every table engine shares.
        allowed = {package.replace("/", "."), "games.prng", "games.tables.engine"}
        for module, names in imports_of(package).items():
            ours = {n for n in names if n.split(".")[0] in {"games", "accounts", "leaderboards"}}
            assert not {n for n in names if n.split(".")[0] == "django"}, module
            assert all(any(n.startswith(a) for a in allowed) for n in ours), (module, ours)


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("games", ("accounts", "leaderboards", "config")),
        ("leaderboards", ("accounts",)),
    ],
)
def test_imports_point_down(package, forbidden):
    assert offenders(package, forbidden) == []


def test_models_and_the_rules_of_play_never_import_the_web_layer():
    web = ("games.solitaire.views", "games.solitaire.presenters", "games.solitaire.forms")
    lower = ("games.solitaire.models", "games.solitaire.play", "games.solitaire.daily")
    for module, names in imports_of("games/solitaire").items():
        if module in lower:
            assert not {n for n in names if n.startswith(web)}, module


def _runtime_imports(tree: ast.AST):
    """The import statements of a module that run, at load or later in a function: those
    for type checking alone left out."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            continue
        if isinstance(node, ast.ImportFrom | ast.Import):
            yield node
        else:
            yield from _runtime_imports(node)


def _package_imports(package: str) -> dict[str, set[str]]:
    """Every module under the package and the modules of the package it imports, at load
    or in a function (a cycle hidden in a function is a cycle still)."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        if "migrations" in path.parts:
            continue
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        is_package = path.name == "__init__.py"
        names = set()
        for node in _runtime_imports(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
                continue
            base = module.split(".") if is_package else module.split(".")[:-1]
            if node.level:
                base = base[: len(base) - node.level + 1]
                prefix = ".".join([*base, node.module] if node.module else base)
            else:
                prefix = node.module
            names.add(prefix)
            names |= {f"{prefix}.{alias.name}" for alias in node.names}
        if is_package:
            module = module.removesuffix(".__init__")
        found[module] = names
    return {m: {n for n in names if n in found and n != m} for m, names in found.items()}


def test_the_table_machinery_imports_in_one_direction():
    """No two modules of games/tables import each other, directly or round about (the
    deadline task is sent by name, so the timers need not import the tasks)."""
    graph = _package_imports("games/tables")
    graph.pop("games.tables.apps")  # its ready() imports what the app connects, once
    assert "games.tables.play" in graph and "games.tables.timers" in graph["games.tables.play"]
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            raise AssertionError(" -> ".join([*path[path.index(module) :], module]))
        if module in done:
            return
        for imported in sorted(graph[module]):
            visit(imported, (*path, module))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())


# The site's own packages, whose private names stay inside their module.
SITE = ("games", "accounts", "leaderboards", "config")
# bench/solver_floor.py times the solver's private pieces one by one, by design.
STUDIES_INTERNALS = {"bench/solver_floor.py"}


def _module_file(base: Path) -> Path | None:
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _module_path(name: str, importer: Path, level: int = 0) -> Path | None:
    """The file of one of the project's modules as ``importer`` names it (dotted, or
    relative by ``level``), if it is one: the site's packages from the root, and a
    script's neighbours (bench/ and scripts/ run with their own folder on the path)."""
    parts = name.split(".") if name else []
    if level:
        base = importer.parent
        for _ in range(level - 1):
            base = base.parent
    elif parts and parts[0] in SITE:
        base = ROOT
    elif importer.parent.name in ("bench", "scripts"):
        base = importer.parent
    else:
        return None
    return _module_file(base.joinpath(*parts))


def private_reaches(package: str) -> list[str]:
    """Every use of another module's private name (``from m import _x``, ``m._x`` on an
    imported module of the project, relative imports included) under the package."""
    found = []
    for path in (ROOT / package).rglob("*.py"):
        where = str(path.relative_to(ROOT))
        if "migrations" in path.parts or where in STUDIES_INTERNALS:
            continue
        tree = ast.parse(path.read_text())
        modules = set()  # the local names bound to modules of the project
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = node.module or ""
                for alias in node.names:
                    inner = f"{source}.{alias.name}" if source else alias.name
                    if alias.name.startswith("_") and not alias.name.startswith("__"):
                        if _module_path(source, path, node.level):
                            found.append(
                                f"{where}: from {'.' * node.level}{source} import {alias.name}"
                            )
                    elif _module_path(inner, path, node.level):
                        modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if _module_path(alias.name, path):
                        modules.add(alias.asname or alias.name.split(".")[0])
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                found.append(f"{where}: {node.value.id}.{node.attr}")
    return sorted(found)


@pytest.mark.parametrize("package", [*SITE, "bench", "scripts"])
def test_no_module_reaches_for_another_modules_private_names(package):
    """What another module (or a benchmark) calls is public by name: bench/floor_urls.py
    sends a tap's own statements through play.tap_row and play.store_tap."""
    assert private_reaches(package) == []
