"""Shanten, waits and a bot's accepted tiles are exactly the library's, though the engine
and the bots ask its three forms apart, the cheap ones first and the regular one only of
kinds within its reach: no kind is left out that lowers the library's shanten or
completes the hand, and none is counted that does not
(docs/tables.md#bots-ask-only-tiles-within-reach)."""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten

from games.prng import SplitMix64
from games.sanma.bots import efficiency
from games.sanma.engine import scoring
from games.sanma.engine.tiles import KINDS


def _hands(size: int, count: int, seed: int):
    """Random three-player hands of ``size`` tiles, pairs and orphans made likely: every
    third starts from pairs, every third from terminals and honours, every fifth holds
    four of one kind."""
    rng = SplitMix64(seed)
    orphans = [k for k in KINDS if k in (0, 8, 9, 17, 18, 26) or k >= 27]
    for number in range(count):
        counts = [0] * 34
        kinds = orphans if number % 3 == 1 else list(KINDS)
        wall = [k for k in kinds for _ in range(4)]
        if number % 5 == 2 and size >= 4:  # four of one kind: the library's exception
            four = wall[rng.below(len(wall))]
            counts[four] = 4
            wall = [k for k in wall if k != four]
        while sum(counts) < size:
            kind = wall.pop(rng.below(len(wall)))
            counts[kind] += 1
            if number % 3 == 0 and sum(counts) < size and kind in wall:
                wall.remove(kind)
                counts[kind] += 1  # a pair
        yield tuple(counts)


def _library_shanten(counts) -> int:
    return Shanten.calculate_shanten(list(counts), is_three_player=True)


def _library_lowering(counts: tuple[int, ...], below: int) -> tuple[int, ...]:
    """Every kind one more of which brings the library's shanten below ``below``, each
    asked of the library whole."""
    found = []
    for kind in KINDS:
        if counts[kind] >= 4:
            continue
        more = list(counts)
        more[kind] += 1
        if _library_shanten(more) < below:
            found.append(kind)
    return tuple(found)


def _library_acceptance(counts: tuple[int, ...], visible: tuple[int, ...]):
    base = _library_shanten(counts)
    kinds = _library_lowering(counts, base)
    tiles = sum(max(0, 4 - visible[k]) for k in kinds)
    return base, kinds, tiles


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


@pytest.mark.parametrize("size", [13, 10, 7, 4])
def test_a_count_asked_to_reach_its_own_number_is_exact(size):
    """``accepted_tiles`` counts every tile whenever the count reaches the mark it is
    asked to reach (where it stops short is ``unseen_accepted``'s,
    tests/tables/test_shapes.py)."""
    rng = SplitMix64(100 + size)
    for counts in _hands(size, 300, seed=100 + size):
        visible = tuple(min(4, c + rng.below(3)) for c in counts)
        exact = _library_acceptance(counts, visible)[2]
        assert efficiency.accepted_tiles(counts, visible) == exact
        assert efficiency.accepted_tiles(counts, visible, at_least=exact) == exact


def _library_waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    return _library_lowering(counts, 0) if _library_shanten(counts) == 0 else ()


def _ready_hands(size: int, count: int, seed: int):
    """Hands of ``size`` (3n+1) tiles one tile from complete: sets (triplets and runs of
    circles and bamboo) and a pair, one tile taken out."""
    rng = SplitMix64(seed)
    made = 0
    while made < count:
        counts = [0] * 34
        pair = KINDS[rng.below(len(KINDS))]
        counts[pair] += 2
        for _ in range(size // 3):
            start = KINDS[rng.below(len(KINDS))]
            if rng.below(2) and 9 <= start < 27 and start % 9 <= 6:
                for kind in (start, start + 1, start + 2):
                    counts[kind] += 1
            else:
                counts[start] += 3
        if max(counts) > 4:
            continue
        held = [k for k in KINDS for _ in range(counts[k])]
        counts[held[rng.below(len(held))]] -= 1
        made += 1
        yield tuple(counts)


@pytest.mark.parametrize("size", [14, 13, 11, 10, 7, 4, 1])
def test_shanten_and_waits_are_the_library_s(size):
    ready = set()
    made_ready = list(_ready_hands(size, 300, seed=size)) if size % 3 == 1 else []
    for counts in [*_hands(size, 600, seed=100 + size), *made_ready]:
        assert scoring.shanten(counts) == _library_shanten(counts)
        if size % 3 == 1:
            waits = scoring.waits(counts)
            assert waits == _library_waits(counts), counts
            if waits:
                ready.add(scoring.regular_shanten(counts) == 0)
    if size in (13, 10, 7, 4):  # ready hands were among them, regular and seven pairs
        assert True in ready
    if size == 13:
        assert False in ready


@pytest.mark.parametrize("size", [14, 11, 8, 5])
def test_no_discard_brings_a_hand_closer_to_ready(size):
    """What the engine's riichi relies on (games/sanma/engine/rules.py): a hand of 3n+2
    tiles is never nearer complete after a discard, so one two or more from complete
    leaves no discard ready."""
    far = 0
    for counts in _hands(size, 1500, seed=200 + size):
        whole = _library_shanten(counts)
        far += whole >= 1
        for kind in {k for k in KINDS if counts[k]}:
            rest = list(counts)
            rest[kind] -= 1
            assert _library_shanten(rest) >= whole, (counts, kind)
    assert far > 0
