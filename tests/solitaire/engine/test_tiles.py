from __future__ import annotations

from collections import Counter

import pytest

from games.solitaire.engine import (
    NORMAL_CODES,
    TILE_CODES,
    SplitMix64,
    describe_tile_set,
    match_group,
    tile_set,
    tiles_match,
)
from games.tiles import tile_name


def test_there_are_42_codes_in_canonical_order() -> None:
    assert len(TILE_CODES) == 42
    assert TILE_CODES[:3] == ("1B", "2B", "3B")
    assert TILE_CODES[9] == "1C" and TILE_CODES[18] == "1D"
    assert TILE_CODES[27:34] == ("E", "S", "W", "N", "R", "G", "Wh")
    assert TILE_CODES[34:] == ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")
    assert len(NORMAL_CODES) == 34 and TILE_CODES[:34] == NORMAL_CODES


@pytest.mark.parametrize(
    ("code", "en", "de"),
    [
        ("5B", "Bamboo 5", "Bambus 5"),
        ("1C", "Character 1", "Zeichen 1"),
        ("9D", "Circle 9", "Kreis 9"),
        ("E", "East wind", "Ostwind"),
        ("Wh", "White dragon", "Weißer Drache"),
        ("F1", "Plum", "Pflaume"),
        ("S4", "Winter", "Winter"),
    ],
)
def test_every_tile_has_an_english_and_a_german_name(code: str, en: str, de: str) -> None:
    assert tile_name(code) == en
    assert tile_name(code, "de") == de


def test_all_names_are_distinct_per_language() -> None:
    for lang in ("en", "de", "fi", "da"):
        assert len({tile_name(c, lang) for c in TILE_CODES}) == 42


@pytest.mark.parametrize(
    ("code", "fi", "da"),
    [
        ("5B", "Bambu 5", "Bambus 5"),
        ("1C", "Merkki 1", "Tegn 1"),
        ("9D", "Ympyrä 9", "Cirkel 9"),
        ("E", "Itätuuli", "Østenvind"),
        ("Wh", "Valkoinen lohikäärme", "Hvid drage"),
        ("F1", "Luumu", "Blomme"),
        ("S4", "Talvi", "Vinter"),
    ],
)
def test_every_tile_has_a_finnish_and_a_danish_name(code: str, fi: str, da: str) -> None:
    assert tile_name(code, "fi") == fi
    assert tile_name(code, "da") == da


def test_an_unknown_code_has_no_name() -> None:
    with pytest.raises(ValueError):
        tile_name("10B")


def test_normal_tiles_match_only_their_own_kind() -> None:
    assert tiles_match("5B", "5B")
    assert not tiles_match("5B", "5C")
    assert not tiles_match("S", "S1")  # south wind is not a season
    assert match_group("Wh") == "Wh"
    assert match_group("S") == "S" != match_group("S1")


def test_any_flower_matches_any_flower_and_any_season_any_season() -> None:
    assert tiles_match("F1", "F4") and tiles_match("S2", "S3")
    assert not tiles_match("F1", "S1")
    assert {match_group(c) for c in ("F1", "F2", "F3", "F4")} == {"flowers"}
    assert {match_group(c) for c in ("S1", "S2", "S3", "S4")} == {"seasons"}


def test_the_full_set_has_144_tiles() -> None:
    faces = tile_set(144, SplitMix64(1))
    counts = Counter(faces)
    assert len(faces) == 144
    assert all(counts[c] == 4 for c in NORMAL_CODES)
    assert all(counts[c] == 1 for c in TILE_CODES[34:])


def test_pavilion_gets_8_kinds_and_the_flowers() -> None:
    counts = Counter(tile_set(36, SplitMix64(7)))
    normal = [c for c in counts if c in NORMAL_CODES]
    assert len(normal) == 8 and all(counts[c] == 4 for c in normal)
    assert {c for c in counts if c not in NORMAL_CODES} == {"F1", "F2", "F3", "F4"}


def test_twin_peaks_gets_16_kinds_flowers_and_seasons() -> None:
    counts = Counter(tile_set(72, SplitMix64(7)))
    assert sum(1 for c in counts if c in NORMAL_CODES) == 16
    assert sum(counts[c] for c in TILE_CODES[34:]) == 8


def test_which_kinds_a_small_layout_uses_follows_from_the_generator() -> None:
    kinds = {frozenset(tile_set(36, SplitMix64(seed))) for seed in range(20)}
    assert len(kinds) > 10
    assert tile_set(36, SplitMix64(3)) == tile_set(36, SplitMix64(3))


@pytest.mark.parametrize("count", range(2, 146, 2))
def test_every_even_count_up_to_144_gets_a_set_that_pairs_up(count: int) -> None:
    faces = tile_set(count, SplitMix64(count))
    assert len(faces) == count
    groups = Counter(match_group(f) for f in faces)
    assert all(n % 2 == 0 and n <= 4 for n in groups.values())
    assert describe_tile_set(count)


@pytest.mark.parametrize("count", [-2, 3, 146])
def test_impossible_counts_are_refused(count: int) -> None:
    with pytest.raises(ValueError):
        tile_set(count, SplitMix64(0))


def test_tile_sets_are_described_in_words() -> None:
    assert describe_tile_set(36) == "8 normal kinds x4 plus the 4 flowers"
    assert describe_tile_set(72) == "16 normal kinds x4 plus the 4 flowers and the 4 seasons"
    assert describe_tile_set(144).startswith("the full set")
