from __future__ import annotations

import pytest

from games.solitaire.engine import (
    Board,
    Hint,
    apply_removal,
    free_pairs,
    geometry_for,
    hint,
    initial_board,
    moves_back_to_winnable,
    solve,
)

from .helpers import layout_geometry, play_out

# Two columns of two tiles: whichever way the faces lie, only some boards can be cleared.
TWO_COLUMNS = [(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)]


def test_a_cleared_board_is_solved() -> None:
    geometry = geometry_for(TWO_COLUMNS)
    result = solve(geometry, Board(("1B",) * 4, 0))
    assert (result.status, result.order) == ("yes", [])


def test_two_columns_with_matching_tops_can_be_cleared() -> None:
    geometry = geometry_for(TWO_COLUMNS)
    board = Board(("1B", "2B", "1B", "2B"), geometry.full_mask)
    result = solve(geometry, board)
    assert result.status == "yes"
    assert result.order == [(1, 3), (0, 2)]
    assert play_out(geometry, board, result.order).is_cleared


def test_two_columns_with_crossed_faces_cannot() -> None:
    geometry = geometry_for(TWO_COLUMNS)
    result = solve(geometry, Board(("1B", "2B", "2B", "1B"), geometry.full_mask))
    assert result.status == "no" and result.order == []


def test_a_kind_stacked_on_itself_cannot_be_paired() -> None:
    # four of a kind, three of them in one column: the middle one pairs with nothing
    geometry = geometry_for([(0, 0, 0), (0, 0, 1), (0, 0, 2), (4, 0, 0), (8, 0, 0), (12, 0, 0)])
    board = Board(("1B", "1B", "1B", "1B", "2B", "2B"), geometry.full_mask)
    assert solve(geometry, board).status == "no"


def test_flowers_pair_with_any_flower() -> None:
    geometry = geometry_for(TWO_COLUMNS)
    board = Board(("F1", "F2", "F3", "F4"), geometry.full_mask)
    assert solve(geometry, board).status == "yes"
    mixed = Board(("F1", "S2", "S3", "F4"), geometry.full_mask)
    assert solve(geometry, mixed).status == "no"


def test_an_odd_group_cannot_be_cleared() -> None:
    geometry = geometry_for([(0, 0, 0), (4, 0, 0), (8, 0, 0), (12, 0, 0)])
    assert solve(geometry, Board(("1B", "1B", "1B", "2B"), geometry.full_mask)).status == "no"


def test_groups_of_six_use_the_plain_search() -> None:
    geometry = geometry_for([(2 * k, 0, 0) for k in range(6)])
    board = Board(("1B",) * 6, geometry.full_mask)
    result = solve(geometry, board)
    assert result.status == "yes" and play_out(geometry, board, result.order).is_cleared


@pytest.mark.parametrize("letter", ["a", "b", "c"])
def test_dealt_boards_are_solved_with_a_valid_order(letter: str) -> None:
    geometry = layout_geometry(letter)
    for seed in range(3):
        board = initial_board(geometry, seed)
        result = solve(geometry, board, 10.0)
        assert result.status == "yes"
        assert play_out(geometry, board, result.order).is_cleared


def test_a_zero_budget_may_give_unknown_but_never_a_wrong_answer() -> None:
    geometry = layout_geometry("c")
    result = solve(geometry, initial_board(geometry, 1), 0.0)
    assert result.status in ("yes", "unknown")


def test_the_hint_picks_the_pair_that_frees_the_most() -> None:
    # A row 1B 2B 1B, and apart from it a 2B and a pair of 3B.
    positions = [(0, 0, 0), (2, 0, 0), (4, 0, 0), (8, 4, 0), (12, 4, 0), (16, 4, 0)]
    faces = ("1B", "2B", "1B", "2B", "3B", "3B")
    geometry = geometry_for(positions)
    board = Board(faces, geometry.full_mask)
    # (0, 2) frees the middle 2B; (4, 5) frees nothing.
    assert free_pairs(geometry, board) == [(0, 2), (4, 5)]
    assert hint(geometry, board) == Hint((0, 2), True)


def test_the_hint_avoids_a_pair_that_frees_more_but_loses() -> None:
    # Four 1B: one lies on another (0 under 1); 4 and 7 each lie on a pair.
    positions = [
        (0, 0, 0), (0, 0, 1),  # 1B under 1B
        (4, 0, 0), (6, 0, 0), (5, 0, 1),  # 2B 2B under 1B
        (12, 0, 0), (14, 0, 0), (13, 0, 1),  # 3B 3B under 1B
    ]  # fmt: skip
    faces = ("1B", "1B", "2B", "2B", "1B", "3B", "3B", "1B")
    geometry = geometry_for(positions)
    board = Board(faces, geometry.full_mask)
    assert free_pairs(geometry, board) == [(1, 4), (1, 7), (4, 7)]
    # (4, 7) frees four tiles but leaves 1B on 1B: lost. (1, 4) and (1, 7) free three.
    assert hint(geometry, board) == Hint((1, 4), True)


def test_the_hint_on_a_lost_board_says_so() -> None:
    geometry = geometry_for(TWO_COLUMNS)
    board = Board(("1B", "2B", "2B", "1B"), geometry.full_mask)
    assert hint(geometry, board).pair is None
    assert hint(geometry, board).winnable is False


def test_moves_back_to_winnable_counts_undos() -> None:
    positions = [(0, 0, 0), (0, 0, 1), (4, 0, 0), (8, 0, 0), (12, 0, 0), (16, 0, 0)]
    faces = ("1B", "1B", "1B", "1B", "2B", "2B")
    geometry = geometry_for(positions)
    start = Board(faces, geometry.full_mask)
    lost = apply_removal(geometry, start, 2, 3)  # leaves 1B on 1B
    later = apply_removal(geometry, lost, 4, 5)
    assert moves_back_to_winnable(geometry, [start]) == 0
    assert moves_back_to_winnable(geometry, [start, lost]) == 1
    assert moves_back_to_winnable(geometry, [start, lost, later]) == 2
