"""Hypothesis properties of deals, shuffle, solver and hint."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, example, given
from hypothesis import strategies as st

from games.solitaire.engine import (
    BUILTIN_LAYOUTS,
    Board,
    Geometry,
    SplitMix64,
    apply_removal,
    deal,
    free_pairs,
    geometry_for,
    hint,
    initial_board,
    match_group,
    parse_code,
    shuffle,
    shuffle_can_help,
    solve,
)

from .helpers import layout_geometry, play_out, remaining_faces

letters = st.sampled_from(sorted(BUILTIN_LAYOUTS))
seeds = st.integers(min_value=0, max_value=99_999_999)


def played(geometry: Geometry, seed: int, moves: int) -> Board:
    """The deal of ``seed`` after up to ``moves`` random legal removals."""
    rng = SplitMix64(seed ^ 0xABCDEF)
    board = initial_board(geometry, seed)
    for _ in range(moves):
        pairs = free_pairs(geometry, board)
        if not pairs:
            break
        board = apply_removal(geometry, board, *pairs[rng.below(len(pairs))])
    return board


@given(letters, seeds)
def test_every_code_deals_a_board_that_can_be_cleared(letter: str, seed: int) -> None:
    geometry = layout_geometry(letter)
    board = initial_board(geometry, seed)
    result = solve(geometry, board, 10.0)
    assert result.status == "yes"
    assert play_out(geometry, board, result.order).is_cleared


@given(letters, seeds)
def test_the_same_code_gives_the_same_deal(letter: str, seed: int) -> None:
    code = parse_code(f"{seed}-{letter}")
    positions = BUILTIN_LAYOUTS[code.letter].positions
    # a fresh geometry object (not the cached one) must deal the same faces
    assert deal(Geometry(tuple(positions)), code.seed) == deal(geometry_for(positions), seed)


@given(letters, seeds, st.integers(0, 60), st.integers(0, 2**32))
# Four tiles left, one lying on the other three: no arrangement clears them.
@example("e", 605, 17, 0)
def test_shuffle_keeps_the_faces_and_can_be_cleared(
    letter: str, seed: int, moves: int, shuffle_seed: int
) -> None:
    geometry = layout_geometry(letter)
    board = played(geometry, seed, moves)
    assume(board.occupied)
    if not shuffle_can_help(geometry, board.occupied):
        # Random play can leave positions no arrangement clears; the game does not
        # offer a shuffle then, and shuffle() says why rather than dealing a dead board.
        with pytest.raises(ValueError, match="shuffling cannot help"):
            shuffle(geometry, board, shuffle_seed)
        return
    shuffled = shuffle(geometry, board, shuffle_seed)
    assert shuffled.occupied == board.occupied
    assert remaining_faces(shuffled) == remaining_faces(board)
    assert Counter(shuffled.faces) == Counter(board.faces)
    result = solve(geometry, shuffled, 10.0)
    assert result.status == "yes"
    assert play_out(geometry, shuffled, result.order).is_cleared


@given(letters, seeds, st.integers(0, 70))
def test_the_hint_never_turns_a_winnable_board_unwinnable(
    letter: str, seed: int, moves: int
) -> None:
    geometry = layout_geometry(letter)
    board = played(geometry, seed, moves)
    advice = hint(geometry, board, 5.0)
    verdict = solve(geometry, board, 10.0).status
    assert advice.winnable is not None
    assert advice.winnable == (verdict == "yes")
    if advice.pair is None:
        assert not board.occupied or verdict == "no"
        return
    assert advice.pair in free_pairs(geometry, board)
    after = apply_removal(geometry, board, *advice.pair)
    assert solve(geometry, after, 10.0).status == "yes"


@given(letters, seeds, st.integers(1, 70))
def test_a_removal_takes_exactly_its_two_tiles(letter: str, seed: int, moves: int) -> None:
    geometry = layout_geometry(letter)
    before = played(geometry, seed, moves - 1)
    pairs = free_pairs(geometry, before)
    assume(pairs)
    i, j = pairs[seed % len(pairs)]
    after = apply_removal(geometry, before, i, j)
    assert after.faces == before.faces
    assert before.occupied ^ after.occupied == (1 << i) | (1 << j)
    assert match_group(before.faces[i]) == match_group(before.faces[j])
    # undo is putting the two back: the board before, exactly
    assert Board(after.faces, after.occupied | (1 << i) | (1 << j)) == before


# --- the solver against brute force on small boards ------------------------------------

# A pool of positions on three levels, with half offsets: tiny layouts are drawn from it.
POOL = [(x, y, 0) for x in range(0, 10, 2) for y in (0, 2)] + [
    (1, 1, 1), (3, 1, 1), (5, 0, 1), (7, 1, 1), (4, 1, 2), (2, 1, 2), (9, 2, 1),
]  # fmt: skip
GROUP_CODES = ["1B", "2B", "3C", "E", "F1", "S1"]


@st.composite
def small_boards(draw: st.DrawFn) -> tuple[Geometry, Board]:
    chosen: list[tuple[int, int, int]] = []
    for p in draw(st.permutations(POOL)):
        if all(p[2] != q[2] or abs(p[0] - q[0]) >= 2 or abs(p[1] - q[1]) >= 2 for q in chosen):
            chosen.append(p)
    size = draw(st.integers(2, min(14, len(chosen)))) // 2 * 2
    positions = chosen[:size]
    # faces: pairs of random groups, so groups come in twos and fours (and sixes)
    faces: list[str] = []
    for _ in range(size // 2):
        code = draw(st.sampled_from(GROUP_CODES))
        if code == "F1":
            faces += ["F1", draw(st.sampled_from(["F2", "F3", "F4"]))]
        elif code == "S1":
            faces += ["S2", "S3"]
        else:
            faces += [code, code]
    faces = draw(st.permutations(faces))
    geometry = geometry_for(positions)
    occupied = geometry.full_mask
    return geometry, Board(tuple(faces), occupied)


def brute_force(geometry: Geometry, board: Board) -> bool:
    """Every move order, with a memo of dead masks: slow, obviously right."""
    dead: set[int] = set()

    def clearable(occupied: int) -> bool:
        if not occupied:
            return True
        if occupied in dead:
            return False
        for i, j in free_pairs(geometry, Board(board.faces, occupied)):
            if clearable(occupied & ~((1 << i) | (1 << j))):
                return True
        dead.add(occupied)
        return False

    return clearable(board.occupied)


@given(small_boards())
def test_the_solver_agrees_with_brute_force(case: tuple[Geometry, Board]) -> None:
    geometry, board = case
    result = solve(geometry, board, 10.0)
    assert result.status == ("yes" if brute_force(geometry, board) else "no")
    if result.status == "yes":
        assert play_out(geometry, board, result.order).is_cleared


@given(small_boards(), st.integers(0, 6))
def test_the_solver_agrees_with_brute_force_after_some_moves(
    case: tuple[Geometry, Board], moves: int
) -> None:
    geometry, board = case
    rng = SplitMix64(moves)
    for _ in range(moves):
        pairs = free_pairs(geometry, board)
        if not pairs:
            break
        board = apply_removal(geometry, board, *pairs[rng.below(len(pairs))])
    result = solve(geometry, board, 10.0)
    assert result.status == ("yes" if brute_force(geometry, board) else "no")
