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
        allowed = {package.replace("/", "."), "games.prng"}
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
