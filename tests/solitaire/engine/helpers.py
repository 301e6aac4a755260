"""Small helpers shared by the engine tests."""

from __future__ import annotations

from collections import Counter

from games.solitaire.engine import BUILTIN_LAYOUTS, Board, Geometry, apply_removal, geometry_for


def layout_geometry(letter: str) -> Geometry:
    return geometry_for(BUILTIN_LAYOUTS[letter].positions)


def play_out(geometry: Geometry, board: Board, order: list[tuple[int, int]]) -> Board:
    """Apply a removal order move by move (each checked by ``apply_removal``)."""
    for i, j in order:
        board = apply_removal(geometry, board, i, j)
    return board


def remaining_faces(board: Board) -> Counter[str]:
    return Counter(board.faces[i] for i in board.remaining_indices())


def row(*codes: str) -> tuple[tuple[tuple[int, int, int], ...], tuple[str, ...]]:
    """A single row of tiles on level 0 with these faces: (positions, faces)."""
    return tuple((2 * k, 0, 0) for k in range(len(codes))), codes
