"""``manage.py deal`` and ``manage.py solve`` (these need Django and the database:
run with ``make test ARGS=tests/engine/test_commands.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from games.solitaire import engine
from games.solitaire.models import Layout

pytestmark = pytest.mark.django_db


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_deal_prints_the_deal_as_json() -> None:
    tiles = json.loads(run("deal", "41739205-a", "--json"))
    geometry = engine.geometry_for(engine.BUILTIN_LAYOUTS["a"].positions)
    assert len(tiles) == 36
    assert set(tiles[0]) == {"x", "y", "z", "tile"}
    assert [(t["x"], t["y"], t["z"]) for t in tiles] == list(geometry.positions)
    assert tuple(t["tile"] for t in tiles) == engine.deal(geometry, 41739205)


def test_deal_without_json_prints_one_line_per_tile() -> None:
    lines = run("deal", "5-c").splitlines()
    assert lines[0].startswith("5-c on ")
    assert len(lines) == 1 + 144


def test_solve_says_the_deal_can_be_cleared_and_shows_one_way() -> None:
    output = run("solve", "41739205-a")
    assert "41739205-a on Pavilion can be cleared" in output
    assert "  1. " in output and " 18. " in output
    assert "Solver time:" in output and " ms" in output


def test_solve_as_json_gives_a_valid_order() -> None:
    result = json.loads(run("solve", "20260101-b", "--json"))
    assert result["status"] == "yes" and result["code"] == "20260101-b"
    geometry = engine.geometry_for(engine.BUILTIN_LAYOUTS["b"].positions)
    index = {p: i for i, p in enumerate(geometry.positions)}
    board = engine.initial_board(geometry, 20260101)
    for a, b in result["moves"]:
        board = engine.apply_removal(
            geometry, board, index[(a["x"], a["y"], a["z"])], index[(b["x"], b["y"], b["z"])]
        )
    assert board.is_cleared
    assert result["seconds"] >= 0


@pytest.mark.parametrize("command", ["deal", "solve"])
def test_a_bad_code_is_a_clear_error(command: str) -> None:
    with pytest.raises(CommandError, match="is not a game code"):
        run(command, "12x-a")


@pytest.mark.parametrize("command", ["deal", "solve"])
def test_an_unknown_letter_is_a_clear_error(command: str) -> None:
    Layout.objects.filter(letter="z").delete()
    with pytest.raises(CommandError, match="no layout with the letter “z”"):
        run(command, "12-z")


def test_a_layout_from_the_database_is_used() -> None:
    positions = [[2 * k, 0, 0] for k in range(4)] + [[1, 0, 1], [5, 0, 1]]
    Layout.objects.update_or_create(
        letter="z", defaults={"name": "Little row", "positions": positions, "active": False}
    )
    tiles = json.loads(run("deal", "7-z", "--json"))
    assert [[t["x"], t["y"], t["z"]] for t in tiles] == positions
    assert "7-z on Little row can be cleared" in run("solve", "7-z")


def test_a_builtin_missing_from_the_table_still_deals() -> None:
    Layout.objects.filter(letter="b").delete()
    assert len(json.loads(run("deal", "1-b", "--json"))) == 72


def test_a_broken_stored_layout_is_a_clear_error() -> None:
    Layout.objects.update_or_create(
        letter="y", defaults={"name": "Column", "positions": [[0, 0, 0], [0, 0, 1]]}
    )
    with pytest.raises(CommandError, match="cannot be dealt"):
        run("deal", "1-y")


@pytest.mark.parametrize("command", ["deal", "solve"])
def test_the_commands_work_on_a_fresh_checkout_before_migrate(command, tmp_path) -> None:
    """No tables yet: the built-in layouts answer, and nothing prints a traceback."""
    root = Path(__file__).resolve().parents[3]
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",
        "REDIS_URL": "",
        "DEBUG": "1",
    }
    done = subprocess.run(
        [sys.executable, "manage.py", command, "41739205-a", "--json"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    output = json.loads(done.stdout)
    assert len(output) == 36 if command == "deal" else output["status"] == "yes"
