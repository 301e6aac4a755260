"""The solver's compiled core (games/solitaire/engine/_greedy.c) against plain Python:
greedy play and the peeling of a stuck set, each checked against a slow statement of
its rule that recomputes every free tile from scratch; the conflicts learnt; and bad
input refused with an exception, never a crash."""

from __future__ import annotations

import time

import pytest

from games.solitaire.engine import SplitMix64
from games.solitaire.engine._greedy import Greedy, Layout, pairs
from games.solitaire.engine.geometry import bits
from games.solitaire.engine.solver import _groups, _PairingSearch

from .helpers import play_out
from .test_solver_phases import prepared


def slow_play(search: _PairingSearch, occupied: int, choice: list[int], relaxed: bool) -> int:
    """Greedy play as the rule says it (docs/solitaire.md#the-solver), with every free
    tile worked out anew after each removal: the tiles left. Every order of its moves
    ends with the same tiles."""
    geometry, masks, options = search.geometry, search.masks, search.options
    moved = True
    while moved:
        moved = False
        for g, mask in enumerate(masks):
            free = geometry.free_mask(occupied)
            rest = mask & occupied
            ready = rest & free
            gone = 0
            if ready and ready == rest:
                gone = rest
            elif choice[g] >= 0 and rest == mask:
                gone = sum(pair for pair in options[g][choice[g]] if pair & free == pair)
            elif choice[g] < 0 and relaxed and (rest != mask or ready.bit_count() >= 2):
                gone = ready
            if gone:
                occupied &= ~gone
                moved = True
    return occupied


def random_choice(search: _PairingSearch, rng: SplitMix64, open_share: int) -> list[int]:
    """A pairing for every group, some left open (1 in ``open_share``)."""
    return [
        c if c >= 0 or rng.below(open_share) == 0 else rng.below(len(o))
        for c, o in zip(search.base, search.options, strict=True)
    ]


@pytest.mark.parametrize("letter", ["c", "a", "x"])
@pytest.mark.parametrize("relaxed", [False, True])
def test_greedy_play_leaves_the_tiles_its_rule_leaves(letter: str, relaxed: bool) -> None:
    # 144 tiles ("c" and "x") fill all three words of a mask; Pavillon ("a") one.
    rng = SplitMix64(len(letter) * 7 + relaxed)
    for seed in range(12):
        geometry, _, search = prepared(letter, 9000 + seed)
        for _ in range(4):
            choice = random_choice(search, rng, open_share=3)
            record: list[int] = []
            left, left_free = search._play(
                search.occupied, search.root_free, choice, relaxed=relaxed, record=record
            )
            assert left == slow_play(search, search.occupied, choice, relaxed)
            assert left_free == geometry.free_mask(left)
            # the removals recorded are exactly the tiles gone, each once
            assert sum(record) == search.occupied ^ left
            assert all(not a & b for k, a in enumerate(record) for b in record[k + 1 :])


@pytest.mark.parametrize("letter", ["c", "x"])
def test_exact_play_records_an_order_the_rules_accept(letter: str) -> None:
    for seed in range(10):
        geometry, board, search = prepared(letter, 9100 + seed)
        order = search.playouts(12, time.perf_counter() + 10)
        if order is not None:
            assert play_out(geometry, board, order).is_cleared


def test_a_removal_order_takes_each_removal_lowest_tiles_first() -> None:
    # a pair, then a whole group of four free at once (two pairs), across the words
    assert pairs([1 << 3 | 1 << 140, 1 << 0 | 1 << 70 | 1 << 71 | 1 << 130]) == [
        (3, 140),
        (0, 70),
        (71, 130),
    ]
    assert pairs([]) == []


def slow_core(search: _PairingSearch, stuck: int) -> int:
    """The blocking part of a stuck set by its definition: peel off, again and again,
    every group none of whose tiles covers a tile of the set or closes a side of one
    that is closed on both sides."""
    geometry = search.geometry
    core = stuck
    while True:
        blockers = 0
        for t in bits(core):
            if geometry.covered_by[t] & core:
                blockers |= geometry.covered_by[t] & core
            elif geometry.left[t] & core and geometry.right[t] & core:
                blockers |= (geometry.left[t] | geometry.right[t]) & core
        peeled = core
        for mask in search.masks:
            if mask & core and not mask & core & blockers:
                peeled &= ~mask
        if peeled == core:
            return core
        core = peeled


def test_the_core_of_a_stuck_set_is_what_its_definition_peels_it_to() -> None:
    rng = SplitMix64(77)
    checked = 0
    for seed in range(20):
        _, _, search = prepared("x", 9200 + seed)
        choice = random_choice(search, rng, open_share=1000)
        left, _ = search._play(search.occupied, search.root_free, choice)
        assert search.greedy.core(left) == slow_core(search, left)
        checked += bool(left)
        # any set, stuck or not: the definition is the same
        some = search.occupied & rng.next_u64() << rng.below(80)
        assert search.greedy.core(some) == slow_core(search, some)
    assert checked >= 10


