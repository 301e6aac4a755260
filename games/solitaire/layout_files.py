"""Layouts as text: KMahjongg ``.layout`` files and the admin's grid per level.

Pure Python, no Django. Both formats draw each level as rows of half-tile cells, the
way KMahjongg does: a tile is marked by ``1`` in its top-left cell, and ``2``, ``3``,
``4`` in its top-right, bottom-right and bottom-left cells; ``.`` is empty. Only the
``1`` decides where a tile is (as in KMahjongg), so a position ``(x, y, z)`` of ours
is simply the column, row and level of a ``1``.

KMahjongg files (``src/boardlayout.cpp`` of KDE's kmahjongg):

* the first line is ``kmahjongg-layout-v1.0`` or ``kmahjongg-layout-v1.1``;
* lines starting with ``#`` are comments;
* version 1.1 gives the board's size in lines ``w<width>``, ``h<height>`` and
  ``d<depth>``; version 1.0 is always 32 x 16 cells on 5 levels;
* every other line is cells, and all of them together must be exactly
  width x height x depth cells: level by level, row by row, left to right.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Position = tuple[int, int, int]

MAGIC_1_0 = "kmahjongg-layout-v1.0"
MAGIC_1_1 = "kmahjongg-layout-v1.1"
V1_0_SIZE = (32, 16, 5)  # width, height, depth: fixed in the 1.0 format

TOP_LEFT = "1"
OTHER_CORNERS = {(1, 0): "2", (1, 1): "3", (0, 1): "4"}  # (dx, dy) -> mark
EMPTY = "."
GRID_CELLS = frozenset(".1234 ")
MAX_GRID = 256  # cells a side or levels in a file: far beyond any real layout
_LEVEL_HEADER = re.compile(r"#\s*level\s+(\d{1,4})\b", re.IGNORECASE)
_MAX_PROBLEMS = 20  # enough to fix a file; a wrong file would give thousands


class LayoutFileError(ValueError):
    """A file or grid that cannot be read; ``problems`` are meant for an admin."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


@dataclass(frozen=True, slots=True)
class KMahjonggLayout:
    """A parsed ``.layout`` file: its format version, its board size in cells and the
    positions of its tiles, moved to the top-left corner (KMahjongg pads its boards)."""

    version: str
    width: int
    height: int
    depth: int
    positions: tuple[Position, ...]


# --- KMahjongg files ---------------------------------------------------------------


