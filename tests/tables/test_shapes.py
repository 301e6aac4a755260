"""Bots ask only tiles within reach (docs/tables.md#bots-ask-only-tiles-within-reach): no
kind left out could lower the library's regular shanten, for hands of every size, in
three-player and four-player sets, with and without four of a kind; and hands alike are
counted once (docs/tables.md#hands-alike-are-counted-once): the library gives a hand's
shape the hand's own shanten."""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten

from games.prng import SplitMix64
from games.tables.engine.shapes import (
    KINDS,
    library_shape,
    may_lower_regular_shanten,
    unseen_accepted,
    within_reach,
)

SANMA_KINDS = [k for k in range(34) if not 1 <= k <= 7]


def _hands(kinds: list[int], size: int, count: int, seed: int):
    """Random hands of ``size`` tiles; every third holds four of one kind."""
    rng = SplitMix64(seed)
    for number in range(count):
        counts = [0] * 34
        wall = [k for k in kinds for _ in range(4)]
        if number % 3 == 0:
            four = kinds[rng.below(len(kinds))]
            counts[four] = 4
            wall = [k for k in wall if k != four]
        while sum(counts) < size:
            counts[wall.pop(rng.below(len(wall)))] += 1
        yield counts


@pytest.mark.parametrize("three_player", [False, True], ids=["four-player", "three-player"])
@pytest.mark.parametrize("size", [13, 10, 7, 4, 1])
def test_no_kind_left_out_lowers_the_regular_shanten(three_player, size):
    kinds = SANMA_KINDS if three_player else list(range(34))
    some_left_out = 0
    for counts in _hands(kinds, size, 300, seed=size * 2 + three_player):
        base = Shanten.calculate_shanten_for_regular_hand(counts, is_three_player=three_player)
        tried = set(may_lower_regular_shanten(counts))
        for kind in kinds:
            if kind in tried or counts[kind] >= 4:
                continue
            some_left_out += 1
            counts[kind] += 1
            lower = Shanten.calculate_shanten_for_regular_hand(counts, three_player)
            counts[kind] -= 1
            assert lower >= base, (counts, kind)
    assert some_left_out > 0  # the pruning left something out to check


def test_every_kind_is_tried_while_the_hand_holds_four_of_one():
    """Four of a kind and nothing else: any new single tile is a wait for the pair, far
    from the four or not (the library's rule that within_reach alone would miss)."""
    counts = [0] * 34
    counts[9 + 4] = 4  # four Circle 5
    lonely = 33  # Red dragon, nothing near it
    assert lonely not in within_reach(counts)
    assert lonely in may_lower_regular_shanten(counts)
    base = Shanten.calculate_shanten_for_regular_hand(counts)
    counts[lonely] += 1
    assert Shanten.calculate_shanten_for_regular_hand(counts) < base


def test_within_reach_is_the_held_kinds_and_their_suit_neighbours_up_to_two():
    counts = [0] * 34
    counts[0] = 1  # Character 1: 1, 2, 3 of characters
    counts[17] = 2  # Circle 9: 7, 8, 9 of circles
    counts[22] = 1  # Bamboo 5: 3 to 7 of bamboo
    counts[31] = 3  # White dragon: itself only
    assert within_reach(counts) == {0, 1, 2, 15, 16, 17, 20, 21, 22, 23, 24, 31}


@pytest.mark.parametrize("three_player", [False, True], ids=["four-player", "three-player"])
@pytest.mark.parametrize("size", [14, 13, 11, 10, 8, 5, 2])
def test_a_hands_shape_has_the_hands_own_regular_shanten(three_player, size):
    kinds = SANMA_KINDS if three_player else list(range(34))
    for counts in _hands(kinds, size, 1500, seed=size * 7 + three_player):
        hand = tuple(counts)
        shape = library_shape(hand, three_player)
        assert sorted(shape) == sorted(hand)  # the same counts, in another order
        assert library_shape(shape, three_player) == shape
        own = Shanten.calculate_shanten_for_regular_hand(hand, is_three_player=three_player)
        assert Shanten.calculate_shanten_for_regular_hand(shape, three_player) == own, hand


def test_hands_alike_share_a_shape_and_others_do_not():
    def hand(**tiles):
        counts = [0] * 34
        for kind, n in tiles.items():
            counts[int(kind[1:])] = n
        return tuple(counts)

    # Circles and bamboo swapped, East for Red dragon, Character 1 for Character 9.
    one = hand(k9=3, k10=1, k11=1, k20=2, k27=2, k0=1)
    other = hand(k18=3, k19=1, k20=1, k11=2, k33=2, k8=1)
    assert library_shape(one, three_player=True) == library_shape(other, three_player=True)
    # Three players: the 1 of characters goes with the honours; four players: it does not.
    honour = hand(k9=3, k10=1, k11=1, k20=2, k27=2, k28=1)
    assert library_shape(one, three_player=True) == library_shape(honour, three_player=True)
    assert library_shape(one, three_player=False) != library_shape(honour, three_player=False)
    # Other counts, another shape.
    assert library_shape(one, True) != library_shape(
        hand(k9=3, k10=1, k12=1, k20=2, k27=2, k0=1), True
    )
    # Four players: any two suits swap.
    assert library_shape(hand(k0=2, k1=1), False) == library_shape(hand(k18=2, k19=1), False)


def test_a_count_asked_to_reach_a_mark_is_exact_from_it_and_below_it_otherwise():
    """``unseen_accepted`` gives up on a discard that cannot reach the best so far:
    exact when the count reaches ``at_least``, some number below it when it does not."""
    rng = SplitMix64(31)
    given_up = 0
    for _ in range(2_000):
        kinds = sorted({rng.below(KINDS) for _ in range(rng.below(20))})
        visible = [rng.below(5) for _ in range(KINDS)]
        lowering = {kind for kind in kinds if rng.below(3) == 0}
        exact = sum(4 - visible[kind] for kind in lowering)
        assert unseen_accepted(kinds, visible, lowering.__contains__) == exact
        at_least = rng.below(exact + 12)
        found = unseen_accepted(kinds, visible, lowering.__contains__, at_least)
        if exact >= at_least:
            assert found == exact
        else:
            assert found < at_least
            given_up += found != exact
    assert given_up  # it did stop short, not only count everything