def test_conflicts_learnt_are_found_again_first_learnt_first() -> None:
    _, _, search = prepared("x", 9300)
    greedy = search.greedy
    open_groups = [g for g, c in enumerate(search.base) if c < 0]
    a, b, c = open_groups[:3]
    choice = list(search.base)
    choice[a], choice[b], choice[c] = 0, 1, 2
    assert greedy.violated(choice, a, 0) is None
    greedy.learn(choice, frozenset({a, b}))
    greedy.learn(choice, [a, b, c])
    greedy.learn(choice, [])  # nothing to remember
    assert greedy.violated(choice, a, 0) == frozenset({a, b})
    assert greedy.violated(choice, c, 2) == frozenset({a, b, c})
    choice[b] = 0
    assert greedy.violated(choice, a, 0) is None  # b's pairing differs now
    assert sorted(map(sorted, greedy.nogoods())) == [
        sorted([(a, 0), (b, 1)]),
        sorted([(a, 0), (b, 1), (c, 2)]),
    ]


def test_bad_input_is_refused_with_an_exception() -> None:
    geometry, board, search = prepared("c", 9400)
    greedy, choice = search.greedy, list(search.base)
    with pytest.raises(OverflowError):
        greedy.play(1 << 200, 0, choice)
    with pytest.raises((OverflowError, ValueError)):
        greedy.play(-1, 0, choice)
    with pytest.raises(TypeError):
        greedy.play("tiles", 0, choice)
    with pytest.raises(ValueError):
        greedy.play(search.occupied, search.root_free, choice[:-1])
    with pytest.raises(ValueError):
        greedy.play(search.occupied, search.root_free, [3] * len(choice))
    with pytest.raises(ValueError):
        greedy.play(search.occupied, search.root_free, choice, [len(choice)])
    with pytest.raises(ValueError):
        greedy.learn(choice, [search.base.index(-1)])  # an open group has no pairing
    with pytest.raises(ValueError):
        greedy.violated(choice, len(choice), 0)
    with pytest.raises(ValueError):
        greedy.core(1 << geometry.n)
    with pytest.raises(ValueError):  # a layout's tables, one per tile
        Layout(geometry.covered_by, geometry.left[:-1], geometry.right, geometry.affects)
    with pytest.raises(TypeError):
        Greedy(geometry, search.masks, search.options, search.group_of)
    with pytest.raises(RuntimeError):
        Greedy(Layout.__new__(Layout), search.masks, search.options, search.group_of)
    half_built = Layout.__new__(Layout)
    with pytest.raises(ValueError):
        half_built.__init__(
            geometry.covered_by, geometry.left, geometry.right[:-1], geometry.affects
        )
    with pytest.raises(RuntimeError):  # a Layout that failed to read its tables is none
        Greedy(half_built, search.masks, search.options, search.group_of)
    layout = search.tables.layouts[True]
    with pytest.raises(ValueError):  # a group must lie on the layout
        Greedy(layout, [1 << geometry.n | 1], [[(1 << geometry.n | 1,)]], search.group_of)
    with pytest.raises(ValueError):  # a pairing's pairs lie in its group
        Greedy(layout, [0b11], [[(0b110,)]], search.group_of)
    with pytest.raises(RuntimeError):
        Greedy.__new__(Greedy).play(0, 0, [])
    with pytest.raises(ValueError):
        pairs([0b111])
    # nothing of the above changed what the search does
    again = _PairingSearch(geometry, board.occupied, time.perf_counter() + 60)
    assert again.prepare(_groups(board.faces, board.occupied))
    assert search._play(search.occupied, search.root_free, choice) == again._play(
        again.occupied, again.root_free, choice
    )


def test_any_input_within_the_layout_is_answered_or_refused_never_a_crash() -> None:
    # Boards no play reaches (free tiles that are not free, open groups of two, groups
    # half gone): the compiled core may answer nonsense there, but only with masks of
    # the layout's tiles, or refuse; a crash would take the test's process with it.
    rng = SplitMix64(2026)
    for seed in range(6):
        geometry, _, search = prepared("x", 9500 + seed)
        greedy, groups = search.greedy, len(search.masks)
        layout_tiles = geometry.full_mask
        for _ in range(300):
            occupied = rng.next_u64() << 80 ^ rng.next_u64() << 40 ^ rng.next_u64()
            occupied &= layout_tiles
            free = occupied & (rng.next_u64() << 80 ^ rng.next_u64())
            choice = [rng.below(len(o) + 1) - 1 for o in search.options]
            left, left_free = greedy.play(
                occupied, free, choice, [rng.below(groups)], relaxed=rng.below(2) == 1
            )
            assert not left & ~occupied and not left_free & ~layout_tiles
            made: list[int] = []
            left = greedy.playout(
                rng.next_u64(), choice, made, [rng.below(groups) for _ in range(5)],
                occupied, free, (3.0, 1.5, 1.0, 1.0, 1 / 512),
            )  # fmt: skip
            assert not left & ~occupied
            assert all(c < len(o) for c, o in zip(choice, search.options, strict=True))
            assert not greedy.core(occupied) & ~occupied
