"""A Sanma bot's accepted tiles are exactly the library's: asking the cheap forms first
and the regular form only within its reach leaves out no kind that lowers the library's
shanten and counts none that does not (docs/tables.md#bots-ask-only-tiles-within-reach)."""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten

from games.prng import SplitMix64
from games.sanma.bots import efficiency
from games.sanma.engine.tiles import KINDS


def _hands(size: int, count: int, seed: int):
    """Random three-player hands of ``size`` tiles, pairs and orphans made likely: every
    third starts from pairs, every third from terminals and honours, some with four of one."""
    rng = SplitMix64(seed)
    orphans = [k for k in KINDS if k in (0, 8, 9, 17, 18, 26) or k >= 27]
    for number in range(count):
        counts = [0] * 34
        kinds = orphans if number % 3 == 1 else list(KINDS)
        wall = [k for k in kinds for _ in range(4)]
        while sum(counts) < size:
            kind = wall.pop(rng.below(len(wall)))
            counts[kind] += 1
            if number % 3 == 0 and sum(counts) < size and kind in wall:
                wall.remove(kind)
                counts[kind] += 1  # a pair
        yield tuple(counts)


def _library_acceptance(counts: tuple[int, ...], visible: tuple[int, ...]):
    base = Shanten.calculate_shanten(counts, is_three_player=True)
    kinds = []
    for kind in KINDS:
        if counts[kind] >= 4:
            continue
        more = list(counts)
        more[kind] += 1
        if Shanten.calculate_shanten(more, is_three_player=True) < base:
            kinds.append(kind)
    tiles = sum(max(0, 4 - visible[k]) for k in kinds)
    return base, tuple(kinds), tiles


@pytest.mark.parametrize("size", [13, 10, 7, 4, 1])
def test_the_accepted_tiles_are_every_kind_that_lowers_the_library_shanten(size):
    rng = SplitMix64(size)
    forms = set()
    for counts in _hands(size, 400, seed=size):
        visible = tuple(min(4, c + rng.below(3)) for c in counts)
        found = efficiency.acceptance(counts, visible)
        assert (found.shanten, found.kinds, found.tiles) == _library_acceptance(counts, visible)
        if size == 13:
            regular = Shanten.calculate_shanten_for_regular_hand(counts, is_three_player=True)
            forms.add("regular" if regular == found.shanten else "other")
    if size == 13:  # hands whose best form is seven pairs or orphans were among them
        assert forms == {"regular", "other"}
