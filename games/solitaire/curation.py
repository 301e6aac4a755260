"""Admins curating layouts: letters, import, and the picture of a layout.

Used by the Layout admin, its upload view and ``manage.py import_layout``; the rules
themselves (what makes a layout sound) are the engine's ``validate_layout``.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import PurePath

from django.db import IntegrityError, transaction

from . import engine
from .engine.tiles import MAX_TILES
from .layout_files import LayoutFileError, parse_kmahjongg
from .models import Layout

LETTERS = string.ascii_lowercase
NO_FREE_LETTER = (
    "all 26 layout letters (a to z) are taken, so no layout can be added: "
    "delete a layout that no game uses to free its letter"
)
MAX_FILE_BYTES = 256 * 1024  # KMahjongg's own layouts are about 3 KB
SAMPLE_SEED = 1  # the sample deal the admin shows: code 1-<letter>
# Validation compares the tiles of a level pairwise; far beyond a full set the count
# alone is the answer, and a pasted or uploaded monster must not tie up a worker.
MAX_CHECKED_TILES = 2 * MAX_TILES

Position = tuple[int, int, int]


class LayoutRejected(Exception):
    """A layout that cannot be saved; ``problems`` are meant for an admin."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("; ".join(self.problems))


# --- letters -------------------------------------------------------------------------


def next_free_letter() -> str | None:
    """The first of a-z that no layout has; None when all 26 are taken."""
    taken = set(Layout.objects.values_list("letter", flat=True))
    return next((letter for letter in LETTERS if letter not in taken), None)


def save_new_layout(layout: Layout, attempts: int = 3) -> Layout:
    """Insert ``layout`` under the next free letter. Two admins saving at once may
    pick the same letter; the unique index refuses the second, which tries again."""
    for attempt in range(1, attempts + 1):
        letter = next_free_letter()
        if letter is None:
            raise LayoutRejected([NO_FREE_LETTER])
        layout.letter = letter
        try:
            with transaction.atomic():
                layout.save(force_insert=True)
        except IntegrityError:
            if attempt == attempts:
                raise
        else:
            return layout
    raise AssertionError("unreachable: the last attempt returns or raises")


def count_problem(count: int) -> str | None:
    """The engine's words for far too many tiles, before anything slower runs."""
    if count <= MAX_CHECKED_TILES:
        return None
    return f"the layout has {count} positions: at most {MAX_TILES} fit a set"


# --- order of positions --------------------------------------------------------------


def positions_to_store(
    stored: Iterable[Sequence[int]], edited: Iterable[Position]
) -> list[list[int]]:
    """What to store after an edit: the stored list itself when the edit kept the same
    positions. The deal of a code depends on the order of the positions, so a layout
    whose shape did not change keeps dealing the same towers for the same codes."""
    stored_list = [list(p) for p in stored]
    edited_list = [list(p) for p in edited]
    if sorted(stored_list) == sorted(edited_list):
        return stored_list
    return edited_list


# --- import --------------------------------------------------------------------------


