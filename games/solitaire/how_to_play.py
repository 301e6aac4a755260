"""The small pictures of the how-to-play page: hand-made boards for the edge cases of
the free rule (docs/solitaire.md#how-to-play).

Each example says what it means to show (``free``), and the page shows what the
engine's free rule says of the marked tile, so a picture can never teach a rule the game
does not play by: a test holds the two together.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import engine
from .presenters import still_board


@dataclass(frozen=True)
class Example:
    name: str  # the picture's key in the page's templates
    positions: tuple[tuple[int, int, int], ...]
    faces: tuple[str, ...]
    marked: int  # the tile the picture is about
    free: bool  # what the picture means to show


EXAMPLES = (
    # A row of three: the ends are free, the middle one is shut in left and right.
    Example("row_end", ((0, 0, 0), (2, 0, 0), (4, 0, 0)), ("3D", "7B", "E"), 0, True),
    Example("row_middle", ((0, 0, 0), (2, 0, 0), (4, 0, 0)), ("3D", "7B", "E"), 1, False),
    # A tile on top that covers only half of it still holds it down.
    Example("half_overlap", ((0, 0, 0), (2, 0, 0), (1, 0, 1)), ("2C", "5D", "R"), 0, False),
    # Neighbours shifted half a tile still close a side they touch only in part.
    Example("partial_contact", ((0, 1, 0), (2, 0, 0), (4, 1, 0)), ("9B", "N", "4C"), 1, False),
    # Tiles above and below it in the picture never block it.
    Example("above_below", ((0, 0, 0), (0, 2, 0), (0, 4, 0)), ("6D", "G", "1B"), 1, True),
    # A higher tile standing beside it does not close its side: only its own level does.
    Example("higher_beside", ((0, 0, 0), (3, 0, 0), (2, 0, 1)), ("S", "8C", "Wh"), 0, True),
)


def pictures() -> dict[str, dict]:
    """Every example as a still board, with the engine's verdict on its marked tile
    (``marked_free``)."""
    drawn = {}
    for example in EXAMPLES:
        geometry = engine.geometry_for(example.positions)
        board = engine.Board(example.faces, geometry.full_mask)
        drawn[example.name] = {
            **still_board(example.positions, board, frozenset({example.marked})),
            "marked_free": geometry.is_free(example.marked, geometry.full_mask),
        }
    return drawn


PICTURE_SEED = 1  # the deal a layout's picture shows: the same every time


def layout_picture(layout) -> dict:
    """A layout as its deal of ``PICTURE_SEED`` lays it out, as a still board."""
    geometry = engine.geometry_for(layout.positions)
    return still_board(layout.positions, engine.initial_board(geometry, PICTURE_SEED))
