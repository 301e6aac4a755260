from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from games.solitaire.engine import (
    BUILTIN_LAYOUTS,
    Board,
    GameCode,
    IllegalMove,
    InvalidGameCode,
    SplitMix64,
    apply_removal,
    deal,
    free_pairs,
    geometry_for,
    initial_board,
    is_stuck,
    match_group,
    parse_code,
    random_seed,
    removal_order,
    shuffle,
    shuffle_can_help,
    tile_set,
)

from .helpers import layout_geometry, play_out, remaining_faces

# --- game codes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "seed", "letter"),
    [
        ("41739205-a", 41739205, "a"),
        (" 7-c\n", 7, "c"),
        ("00000042-b", 42, "b"),
        ("42135642-A", 42135642, "a"),
        (" 12 - B ", 12, "b"),
        ("4213 5642-c", 42135642, "c"),
    ],
)
def test_a_game_code_is_digits_a_dash_and_a_letter(text: str, seed: int, letter: str) -> None:
    assert parse_code(text) == GameCode(seed, letter)


def test_a_game_code_prints_as_it_is_typed() -> None:
    assert str(GameCode(41739205, "a")) == "41739205-a"
    assert str(parse_code(str(GameCode(5, "z")))) == "5-z"


@pytest.mark.parametrize(
    "text",
    ["", "12x-a", "123456789-a", "-a", "12-", "12-ab", "12-Ä", "12_a", "a-12", "１２-a"],
)
def test_a_bad_code_raises_one_clear_error(text: str) -> None:
    with pytest.raises(InvalidGameCode) as info:
        parse_code(text)
    message = str(info.value)
    assert "is not a game code" in message and "41739205-a" in message
    assert isinstance(info.value, ValueError)


def test_a_long_bad_code_is_shortened_in_the_message() -> None:
    with pytest.raises(InvalidGameCode) as info:
        parse_code("x" * 5000)
    assert len(str(info.value)) < 200


def test_random_seeds_fit_eight_digits() -> None:
    assert all(0 <= random_seed() <= 99_999_999 for _ in range(100))
    assert random_seed(123) == random_seed(123)
    assert random_seed(b"\x01\x02") == random_seed(b"\x01\x02")


# --- deals ------------------------------------------------------------------------------


def _digest(faces: tuple[str, ...]) -> str:
    return hashlib.sha256(",".join(faces).encode()).hexdigest()[:16]


# Golden deals: a code means the same tower forever. If one of these changes, a
# shared link or a daily puzzle now shows another deal: never update them lightly.
GOLDEN = {
    "41739205-a": ("2c9c5e52a75eb3cb", ("4B", "6C", "1D", "F1", "9C", "4D")),
    "0-a": ("56d0e9ae58677b5f", ("3C", "9C", "4B", "W", "3C", "9C")),
    "99999999-a": ("8101d8c2963b447d", ("1D", "G", "8C", "8B", "1D", "9D")),
    "20260101-b": ("253af0290f090166", ("6D", "6C", "S", "1C", "5C", "5B")),
    "1-b": ("1c2635d9a6171ce2", ("G", "S3", "E", "E", "8B", "S2")),
    "31415926-b": ("61ef5972ef3ed559", ("4B", "6D", "G", "6C", "9D", "S")),
    "27182818-c": ("b03878cd1a2a0635", ("Wh", "E", "7D", "R", "E", "8D")),
    "5-c": ("b3acc0d99534efed", ("7B", "2C", "N", "8C", "W", "7D")),
    "12345678-c": ("3298ce1b0facfea2", ("G", "1C", "2B", "S4", "7C", "6D")),
}


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deals_never_change(code: str) -> None:
    parsed = parse_code(code)
    faces = deal(layout_geometry(parsed.letter), parsed.seed)
    digest, first_faces = GOLDEN[code]
    assert (_digest(faces), faces[:6]) == (digest, first_faces)


@pytest.mark.parametrize("letter", sorted(BUILTIN_LAYOUTS))
def test_a_deal_uses_the_layouts_tile_set(letter: str) -> None:
    geometry = layout_geometry(letter)
    for seed in range(5):
        faces = deal(geometry, seed)
        assert len(faces) == geometry.n
        expected = Counter(tile_set(geometry.n, SplitMix64(seed)))
        assert Counter(faces) == expected


def test_a_deal_is_deterministic_and_seeds_differ() -> None:
    geometry = layout_geometry("b")
    assert deal(geometry, 17) == deal(geometry, 17)
    assert len({deal(geometry, seed) for seed in range(10)}) == 10


def test_a_deal_can_be_cleared_by_its_own_construction() -> None:
    geometry = layout_geometry("c")
    board = initial_board(geometry, 3)
    assert board.occupied == geometry.full_mask
    from games.solitaire.engine import solve

    assert play_out(geometry, board, solve(geometry, board, 5.0).order).is_cleared


