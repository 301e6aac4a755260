"""The wall, the dice and the dead end (docs/classic.md#the-wall-and-the-dice).

Every random number of Classic Mahjong comes from the project's own generator through
this module (the only import of it in the classic game), so the same seed gives the
same walls on every machine and release.
"""

from __future__ import annotations

from games.prng import SplitMix64

from .tiles import full_set

__all__ = ["DEAD_END", "SplitMix64", "build_wall", "hand_seed"]

DEAD_END = 14  # tiles that are never drawn as live tiles


def hand_seed(seed: int, hand_number: int) -> int:
    """The seed of one hand's wall: the ``hand_number``-th output of the table's generator,
    so each hand's wall is independent of how the earlier hands were played."""
    rng = SplitMix64(seed)
    value = rng.next_u64()
    for _ in range(hand_number):
        value = rng.next_u64()
    return value


def build_wall(seed: int, hand_number: int, with_bonus: bool) -> tuple[tuple[int, int], tuple]:
    """The dice and the wall of one hand: ``wall[0]`` is the next live tile, ``wall[-1]``
    the next replacement tile from the dead end.

    The tiles are shuffled into a square of stacks two high (17 or 18 stacks a side).
    East throws two dice and counts the sum from the right end of his own side; that
    stack is lifted out and its lower tile laid on the second stack right of the break,
    its upper tile on the fourth: these two loose tiles are the first replacements.
    Live tiles are taken from the left of the break, stack by stack, upper tile first;
    replacements from the right of it, outward from the break, upper tile first.
    """
    rng = SplitMix64(hand_seed(seed, hand_number))
    tiles = full_set(with_bonus)
    rng.shuffle(tiles)
    dice = (rng.below(6) + 1, rng.below(6) + 1)
    stacks = [(tiles[2 * i], tiles[2 * i + 1]) for i in range(len(tiles) // 2)]  # (upper, lower)
    count = len(stacks)
    side = count // 4
    broken = side - (dice[0] + dice[1])  # counted from East's right end: index side-1 is 1
    upper, lower = stacks[broken]
    dead_stacks = (DEAD_END - 2) // 2  # six stacks plus the two loose tiles
    live: list[int] = []
    for step in range(1, count - dead_stacks):  # leftwards from the break
        top, bottom = stacks[(broken - step) % count]
        live += (top, bottom)
    dead: list[int] = []  # in the order replacements are taken
    dead += (lower, upper)
    for step in range(1, dead_stacks + 1):  # rightwards from the break
        top, bottom = stacks[(broken + step) % count]
        dead += (top, bottom)
    return dice, tuple(live + dead[::-1])
