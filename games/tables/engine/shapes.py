"""Which tiles can bring a hand closer to ready, the same in every table game, as plain
Python over the ``mahjong`` library's 34 kinds (three suits of nine, then the seven
honours): so that a bot asks the library's shanten only of the tiles that may change it
(docs/tables.md#bots-ask-only-tiles-within-reach), and asks it once for hands alike, in
one memo for both games (docs/tables.md#hands-alike-are-counted-once)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from mahjong.shanten import Shanten

KINDS = 34
SUITED = 27


def within_reach(counts: Sequence[int]) -> set[int]:
    """The kinds a hand holds and, in a suit, those up to two apart from one it holds: a
    tile with nothing within two of it makes no set, pair or partial set with the hand."""
    near: set[int] = set()
    for kind in range(SUITED):
        if counts[kind]:
            number = kind % 9
            near.update(kind + step for step in range(-min(number, 2), min(8 - number, 2) + 1))
    near.update(kind for kind in range(SUITED, KINDS) if counts[kind])
    return near


def may_lower_regular_shanten(counts: Sequence[int]) -> list[int]:
    """The kinds one more of which may lower the library's regular shanten of the hand,
    in order: those within reach, or every kind while the hand holds four of one (then
    the library counts a new single tile as a wait for the pair, wherever it lies)."""
    if max(counts) >= 4:
        return list(range(KINDS))
    return sorted(within_reach(counts))


def unseen_accepted(
    kinds: Iterable[int], visible: Sequence[int], lowers: Callable[[int], bool], at_least: int = 0
) -> int:
    """The copies a seat has not seen (``visible``: the 34 counts it sees, at most 4) of
    the ``kinds`` that ``lowers`` (one more of the kind brings the hand closer to ready),
    when there are at least ``at_least`` of them; else some number below ``at_least``,
    given as soon as the kinds not yet tried could no longer make up the difference: a
    bot comparing discards asks only whether one beats the best so far
    (docs/tables.md#bots-ask-only-tiles-within-reach)."""
    unseen = {kind: 4 - visible[kind] for kind in kinds if visible[kind] < 4}
    left = sum(unseen.values())
    tiles = 0
    for kind, copies in unseen.items():
        left -= copies
        if lowers(kind):
            tiles += copies
        elif tiles + left < at_least:
            return tiles + left
    return tiles


def library_shape(counts: tuple[int, ...], three_player: bool) -> tuple[int, ...]:
    """The hand in one order of the parts the ``mahjong`` library's regular shanten
    cannot tell apart, so that hands alike are asked of it once
    (docs/tables.md#hands-alike-are-counted-once): the suits sorted among themselves and
    the honours by their counts; in three-player games, where the 1 and the 9 of
    characters make only pairs and triplets and the library counts them as it counts
    honours, those two go with the honours."""
    if three_player:
        pins, bamboos = counts[9:18], counts[18:SUITED]
        if bamboos < pins:
            pins, bamboos = bamboos, pins
        one, nine, *honours = sorted((counts[0], counts[8], *counts[SUITED:]))
        return (one, 0, 0, 0, 0, 0, 0, 0, nine, *pins, *bamboos, *honours)
    first, second, third = sorted((counts[:9], counts[9:18], counts[18:SUITED]))
    return (*first, *second, *third, *sorted(counts[SUITED:]))


def regular_shanten(counts: tuple[int, ...], three_player: bool) -> int:
    """The library's shanten of the regular form (four sets and a pair), its costly one,
    memoised by the hand's shape: the bots ask for the same hands again and again, and
    for hands alike (docs/tables.md#hands-alike-are-counted-once)."""
    return _shanten_of_shape(library_shape(counts, three_player), three_player)


# Room for both games' hands: each kept 200,000 of its own before they shared this memo.
@lru_cache(maxsize=400_000)
def _shanten_of_shape(shape: tuple[int, ...], three_player: bool) -> int:
    return Shanten.calculate_shanten_for_regular_hand(shape, is_three_player=three_player)
