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
    # The catalogue after the first three: three codes each.
    "1-d": ("10283f0a848d3b95", ("8D", "6D", "3D", "E", "6D", "2D")),
    "31415926-d": ("4e4967b21e4afdca", ("2C", "4D", "S", "9B", "4D", "2C")),
    "99999999-d": ("b6de1764246abf26", ("3B", "5C", "F3", "Wh", "3B", "G")),
    "1-e": ("6d2d55c12dc71a96", ("5C", "S2", "E", "G", "1B", "8D")),
    "31415926-e": ("ba69ba8b1bdcf2a3", ("9B", "Wh", "S1", "F2", "Wh", "6C")),
    "99999999-e": ("034b5ebccdfd570d", ("5C", "8B", "S4", "F2", "Wh", "8C")),
    "1-f": ("2c1f23c6e95468f4", ("5C", "2D", "8D", "S1", "G", "E")),
    "31415926-f": ("117969a27cc2196a", ("F1", "Wh", "S", "G", "Wh", "6C")),
    "99999999-f": ("6faa5061ba42e507", ("Wh", "9D", "8C", "F3", "3B", "9D")),
    "1-g": ("f6bfadf8d682c655", ("5C", "3D", "8D", "1B", "S3", "6D")),
    "31415926-g": ("2ba0a8b5eab7de0b", ("S2", "6D", "6C", "S1", "2C", "S3")),
    "99999999-g": ("92464f64d3cc5d21", ("8B", "F4", "Wh", "5C", "F1", "9D")),
    "1-h": ("7c1700dd262bca5f", ("E", "3D", "G", "1C", "F2", "2D")),
    "31415926-h": ("968378c94d8d7bf3", ("Wh", "S", "6D", "G", "F3", "4D")),
    "99999999-h": ("89d9450eba81201c", ("1D", "F4", "G", "Wh", "3D", "8C")),
    "1-i": ("c2a54e2412e60ee9", ("3B", "6D", "2D", "E", "8D", "2D")),
    "31415926-i": ("204c06de80565c4c", ("3C", "3C", "Wh", "S", "2C", "6C")),
    "99999999-i": ("39a57a800e0dbe47", ("3D", "G", "8B", "8C", "G", "F1")),
    "1-j": ("ef289fb98aaa8e12", ("G", "E", "8D", "F2", "G", "8D")),
    "31415926-j": ("e74efe0ddb404345", ("S", "2C", "9B", "G", "S", "9B")),
    "99999999-j": ("f1a30a1e66bac6ec", ("8B", "Wh", "6B", "Wh", "5C", "S2")),
    "1-k": ("98e80fd31b09cad9", ("3D", "6D", "E", "5C", "3D", "1B")),
    "31415926-k": ("f89614ac8c2d7f88", ("G", "9B", "2C", "G", "S", "2C")),
    "99999999-k": ("ec0009b4ff50bb22", ("3D", "Wh", "S2", "8B", "5C", "3B")),
    "1-l": ("770b3d6e5bceb89b", ("6D", "3B", "6D", "8D", "8B", "8B")),
    "31415926-l": ("5291a7f29ea3fdb4", ("4D", "2B", "G", "9B", "N", "S")),
    "99999999-l": ("91130b12f6a9f7af", ("6B", "3D", "7B", "5C", "W", "6B")),
    "1-m": ("9d0429673b335b21", ("2C", "8D", "E", "F3", "3B", "S4")),
    "31415926-m": ("655225b65e71574e", ("2C", "4D", "S4", "9B", "9B", "9D")),
    "99999999-m": ("99100c74a10247b6", ("9D", "6C", "1D", "6C", "9B", "9D")),
    "1-n": ("055bb88acedde2b8", ("3B", "F3", "F4", "3B", "E", "S4")),
    "31415926-n": ("c78d5124d77085fb", ("S", "3C", "6C", "6C", "9B", "3C")),
    "99999999-n": ("e9dfaa488369b287", ("8B", "9B", "W", "W", "5C", "1D")),
    "1-o": ("92a213edefe11f4e", ("N", "3B", "3B", "E", "3D", "F4")),
    "31415926-o": ("e876c559291419d9", ("8B", "S", "2B", "S", "Wh", "4B")),
    "99999999-o": ("b0220939a7d0c8cf", ("8C", "G", "6C", "S1", "7B", "3B")),
    "1-p": ("d6fc3205ab949852", ("9D", "5C", "9D", "3B", "8D", "5C")),
    "31415926-p": ("3c8e082246679cac", ("S4", "G", "8B", "4C", "8B", "9D")),
    "99999999-p": ("c52c4661c39d79a3", ("F1", "G", "6B", "6D", "5C", "Wh")),
    "1-q": ("6c8a65e3bf3a4ce4", ("8B", "3D", "2D", "S", "5B", "2C")),
    "31415926-q": ("7cf6d8306dc729b4", ("2B", "Wh", "4D", "8D", "Wh", "4B")),
    "99999999-q": ("30ebd6aaed2e9e0a", ("7B", "W", "8B", "G", "7B", "F2")),
    "1-r": ("f1085e0b3a843543", ("6D", "5B", "5B", "S", "8D", "5C")),
    "31415926-r": ("531ce929a342bf82", ("8D", "8D", "3C", "3C", "9B", "S1")),
    "99999999-r": ("4cb2af7bb034f5f4", ("8B", "W", "3B", "9D", "9C", "9B")),
    "1-s": ("00ec1c7904137ca2", ("E", "N", "7D", "F2", "3C", "1D")),
    "31415926-s": ("7b385515cfa73554", ("8B", "2B", "6B", "1C", "3D", "9D")),
    "99999999-s": ("4180ab37425df409", ("9B", "8D", "5C", "W", "9D", "3C")),
    "1-t": ("50a94e9e7cd23dbf", ("8B", "3D", "4C", "9B", "N", "6D")),
    "31415926-t": ("efe21712b3391f61", ("F4", "4C", "F1", "S2", "4B", "S4")),
    "99999999-t": ("9d316d473f41c1ec", ("4B", "G", "6B", "1B", "F3", "2C")),
    "1-u": ("e0112e9740e91293", ("3B", "3C", "4C", "4C", "8B", "7D")),
    "31415926-u": ("ac4f74d2ca07ec10", ("9D", "8D", "S4", "7B", "9D", "4D")),
    "99999999-u": ("1efa7dc99b7711d1", ("3C", "4C", "6C", "6C", "G", "3C")),
    "1-v": ("d4196861a6668d52", ("S", "S", "5B", "3B", "G", "5C")),
    "31415926-v": ("cfe197147bc4aae1", ("Wh", "5B", "W", "3B", "W", "G")),
    "99999999-v": ("d6fe444aab385ee8", ("4D", "8C", "6D", "F2", "5B", "F3")),
    "1-w": ("6ca37e1d7af33e36", ("9B", "1C", "N", "4D", "8B", "9D")),
    "31415926-w": ("231aa71272c0c15c", ("7C", "7B", "6C", "5B", "8C", "N")),
    "99999999-w": ("d71c2130fec541d8", ("6B", "4C", "5B", "4B", "5C", "N")),
    "1-x": ("5d70cbd63d98d2bd", ("1C", "8D", "3C", "5D", "7D", "8C")),
    "31415926-x": ("d5e59786c66bf5ac", ("1D", "2C", "6B", "8D", "E", "R")),
    "99999999-x": ("d9e9afa6b4f6fc7f", ("3D", "9D", "W", "4C", "7B", "W")),
}


def test_every_builtin_layout_has_golden_deals() -> None:
    pinned = {code.rsplit("-", 1)[1] for code in GOLDEN}
    assert pinned == set(BUILTIN_LAYOUTS)


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