def parse_kmahjongg(text: str) -> KMahjonggLayout:
    """Read a KMahjongg layout file of version 1.0 or 1.1; ``LayoutFileError`` says
    what is wrong with it."""
    lines = text.removeprefix("\ufeff").splitlines()
    magic = lines[0].strip() if lines else ""
    if magic not in (MAGIC_1_0, MAGIC_1_1):
        raise LayoutFileError(
            [
                f"this is not a KMahjongg layout file: its first line must be “{MAGIC_1_0}” "
                f"or “{MAGIC_1_1}”"
            ]
        )
    if magic == MAGIC_1_0:
        size, rows = V1_0_SIZE, _cell_lines(lines)
    else:
        size, rows = _header_1_1(lines)
    width, height, depth = size
    cells = "".join(row for _, row in rows)
    expected = width * height * depth
    if len(cells) != expected:
        raise LayoutFileError([_size_mismatch(size, len(cells), rows)])
    positions = [
        (index % width, index // width % height, index // (width * height))
        for index, cell in enumerate(cells)
        if cell == TOP_LEFT
    ]
    return KMahjonggLayout(
        version=magic.rsplit("v", 1)[1],
        width=width,
        height=height,
        depth=depth,
        positions=_moved_to_origin(positions),
    )


def _cell_lines(lines: list[str]) -> list[tuple[int, str]]:
    """The lines holding cells, with their line numbers: not the magic, not comments,
    not blank (a blank line adds no cells in KMahjongg either)."""
    return [
        (number, line)
        for number, line in enumerate(lines[1:], start=2)
        if line and not line.startswith("#")
    ]


def _header_1_1(lines: list[str]) -> tuple[tuple[int, int, int], list[tuple[int, str]]]:
    """Version 1.1: the ``w``/``h``/``d`` lines give the size; the rest are cells."""
    size = {"w": 0, "h": 0, "d": 0}
    rows = []
    problems = []
    misread = set()
    for number, line in _cell_lines(lines):
        key = line[0]
        if key not in size:
            rows.append((number, line))
            continue
        value = line[1:].strip()
        # ASCII only: "²".isdigit() is true, but int("²") fails.
        if value.isascii() and value.isdigit() and 0 < int(value) <= MAX_GRID:
            size[key] = int(value)
        else:
            misread.add(key)
            problems.append(
                f"line {number}: “{line.strip()}” must be “{key}” and a number, like {key}16"
            )
    words = {"w": "width", "h": "height", "d": "depth (levels)"}
    problems += [
        f"the header gives no {words[key]}: add a line like {key}{default}"
        for key, default in zip("whd", V1_0_SIZE, strict=True)
        if not size[key] and key not in misread
    ]
    if problems:
        raise LayoutFileError(problems)
    return (size["w"], size["h"], size["d"]), rows


def _size_mismatch(size: tuple[int, int, int], found: int, rows: list[tuple[int, str]]) -> str:
    width, height, depth = size
    message = (
        f"the board is {width} x {height} cells on {depth} levels, so it needs "
        f"{width * height * depth} cells, but the file has {found}"
    )
    uneven = next(((number, row) for number, row in rows if len(row) != width), None)
    if uneven is not None:
        number, row = uneven
        message += f"; line {number} has {len(row)} cells instead of {width}"
    elif len(rows) != height * depth:
        message += f"; it has {len(rows)} rows instead of {height} x {depth} = {height * depth}"
    return message


def _moved_to_origin(positions: list[Position]) -> tuple[Position, ...]:
    """The positions shifted so that the left-most tile starts at x = 0, the top-most
    at y = 0 and the lowest level is 0: a file's padding means nothing to us."""
    if not positions:
        return ()
    dx = min(x for x, _, _ in positions)
    dy = min(y for _, y, _ in positions)
    dz = min(z for _, _, z in positions)
    return tuple((x - dx, y - dy, z - dz) for x, y, z in positions)


# --- the admin's grid per level -----------------------------------------------------


def grid_from_positions(positions: Iterable[Sequence[int]]) -> str:
    """The positions drawn as a KMahjongg-style grid, one block per level under a
    ``# level <z>`` line; every level as wide and tall as the whole layout.

    ``positions_from_grid`` reads it back: the same positions, in the order
    level, row, column.
    """
    tiles = sorted({(int(x), int(y), int(z)) for x, y, z in positions}, key=_reading_order)
    if not tiles:
        return ""
    if min(min(p) for p in tiles) < 0:
        raise ValueError("a grid cannot show negative coordinates")
    width = max(x for x, _, _ in tiles) + 2
    height = max(y for _, y, _ in tiles) + 2
    levels = max(z for _, _, z in tiles) + 1
    cells = [[[EMPTY] * width for _ in range(height)] for _ in range(levels)]
    for x, y, z in tiles:
        for (dx, dy), mark in OTHER_CORNERS.items():
            if cells[z][y + dy][x + dx] == EMPTY:
                cells[z][y + dy][x + dx] = mark
    for x, y, z in tiles:  # a tile's own mark wins over a neighbour's corner
        cells[z][y][x] = TOP_LEFT
    blocks = [
        "\n".join([f"# level {z}", *("".join(row) for row in level)])
        for z, level in enumerate(cells)
    ]
    return "\n".join(blocks) + "\n"


def positions_from_grid(text: str) -> list[Position]:
    """Read a grid as ``grid_from_positions`` writes it; ``LayoutFileError`` lists the
    cells it cannot read.

    A ``# level <z>`` line starts level z; any other line starting with ``#`` starts
    the next level; rows before the first such line are level 0. Blank lines are
    skipped. ``.`` or a space is an empty cell; ``2``, ``3``, ``4`` only help the eye.
    """
    positions: list[Position] = []
    problems: list[str] = []
    z, y = -1, 0
    for line in text.splitlines():
        line = line.rstrip()
        if not line:
            continue
        if line.startswith("#"):
            header = _LEVEL_HEADER.match(line)
            z, y = (int(header.group(1)) if header else z + 1), 0
            continue
        z = max(z, 0)
        for x, cell in enumerate(line):
            if cell == TOP_LEFT:
                positions.append((x, y, z))
            elif cell not in GRID_CELLS:
                problems.append(
                    f"level {z}, x = {x}, y = {y}: “{cell}” is not a grid mark (use 1 "
                    "for a tile's top-left cell, 2 3 4 for its other cells, . for empty)"
                )
        y += 1
    if problems:
        if len(problems) > _MAX_PROBLEMS:
            extra = len(problems) - _MAX_PROBLEMS
            problems = problems[:_MAX_PROBLEMS] + [f"and {extra} more cells like these"]
        raise LayoutFileError(problems)
    return sorted(positions, key=_reading_order)


def _reading_order(position: Position) -> tuple[int, int, int]:
    x, y, z = position
    return (z, y, x)
