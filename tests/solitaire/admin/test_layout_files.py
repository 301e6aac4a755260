"""KMahjongg layout files and the admin's text grid: plain Python, no database."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.solitaire.layout_files import (
    LayoutFileError,
    grid_from_positions,
    parse_kmahjongg,
    positions_from_grid,
)

DATA = Path(__file__).parent / "data"

# Checked by hand against the files: a 1 in column x of row y on level z, then the
# whole layout moved left by 4 and up by 3 (the file's padding).
TWO_HUMPS = (
    (0, 0, 0),
    (2, 0, 0),
    (4, 0, 0),
    (6, 0, 0),  # file row 3: 1s in columns 4 6 8 10
    (1, 2, 0),
    (5, 2, 0),  # file row 5: columns 5 and 9
    (1, 0, 1),
    (5, 0, 1),  # level 1, file row 3: columns 5 and 9
)
# No padding in this one: the positions are the columns and rows of the file's 1s.
WALL = (
    (0, 0, 0),
    (2, 0, 0),
    (4, 0, 0),
    (6, 0, 0),
    (8, 0, 0),
    (10, 0, 0),
    (1, 2, 0),
    (3, 2, 0),
    (5, 2, 0),
    (7, 2, 0),
    (0, 4, 0),
    (2, 4, 0),
    (4, 4, 0),
    (6, 4, 0),
    (8, 4, 0),
    (10, 4, 0),
    (3, 1, 1),
    (7, 1, 1),
    (4, 1, 2),
    (6, 1, 2),
)


def test_it_reads_a_version_1_0_file_on_its_fixed_board():
    layout = parse_kmahjongg((DATA / "two_humps_v1_0.layout").read_text())
    assert (layout.version, layout.width, layout.height, layout.depth) == ("1.0", 32, 16, 5)
    assert layout.positions == TWO_HUMPS


def test_it_reads_a_version_1_1_file_with_its_own_size():
    layout = parse_kmahjongg((DATA / "wall_v1_1.layout").read_text())
    assert (layout.version, layout.width, layout.height, layout.depth) == ("1.1", 12, 6, 3)
    assert layout.positions == WALL


def test_windows_line_ends_and_a_byte_order_mark_change_nothing():
    text = (DATA / "wall_v1_1.layout").read_text()
    assert parse_kmahjongg("\ufeff" + text.replace("\n", "\r\n")).positions == WALL


def test_only_the_top_left_mark_places_a_tile_as_in_kmahjongg():
    text = "kmahjongg-layout-v1.1\nw6\nh2\nd1\n1..12.\n....43\n"
    assert parse_kmahjongg(text).positions == ((0, 0, 0), (3, 0, 0))


def test_it_rejects_a_file_that_is_not_a_layout():
    with pytest.raises(LayoutFileError, match="not a KMahjongg layout file"):
        parse_kmahjongg("<?xml version='1.0'?>\n<map/>")


def test_it_names_a_missing_or_unreadable_size_line():
    with pytest.raises(LayoutFileError) as raised:
        parse_kmahjongg("kmahjongg-layout-v1.1\nwide\nh2\n12\n43\n")
    assert raised.value.problems == [
        "line 2: “wide” must be “w” and a number, like w16",
        "the header gives no depth (levels): add a line like d5",
    ]


def test_it_says_which_line_has_the_wrong_number_of_cells():
    text = "kmahjongg-layout-v1.1\nw4\nh2\nd1\n1212\n43434\n"
    with pytest.raises(LayoutFileError) as raised:
        parse_kmahjongg(text)
    assert raised.value.problems == [
        "the board is 4 x 2 cells on 1 levels, so it needs 8 cells, but the file has 9; "
        "line 6 has 5 cells instead of 4"
    ]


def test_a_version_1_0_file_must_fill_its_whole_fixed_board():
    with pytest.raises(LayoutFileError, match="needs 2560 cells, but the file has 64"):
        parse_kmahjongg("kmahjongg-layout-v1.0\n" + "." * 32 + "\n" + "." * 32 + "\n")


# --- the admin's grid ---------------------------------------------------------------


def test_the_grid_draws_each_level_in_kmahjongg_marks():
    assert grid_from_positions([(0, 0, 0), (2, 0, 0), (1, 1, 1)]) == (
        "# level 0\n1212\n4343\n....\n# level 1\n....\n.12.\n.43.\n"
    )


def test_the_grid_reads_back_the_positions_it_drew():
    grid = grid_from_positions(WALL)
    assert positions_from_grid(grid) == sorted(WALL, key=lambda p: (p[2], p[1], p[0]))


def test_the_grid_reads_back_a_kmahjongg_file():
    layout = parse_kmahjongg((DATA / "two_humps_v1_0.layout").read_text())
    assert set(positions_from_grid(grid_from_positions(layout.positions))) == set(TWO_HUMPS)


@given(st.sets(st.tuples(st.integers(0, 20), st.integers(0, 14), st.integers(0, 5)), max_size=40))
def test_any_set_of_positions_survives_the_round_trip(positions):
    # Even overlapping tiles: a tile's own 1 wins over a neighbour's corner marks.
    assert set(positions_from_grid(grid_from_positions(positions))) == positions


def test_rows_before_any_level_line_are_level_0_and_headers_name_their_level():
    grid = "12\n43\n# level 2\n12\n43\n# next\n.12\n.43\n"
    assert positions_from_grid(grid) == [(0, 0, 0), (0, 0, 2), (1, 0, 3)]


def test_a_typed_1_alone_is_enough_and_blank_lines_are_skipped():
    assert positions_from_grid("# level 0\n1.1.\n\n....\n") == [(0, 0, 0), (2, 0, 0)]


def test_the_grid_names_every_cell_it_cannot_read():
    with pytest.raises(LayoutFileError) as raised:
        positions_from_grid("# level 0\n12x2\n43o3\n")
    assert [p.split(":")[0] for p in raised.value.problems] == [
        "level 0, x = 2, y = 0",
        "level 0, x = 2, y = 1",
    ]
    assert "“x” is not a grid mark" in raised.value.problems[0]


@pytest.mark.parametrize("size_line", ["w²", "w99999999"])
def test_a_size_that_is_no_plain_small_number_is_refused_in_words(size_line):
    with pytest.raises(LayoutFileError) as raised:
        parse_kmahjongg(f"kmahjongg-layout-v1.1\n{size_line}\nh2\nd1\n12\n43\n")
    assert f"“{size_line}” must be “w” and a number" in raised.value.problems[0]
