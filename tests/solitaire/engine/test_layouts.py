from __future__ import annotations

import time

import pytest

from games.solitaire.engine import BUILTIN_LAYOUTS, geometry_for, validate_layout

EXPECTED = {  # letter: (tiles, levels, free at the start)
    "a": (36, 2, 14),
    "b": (72, 3, 16),
    "c": (144, 6, 18),
}


def test_the_three_builtin_layouts_have_their_letters_and_names() -> None:
    assert sorted(BUILTIN_LAYOUTS) == ["a", "b", "c"]
    assert (BUILTIN_LAYOUTS["a"].name, BUILTIN_LAYOUTS["a"].name_de) == ("Pavilion", "Pavillon")
    assert BUILTIN_LAYOUTS["b"].name_de == "Doppelgipfel"
    assert BUILTIN_LAYOUTS["c"].name_de == "Hoher Turm"


@pytest.mark.parametrize("letter", sorted(EXPECTED))
def test_builtin_layouts_are_sound_and_fit_an_upright_phone(letter: str) -> None:
    tiles, levels, free = EXPECTED[letter]
    layout = BUILTIN_LAYOUTS[letter]
    geometry = geometry_for(layout.positions)
    report = validate_layout(layout.positions)
    assert report.ok and report.warnings == [] and not report.wide
    assert (geometry.n, geometry.levels, report.free_at_start) == (tiles, levels, free)
    assert geometry.width <= 12
    assert geometry.height <= (12 if letter == "a" else 14)
    assert min(min(p) for p in layout.positions) == 0


def test_pavilion_starts_with_at_least_a_third_of_its_tiles_free() -> None:
    report = validate_layout(BUILTIN_LAYOUTS["a"].positions)
    assert report.free_at_start * 3 >= 36


def test_upper_levels_of_the_tower_sit_on_half_offsets() -> None:
    positions = BUILTIN_LAYOUTS["c"].positions
    for z in range(1, 6):
        here = {(x % 2, y % 2) for x, y, zz in positions if zz == z}
        below = {(x % 2, y % 2) for x, y, zz in positions if zz == z - 1}
        assert here != below


@pytest.mark.parametrize(
    ("positions", "error"),
    [
        ([], "no positions"),
        ([(0, 0, 0)], "even number"),
        ([(0, 0, 0), (1, 0, 0)], "position (0, 0, 0) overlaps (1, 0, 0)"),
        ([(4, 2, 1), (5, 3, 1)], "position (4, 2, 1) overlaps (5, 3, 1)"),
        ([(0, 0, 0), (0, 0, 0)], "appears twice"),
        ([(0, -2, 0), (2, 0, 0)], "negative"),
        ([(0, 0.5, 0), (2, 0, 0)], "whole numbers"),
        ([(0, "a", 0), (2, 0, 0)], "whole numbers"),
        ([(0, 0), (2, 0, 0)], "three numbers"),
        ("abc", "three numbers"),
        ([(0, 0, 0), (0, 0, 1)], "no complete removal order"),
        ([(2 * k, 0, 0) for k in range(146)], "at most 144"),
    ],
)
def test_validation_explains_what_is_wrong(positions, error: str) -> None:
    report = validate_layout(positions)
    assert not report.ok
    assert any(error in message for message in report.errors), report.errors


def test_too_many_positions_are_refused_before_any_pair_of_them_is_compared(monkeypatch) -> None:
    """An upload of ~88,000 positions once ran the pairwise checks for minutes."""
    from games.solitaire.engine import layouts

    compared = []
    monkeypatch.setattr(layouts, "overlaps", lambda p, q: compared.append((p, q)))
    hostile = [[x, y, z] for z in range(6) for y in range(0, 300, 2) for x in range(0, 200, 2)]
    assert len(hostile) > 88_000
    report = validate_layout(hostile)
    assert report.errors == [f"the layout has {len(hostile)} positions: at most 144 fit a set"]
    assert compared == []


def test_a_wide_layout_is_accepted_with_a_warning() -> None:
    positions = [(2 * k, 0, 0) for k in range(12)]
    report = validate_layout(positions)
    assert report.ok and report.wide
    assert any("wide" in w and "upright phone" in w for w in report.warnings)
    assert report.free_at_start == 2
    assert report.tile_set == "2 normal kinds x4 plus the 4 flowers"


def test_a_tile_resting_on_nothing_gets_a_warning() -> None:
    report = validate_layout([(0, 0, 0), (6, 0, 1)])
    assert report.ok
    assert report.warnings == ["position (6, 0, 1) rests on nothing"]


def test_json_style_lists_are_fine() -> None:
    assert validate_layout([[0, 0, 0], [2, 0, 0], [1, 0, 1.0], [4, 0, 0]]).ok


def test_an_unsound_layout_is_refused_quickly_with_a_reason() -> None:
    # Sixteen loose tiles and a column of eighteen: proving that no order exists
    # would take the plain search minutes; the check stops at its step budget.
    loose = [(4 * i, 0, 0) for i in range(16)]
    column = [(0, 4, z) for z in range(18)]
    started = time.perf_counter()
    report = validate_layout(loose + column)
    assert time.perf_counter() - started < 10
    assert any("removal order" in error for error in report.errors)


def test_coordinates_far_out_are_refused() -> None:
    report = validate_layout([(0, 0, 0), (4, 0, 10**8)])
    assert any("too far out" in error for error in report.errors)
