"""Tile kinds of Classic Mahjong as small integers, and their codes.

Kinds 0-33 follow the order of the ``mahjong`` library's 34-arrays (characters,
circles, bamboo, the winds east/south/west/north, the dragons white/green/red), so a
hand's counts go straight into its shanten and decomposition functions. Kinds 34-41
are the bonus tiles: flowers ``F1``-``F4``, then seasons ``S1``-``S4``. Outside the
engine every tile is named by its code (``1B``-``9B``, ``1C``-``9C``, ``1D``-``9D``, ``E S W N``,
``R G Wh``, ``F1``-``F4``, ``S1``-``S4``).
"""

from __future__ import annotations

from collections.abc import Iterable

# Characters (C), circles (D), bamboo (B): the library's man, pin, sou.
_SUIT_CODES = ("C", "D", "B")
CODES: tuple[str, ...] = (
    tuple(f"{rank}{suit}" for suit in _SUIT_CODES for rank in range(1, 10))
    + ("E", "S", "W", "N", "Wh", "G", "R")
    + ("F1", "F2", "F3", "F4", "S1", "S2", "S3", "S4")
)
KIND_OF: dict[str, int] = {code: kind for kind, code in enumerate(CODES)}

NORMAL_KINDS = 34
EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WINDS = (EAST, SOUTH, WEST, NORTH)
WIND_CODES = ("E", "S", "W", "N")
DRAGONS = (31, 32, 33)
FLOWERS = (34, 35, 36, 37)
SEASONS = (38, 39, 40, 41)
TERMINALS_AND_HONOURS = frozenset(
    [s * 9 for s in range(3)] + [s * 9 + 8 for s in range(3)] + list(range(27, 34))
)


def code(kind: int) -> str:
    return CODES[kind]


def kind(tile_code: str) -> int:
    """The kind of a tile code; an unknown code raises ``ValueError`` with the code."""
    try:
        return KIND_OF[tile_code]
    except KeyError:
        raise ValueError(f"{tile_code!r} is not a tile code") from None


def codes(kinds: Iterable[int]) -> tuple[str, ...]:
    return tuple(CODES[k] for k in kinds)


def is_bonus(k: int) -> bool:
    return k >= NORMAL_KINDS


def is_honour(k: int) -> bool:
    return 27 <= k < NORMAL_KINDS


def is_suited(k: int) -> bool:
    return k < 27


def suit_of(k: int) -> int:
    """0, 1, 2 for the three suits; only for suited kinds."""
    return k // 9


def rank_of(k: int) -> int:
    """1-9 for suited kinds."""
    return k % 9 + 1


def is_terminal_or_honour(k: int) -> bool:
    return k in TERMINALS_AND_HONOURS


def bonus_number(k: int) -> int:
    """1-4: the wind a flower or season belongs to (1 east ... 4 north)."""
    return (k - NORMAL_KINDS) % 4 + 1


def counts34(kinds: Iterable[int]) -> list[int]:
    out = [0] * NORMAL_KINDS
    for k in kinds:
        out[k] += 1
    return out


def full_set(with_bonus: bool) -> list[int]:
    """The tiles of one set: 136 (four of each normal kind), or 144 with the bonus tiles."""
    tiles = [k for k in range(NORMAL_KINDS) for _ in range(4)]
    if with_bonus:
        tiles += list(FLOWERS) + list(SEASONS)
    return tiles
