"""Random greedy playouts (the difficulty figure) and the built-in layouts' table."""

from __future__ import annotations

import pytest

from games.solitaire.engine import (
    BUILTIN_LAYOUTS,
    LAYOUT_FIGURES,
    SplitMix64,
    deal,
    geometry_for,
    greedy_win_share,
    layout_win_share,
    validate_layout,
)
from games.solitaire.engine.difficulty import LAYOUT_SALT

from .helpers import layout_geometry


def test_greedy_playouts_always_win_where_no_choice_can_go_wrong() -> None:
    # Two stacks apart, 1B under 2B in both: the tops go, then the bottoms, and four
    # free flowers beside them pair up whichever way the playout picks.
    geometry = geometry_for(
        [(0, 0, 0), (4, 0, 0), (0, 0, 1), (4, 0, 1), (8, 0, 0), (12, 0, 0), (16, 4, 0), (20, 4, 0)]
    )
    faces = ("1B", "1B", "2B", "2B", "F1", "F2", "F3", "F4")
    assert greedy_win_share(geometry, faces, SplitMix64(1), playouts=20) == 1.0


def test_greedy_playouts_lose_on_a_deal_that_cannot_be_cleared() -> None:
    # One stack of four: the top pair must go first, but 1B lies on 2B lies on 1B.
    geometry = geometry_for([(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3)])
    faces = ("1B", "2B", "1B", "2B")
    assert greedy_win_share(geometry, faces, SplitMix64(1), playouts=20) == 0.0


def test_greedy_playouts_win_as_often_as_their_first_choice_allows() -> None:
    # Two loose 1B, a 1B on a 2B, and a 2B on a 1B. The first move pairs two of the
    # three free 1B: the loose two leave both stacks stuck; a loose one with the 1B on
    # the stack frees its 2B, and then everything goes. Two first moves in three win.
    positions = [(0, 0, 0), (4, 0, 0), (8, 0, 0), (8, 0, 1), (12, 0, 0), (12, 0, 1)]
    faces = ("1B", "1B", "2B", "1B", "1B", "2B")
    geometry = geometry_for(positions)
    share = greedy_win_share(geometry, faces, SplitMix64(7), playouts=600)
    assert share == greedy_win_share(geometry, faces, SplitMix64(7), playouts=600)  # seeded
    assert abs(share - 2 / 3) < 0.06


def test_a_layouts_figure_is_the_mean_over_its_seeded_deals() -> None:
    geometry = layout_geometry("a")
    by_hand = [
        greedy_win_share(geometry, deal(geometry, seed), SplitMix64(seed ^ LAYOUT_SALT), 10)
        for seed in range(3)
    ]
    assert layout_win_share(geometry, deals=3, playouts=10) == sum(by_hand) / 3
    assert layout_win_share(geometry, deals=0) == 0.0


def test_the_table_has_a_row_for_every_builtin_layout() -> None:
    assert list(LAYOUT_FIGURES) == list(BUILTIN_LAYOUTS)


@pytest.mark.parametrize("letter", sorted(BUILTIN_LAYOUTS))
def test_the_tables_sizes_are_the_layouts_own(letter: str) -> None:
    positions = BUILTIN_LAYOUTS[letter].positions
    geometry = geometry_for(positions)
    report = validate_layout(positions)
    row = LAYOUT_FIGURES[letter]
    assert (row.tiles, row.levels, row.width, row.height) == (
        geometry.n,
        geometry.levels,
        geometry.width,
        geometry.height,
    )
    assert (row.wide, row.free_at_start) == (report.wide, report.free_at_start)
    assert 0.05 < row.greedy_win_share < 0.95


def test_the_tables_difficulty_is_computed_again_exactly() -> None:
    # The cheapest layout, with the table's full parameters (about a second).
    figure = layout_win_share(layout_geometry("a"))
    assert round(figure, 4) == LAYOUT_FIGURES["a"].greedy_win_share


def test_pavilion_forgives_more_than_the_full_towers() -> None:
    assert LAYOUT_FIGURES["a"].greedy_win_share > 2 * LAYOUT_FIGURES["c"].greedy_win_share
    assert LAYOUT_FIGURES["a"].greedy_win_share == max(
        row.greedy_win_share for row in LAYOUT_FIGURES.values()
    )