def read_layout_file(data: bytes) -> tuple[tuple[Position, ...], engine.LayoutReport]:
    """The positions of an uploaded KMahjongg file and the engine's report on them;
    ``LayoutRejected`` with every problem when the file cannot become a layout."""
    if len(data) > MAX_FILE_BYTES:
        raise LayoutRejected(
            [
                f"the file has {len(data) // 1024} KB: a layout file has a few KB, at most "
                f"{MAX_FILE_BYTES // 1024} KB are read"
            ]
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise LayoutRejected(
            ["the file is not UTF-8 text: is it a KMahjongg .layout file?"]
        ) from None
    try:
        parsed = parse_kmahjongg(text)
    except LayoutFileError as error:
        raise LayoutRejected(error.problems) from None
    if problem := count_problem(len(parsed.positions)):
        raise LayoutRejected([problem])
    report = engine.validate_layout(parsed.positions)
    if report.errors:
        raise LayoutRejected(report.errors)
    return parsed.positions, report


def name_from_filename(filename: str) -> str:
    """``x_shaped.layout`` -> ``X shaped``: a name to start with, admins rename."""
    stem = PurePath(filename).stem.replace("_", " ").replace("-", " ").strip()
    name = " ".join(stem.split())[: Layout._meta.get_field("name").max_length]
    return name[:1].upper() + name[1:] if name else "Imported layout"


def import_layout(data: bytes, *, name: str, user=None) -> tuple[Layout, engine.LayoutReport]:
    """A new layout from the bytes of a KMahjongg file; ``LayoutRejected`` otherwise."""
    positions, report = read_layout_file(data)
    return create_imported_layout(positions, report, name=name, user=user), report


def create_imported_layout(
    positions: Sequence[Position], report: engine.LayoutReport, *, name: str, user=None
) -> Layout:
    """A new, inactive layout, so that admins can try it (``manage.py deal
    <seed>-<letter>``) and curate it before switching it on."""
    layout = Layout(
        name=name,
        positions=[list(p) for p in positions],
        active=False,
        wide=report.wide,
        updated_by=user if getattr(user, "is_authenticated", False) else None,
    )
    return save_new_layout(layout)


# --- the picture ---------------------------------------------------------------------

CELL_WIDTH = 13  # px per half cell across; a tile is two cells each way
CELL_HEIGHT = 17
LEVEL_SHIFT = 4  # each level drawn this many px up and left of the one below
PADDING = 6
LEVEL_SHADES = ("#8c7a55", "#ad976a", "#c9b588", "#dfd0a6", "#efe5c6", "#fbf7ea")


@dataclass(frozen=True)
class PictureTile:
    index: int
    x: int
    y: int
    z: int
    left: int
    top: int
    shade: str
    free: bool
    face: str  # of the sample deal; "" when the layout cannot be dealt


@dataclass(frozen=True)
class LayoutPicture:
    """What the admin shows of a layout: a drawing with levels shaded and numbered and
    the tiles free at the start outlined, a drawing of a sample deal, and the engine's
    report."""

    tiles: list[PictureTile]
    width: int  # px
    height: int
    tile_width: int
    tile_height: int
    face_width: int
    face_height: int
    label_x: int  # where a tile's level number goes
    label_y: int
    cells_across: int  # half cells, as in "wider than 12"
    free_count: int
    levels: list[tuple[int, str, int]]  # level, shade, number of tiles
    report: engine.LayoutReport
    sample_code: str


def layout_picture(positions: Iterable[Sequence[int]], letter: str = "") -> LayoutPicture | None:
    """The picture of these positions; None for no positions at all."""
    tuples = [(int(x), int(y), int(z)) for x, y, z in positions]
    if not tuples:
        return None
    report = engine.validate_layout(tuples)
    geometry = engine.geometry_for(tuples)
    free = set(geometry.free_indices(geometry.full_mask))
    faces = engine.deal(geometry, SAMPLE_SEED) if report.ok else ("",) * len(tuples)
    depth = (geometry.levels - 1) * LEVEL_SHIFT
    tiles = [
        PictureTile(
            index=i,
            x=x,
            y=y,
            z=z,
            left=PADDING + depth + x * CELL_WIDTH - z * LEVEL_SHIFT,
            top=PADDING + depth + y * CELL_HEIGHT - z * LEVEL_SHIFT,
            shade=LEVEL_SHADES[min(z, len(LEVEL_SHADES) - 1)],
            free=i in free,
            face=faces[i],
        )
        for i, (x, y, z) in enumerate(tuples)
    ]
    tiles.sort(key=lambda tile: (tile.z, tile.y, tile.x))  # lower levels under higher
    counts = [sum(1 for tile in tiles if tile.z == z) for z in range(geometry.levels)]
    return LayoutPicture(
        tiles=tiles,
        width=2 * PADDING + depth + geometry.width * CELL_WIDTH,
        height=2 * PADDING + depth + geometry.height * CELL_HEIGHT,
        tile_width=2 * CELL_WIDTH - 1,
        tile_height=2 * CELL_HEIGHT - 1,
        face_width=2 * CELL_WIDTH - 5,
        face_height=2 * CELL_HEIGHT - 5,
        label_x=CELL_WIDTH,
        label_y=CELL_HEIGHT + 4,
        cells_across=geometry.width,
        free_count=len(free),
        levels=[
            (z, LEVEL_SHADES[min(z, len(LEVEL_SHADES) - 1)], count)
            for z, count in enumerate(counts)
        ],
        report=report,
        sample_code=f"{SAMPLE_SEED}-{letter}" if letter and report.ok else "",
    )