def test_a_layout_without_removal_order_cannot_be_dealt() -> None:
    column = geometry_for([(0, 0, 0), (0, 0, 1)])
    with pytest.raises(ValueError):
        deal(column, 1)


def test_removal_order_backtracks_out_of_dead_ends() -> None:
    # Two columns of two and a loose pair: removing the loose pair first dead-ends.
    geometry = geometry_for([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1), (8, 0, 0), (12, 0, 0)])
    for seed in range(30):
        order = removal_order(geometry, geometry.full_mask, SplitMix64(seed))
        assert order is not None and len(order) == 3
        occupied = geometry.full_mask
        for i, j in order:
            assert geometry.is_free(i, occupied) and geometry.is_free(j, occupied)
            occupied &= ~((1 << i) | (1 << j))
        assert occupied == 0


def test_removal_order_is_none_for_a_single_column() -> None:
    geometry = geometry_for([(0, 0, z) for z in range(4)])
    assert removal_order(geometry, geometry.full_mask, SplitMix64(1)) is None


# --- playing ----------------------------------------------------------------------------


def small_board() -> tuple:
    # A row of four on level 0 with one tile on top of the middle two.
    geometry = geometry_for([(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (3, 0, 1), (8, 2, 0)])
    board = Board(("1B", "2B", "2B", "1B", "F1", "F3"), geometry.full_mask)
    return geometry, board


def test_free_pairs_lists_free_matching_pairs() -> None:
    geometry, board = small_board()
    assert free_pairs(geometry, board) == [(0, 3), (4, 5)]


def test_apply_removal_removes_a_free_matching_pair() -> None:
    geometry, board = small_board()
    after = apply_removal(geometry, board, 5, 4)
    assert after.occupied == board.occupied & ~0b110000
    assert after.faces == board.faces
    assert free_pairs(geometry, after) == [(0, 3)]


@pytest.mark.parametrize(
    ("i", "j", "why"),
    [(0, 0, "itself"), (1, 2, "not free"), (0, 4, "do not match"), (0, 9, "no tile")],
)
def test_apply_removal_refuses_illegal_moves(i: int, j: int, why: str) -> None:
    geometry, board = small_board()
    with pytest.raises(IllegalMove) as info:
        apply_removal(geometry, board, i, j)
    assert why in str(info.value)


def test_apply_removal_refuses_a_removed_tile() -> None:
    geometry, board = small_board()
    board = apply_removal(geometry, board, 4, 5)
    with pytest.raises(IllegalMove):
        apply_removal(geometry, board, 4, 5)


def test_stuck_means_tiles_but_no_free_pair() -> None:
    geometry = geometry_for([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)])
    stuck = Board(("1B", "2B", "2B", "1B"), geometry.full_mask)
    assert is_stuck(geometry, stuck)
    assert not is_stuck(geometry, Board(("1B", "2B", "1B", "2B"), geometry.full_mask))
    assert not is_stuck(geometry, Board(stuck.faces, 0))


def test_shuffle_can_help_unless_the_positions_cannot_be_cleared() -> None:
    geometry = geometry_for([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)])
    assert shuffle_can_help(geometry, geometry.full_mask)
    column = geometry_for([(0, 0, z) for z in range(4)])
    assert not shuffle_can_help(column, column.full_mask)
    assert not shuffle_can_help(column, 0)


def test_shuffle_unsticks_a_stuck_board() -> None:
    geometry = geometry_for([(0, 0, 0), (0, 0, 1), (4, 0, 0), (4, 0, 1)])
    stuck = Board(("1B", "2B", "2B", "1B"), geometry.full_mask)
    shuffled = shuffle(geometry, stuck, 1)
    assert not is_stuck(geometry, shuffled)
    assert remaining_faces(shuffled) == remaining_faces(stuck)


def test_shuffle_refuses_when_it_cannot_help() -> None:
    column = geometry_for([(0, 0, z) for z in range(4)])
    with pytest.raises(ValueError):
        shuffle(column, Board(("1B", "1B", "2B", "2B"), column.full_mask), 1)


def test_shuffle_keeps_removed_positions_and_their_faces() -> None:
    geometry = layout_geometry("a")
    board = initial_board(geometry, 11)
    i, j = free_pairs(geometry, board)[0]
    board = apply_removal(geometry, board, i, j)
    shuffled = shuffle(geometry, board, 99)
    assert shuffled.occupied == board.occupied
    assert shuffled.faces[i] == board.faces[i] and shuffled.faces[j] == board.faces[j]
    assert remaining_faces(shuffled) == remaining_faces(board)
    assert all(match_group(f) for f in shuffled.faces)
