"""The wall of each hand, from the game's seed (docs/sanma.md#the-games-course).

The only module of the engine that imports the project's seeded generator: the same
seed and hand number give the same wall on every machine and release.

Layout of a hand's wall (a tuple of the 108 tiles):
- ``[0:39]`` the deal, 13 tiles each, the dealer first, then the next seats in turn;
- ``[39:94]`` the live wall, drawn from the front;
- ``[94:108]`` the dead wall of 14: dora indicators at 94..98, ura dora indicators at
  99..103. A replacement tile (after a kan or a North) is the last tile of the live
  wall, which thereby moves into the dead wall: the dead wall stays 14 tiles and the
  live wall shrinks by one.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.prng import SplitMix64

from .tiles import ALL_TILES

DEAL_SIZE = 39
DEAD_WALL = 14
LIVE_END = len(ALL_TILES) - DEAD_WALL  # 94
DORA_AT = LIVE_END  # indicators 94..98
URA_AT = LIVE_END + 5  # ura indicators 99..103

_MASK64 = (1 << 64) - 1
_HAND_MIX = 0xD1B54A32D192ED03  # an odd 64-bit constant: spreads hand numbers apart


def shuffled_wall(seed: int, hand_number: int) -> tuple[int, ...]:
    """The wall of hand ``hand_number`` (0, 1, 2 ... in order of play) of a game."""
    hand_seed = SplitMix64((seed ^ (hand_number * _HAND_MIX)) & _MASK64).next_u64()
    tiles = list(ALL_TILES)
    SplitMix64(hand_seed).shuffle(tiles)
    return tuple(tiles)


def stacked_wall(
    hands: Sequence[Sequence[int]],
    draws: Sequence[int] = (),
    indicators: Sequence[int] = (),
    ura: Sequence[int] = (),
    replacements: Sequence[int] = (),
) -> tuple[int, ...]:
    """A wall with chosen tiles in chosen places, for hand-built positions.

    ``hands`` are the dealer's and the next seats' 13 tiles (fewer are filled up),
    ``draws`` the live wall from the front, ``indicators`` the dora indicators,
    ``ura`` the ura indicators, ``replacements`` the replacement tiles in the order they
    are drawn (they come from the live wall's end). Every other place gets the unused
    tiles in ascending order. Raises ``ValueError`` on a tile used twice.
    """
    used = [t for group in (*hands, draws, indicators, ura, replacements) for t in group]
    if len(set(used)) != len(used) or not set(used) <= set(ALL_TILES):
        raise ValueError("a stacked wall needs distinct Sanma tiles")
    rest = iter(t for t in ALL_TILES if t not in set(used))
    wall: list[int | None] = [None] * len(ALL_TILES)
    for seat, hand in enumerate(hands):
        for i, t in enumerate(hand):
            wall[13 * seat + i] = t
    for i, t in enumerate(draws):
        wall[DEAL_SIZE + i] = t
    for i, t in enumerate(indicators):
        wall[DORA_AT + i] = t
    for i, t in enumerate(ura):
        wall[URA_AT + i] = t
    for i, t in enumerate(replacements):
        wall[LIVE_END - 1 - i] = t
    return tuple(t if t is not None else next(rest) for t in wall)
