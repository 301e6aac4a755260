from __future__ import annotations

import string
import time

import pytest

from games.solitaire.engine import (
    BUILTIN_LAYOUTS,
    describe_tile_set,
    geometry_for,
    validate_layout,
)

EXPECTED = {  # letter: (tiles, levels, free at the start)
    "a": (36, 2, 14),
    "b": (72, 3, 16),
    "c": (144, 6, 18),
}
LANGUAGES = ("en", "de", "fi", "da")
PHONE = [
    letter
    for letter, layout in BUILTIN_LAYOUTS.items()
    if geometry_for(layout.positions).width <= 12
]
WIDE = [letter for letter in BUILTIN_LAYOUTS if letter not in PHONE]


def test_the_builtin_layouts_have_the_letters_a_to_x() -> None:
    assert list(BUILTIN_LAYOUTS) == list(string.ascii_lowercase[:24])
    assert all(layout.letter == letter for letter, layout in BUILTIN_LAYOUTS.items())


def test_the_first_three_keep_their_names() -> None:
    assert (BUILTIN_LAYOUTS["a"].name, BUILTIN_LAYOUTS["a"].name_de) == ("Pavilion", "Pavillon")
    assert BUILTIN_LAYOUTS["b"].name_de == "Doppelgipfel"
    assert BUILTIN_LAYOUTS["c"].name_de == "Hoher Turm"


def test_every_layout_has_a_short_name_of_its_own_in_each_language() -> None:
    for lang in LANGUAGES:
        names = [layout.names[lang] for layout in BUILTIN_LAYOUTS.values()]
        assert all(0 < len(name) <= 16 for name in names), names
        assert len(set(names)) == len(names), lang
    lantern = BUILTIN_LAYOUTS["h"]
    assert lantern.names == {"en": "Lantern", "de": "Laterne", "fi": "Lyhty", "da": "Lygte"}
    assert lantern.name_in("fi") == "Lyhty" and lantern.name_in("de-AT") == "Laterne"
    assert lantern.name_in("sv") == "Lantern"  # no Swedish name: the English one


def test_most_layouts_fit_an_upright_phone_the_rest_are_wide() -> None:
    assert len(PHONE) >= 16
    assert "".join(PHONE) == "abcdefghijklmnop"  # then the wide ones


@pytest.mark.parametrize("letter", sorted(BUILTIN_LAYOUTS))
def test_every_builtin_layout_is_sound_and_within_its_bounds(letter: str) -> None:
    layout = BUILTIN_LAYOUTS[letter]
    geometry = geometry_for(layout.positions)
    report = validate_layout(layout.positions)
    assert report.ok, report.errors
    assert report.tile_set == describe_tile_set(geometry.n)
    assert geometry.n % 2 == 0 and 36 <= geometry.n <= 144
    assert min(x for x, _, _ in layout.positions) == 0
    assert min(y for _, y, _ in layout.positions) == 0
    if letter in PHONE:
        # As tall as Hoher Turm at most: 7 rows fit the height an upright phone leaves.
        assert report.warnings == [] and not report.wide
        assert geometry.width <= 12 and geometry.height <= 14
    else:
        assert report.wide and len(report.warnings) == 1  # only the "wide" one
        assert geometry.width <= 32 and geometry.height <= 16


@pytest.mark.parametrize("letter", sorted(EXPECTED))
def test_the_first_three_keep_their_figures(letter: str) -> None:
    tiles, levels, free = EXPECTED[letter]
    layout = BUILTIN_LAYOUTS[letter]
    geometry = geometry_for(layout.positions)
    report = validate_layout(layout.positions)
    assert (geometry.n, geometry.levels, report.free_at_start) == (tiles, levels, free)
    assert geometry.height <= (12 if letter == "a" else 14)


def test_the_catalogue_runs_from_small_to_the_full_set() -> None:
    counts = sorted(len(layout.positions) for layout in BUILTIN_LAYOUTS.values())
    assert counts[0] == 36 and counts[-1] == 144
    assert len(set(counts)) >= 16  # a spread of sizes, not a few sizes many times


def _mirrored(positions) -> frozenset:
    width = max(x for x, _, _ in positions)
    return frozenset((width - x, y, z) for x, y, z in positions)


def test_no_two_layouts_are_the_same_shape_or_mirror_images() -> None:
    shapes = {letter: frozenset(layout.positions) for letter, layout in BUILTIN_LAYOUTS.items()}
    seen: dict[frozenset, str] = {}
    for letter, shape in shapes.items():
        assert shape not in seen, (letter, seen.get(shape))
        mirror = _mirrored(shape)
        assert mirror not in seen, (letter, seen.get(mirror))
        seen[shape] = letter


def _partial_side_contacts(positions) -> int:
    return sum(
        1 for a in positions for b in positions
        if a[2] == b[2] and b[0] - a[0] == 2 and abs(b[1] - a[1]) == 1
    )  # fmt: skip


def _offset_covers(positions) -> int:
    """Tiles lying on a tile below by half or a quarter of it, not squarely."""
    return sum(
        1 for a in positions for b in positions
        if b[2] > a[2] and abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2 and a[:2] != b[:2]
    )  # fmt: skip


def test_the_free_rules_edge_cases_occur_on_phone_and_wide_layouts() -> None:
    layouts = {letter: layout.positions for letter, layout in BUILTIN_LAYOUTS.items()}
    partial = {letter for letter, p in layouts.items() if _partial_side_contacts(p)}
    # Cactus and Lightning (phone), Dunes and Rainbow (wide) besides Doppelgipfel.
    assert {"d", "e", "s", "v"} <= partial
    assert _partial_side_contacts(layouts["s"]) >= 40  # nearly every tile of the ridges
    offset = {letter for letter, p in layouts.items() if _offset_covers(p)}
    assert len(offset) >= 20
    deep = {letter for letter, p in layouts.items() if geometry_for(p).levels >= 5}
    assert {"c", "o", "p", "u", "x"} <= deep
    # City: full columns, each tile squarely on the one below.
    assert _offset_covers(layouts["x"]) == 0 and geometry_for(layouts["x"]).levels == 5


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
