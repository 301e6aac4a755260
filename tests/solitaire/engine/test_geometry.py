"""The free rule on hand-made tiny boards: every edge of the free-tile rule."""

from __future__ import annotations

import pytest

from games.solitaire.engine import Board, geometry_for
from games.solitaire.engine.geometry import bits


def free_tiles(*positions: tuple[int, int, int]) -> list[int]:
    """Indices of the free tiles when all the given positions are occupied."""
    geometry = geometry_for(positions)
    return geometry.free_indices(geometry.full_mask)


def test_a_lone_tile_is_free() -> None:
    assert free_tiles((0, 0, 0)) == [0]


@pytest.mark.parametrize(
    "above",
    [(0, 0, 1), (1, 0, 1), (0, 1, 1), (1, 1, 1), (-1, 0, 1), (0, -1, 1), (-1, -1, 1)],
    ids=["whole", "half-right", "half-down", "quarter", "half-left", "half-up", "quarter-up"],
)
def test_a_tile_with_anything_overlapping_from_above_is_not_free(above) -> None:
    x, y, z = above
    base = (2, 2, 0)
    assert free_tiles(base, (x + 2, y + 2, z)) == [1]


@pytest.mark.parametrize("beside", [(4, 2, 1), (2, 4, 1), (0, 0, 1), (4, 4, 1)])
def test_a_tile_on_a_higher_level_that_only_touches_does_not_cover(beside) -> None:
    assert free_tiles((2, 2, 0), beside) == [0, 1]


def test_a_tile_two_levels_up_still_covers() -> None:
    assert 0 not in free_tiles((0, 0, 0), (1, 1, 2))


def test_a_tile_below_never_blocks() -> None:
    geometry = geometry_for([(0, 0, 1), (0, 0, 0)])
    assert geometry.is_free(0, geometry.full_mask)
    assert not geometry.is_free(1, geometry.full_mask)


def test_the_middle_of_a_row_of_three_is_blocked_the_ends_are_free() -> None:
    assert free_tiles((0, 0, 0), (2, 0, 0), (4, 0, 0)) == [0, 2]


def test_one_open_side_is_enough() -> None:
    assert free_tiles((0, 0, 0), (2, 0, 0)) == [0, 1]


@pytest.mark.parametrize("dy", [-1, 1])
def test_a_half_offset_neighbour_closes_a_side(dy: int) -> None:
    # left neighbour in the same row, right neighbour half a row up or down
    assert 1 not in free_tiles((0, 2, 0), (2, 2, 0), (4, 2 + dy, 0))


@pytest.mark.parametrize("dy", [-2, 2, 3])
def test_tiles_above_or_below_in_the_picture_never_block(dy: int) -> None:
    assert 1 in free_tiles((0, 2, 0), (2, 2, 0), (4, 2 + dy, 0))
    # a full column of rows: every tile is free
    assert free_tiles((0, 0, 0), (0, 2, 0), (0, 4, 0)) == [0, 1, 2]


def test_a_neighbour_on_another_level_does_not_close_a_side() -> None:
    # the middle tile sits on level 0 between two level-1 tiles that do not overlap it
    assert 1 in free_tiles((0, 0, 1), (2, 0, 0), (4, 0, 1))


def test_a_gap_of_half_a_tile_leaves_the_side_open() -> None:
    assert free_tiles((0, 0, 0), (3, 0, 0), (6, 0, 0)) == [0, 1, 2]


def test_removed_tiles_stop_blocking() -> None:
    geometry = geometry_for([(0, 0, 0), (2, 0, 0), (4, 0, 0), (2, 0, 1)])
    everything = geometry.full_mask
    assert not geometry.is_free(1, everything)
    assert not geometry.is_free(1, everything & ~0b1000)  # still both sides
    assert geometry.is_free(1, everything & ~0b1001)


def test_blockers_say_why() -> None:
    geometry = geometry_for([(0, 0, 0), (2, 0, 0), (4, 1, 0), (3, 0, 1), (1, 1, 1)])
    everything = geometry.full_mask
    assert geometry.blockers(1, everything) == ([3, 4], [0, 2])
    without_top = everything & ~(1 << 3) & ~(1 << 4)
    assert geometry.blockers(1, without_top) == ([], [0, 2])
    assert geometry.blockers(1, without_top & ~1) == ([], [])  # free: nothing in the way
    assert geometry.blockers(0, everything) == ([4], [])  # one side open: covered only


def test_update_free_matches_a_fresh_computation() -> None:
    from games.solitaire.engine import BUILTIN_LAYOUTS

    geometry = geometry_for(BUILTIN_LAYOUTS["c"].positions)
    occupied = geometry.full_mask
    free = geometry.free_mask(occupied)
    for i in bits(free)[:2]:
        removed = 1 << i
        assert geometry.update_free(free, occupied, removed) == geometry.free_mask(
            occupied & ~removed
        )


def test_geometry_knows_its_size_and_is_cached() -> None:
    positions = [[0, 0, 0], [2, 1, 0], [1, 0, 1]]
    geometry = geometry_for(positions)
    assert (geometry.width, geometry.height, geometry.levels) == (4, 3, 2)
    assert geometry.n == 3 and geometry.full_mask == 0b111
    assert geometry_for(tuple(tuple(p) for p in positions)) is geometry
    assert geometry.left[1] == 0b001 and geometry.right[0] == 0b010
    assert geometry.covered_by[0] == 0b100 and geometry.covered_by[1] == 0b100


def test_a_board_knows_what_is_left() -> None:
    board = Board(("1B", "1B", "F1"), 0b101)
    assert board.remaining == 2 and not board.is_cleared
    assert board.is_occupied(2) and not board.is_occupied(1)
    assert board.remaining_indices() == [0, 2]
