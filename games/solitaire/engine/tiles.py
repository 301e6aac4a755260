"""The 42 tile kinds, their codes, and which tiles match (their words, names and labels,
are every game's: ``games.tiles``).

Codes are the canonical short names used everywhere a tile is named in data, logs,
exports and tests: ``1B``-``9B`` bamboo, ``1C``-``9C`` characters, ``1D``-``9D``
circles (dots), ``E S W N`` winds, ``R G Wh`` dragons, ``F1``-``F4`` flowers and
``S1``-``S4`` seasons.
"""

from __future__ import annotations

from typing import Protocol

SUITS = ("B", "C", "D")
WINDS = ("E", "S", "W", "N")
DRAGONS = ("R", "G", "Wh")
FLOWERS = ("F1", "F2", "F3", "F4")
SEASONS = ("S1", "S2", "S3", "S4")

NORMAL_CODES: tuple[str, ...] = (
    tuple(f"{rank}{suit}" for suit in SUITS for rank in range(1, 10)) + WINDS + DRAGONS
)
TILE_CODES: tuple[str, ...] = NORMAL_CODES + FLOWERS + SEASONS

MAX_TILES = 144
# Not "F" / "S": "S" is the south wind's code, and a group name must never be a code.
FLOWER_GROUP = "flowers"
SEASON_GROUP = "seasons"

_CODE_SET = frozenset(TILE_CODES)


class RandomSource(Protocol):
    """What the tile set needs from a generator (see ``random.SplitMix64``)."""

    def sample(self, population: tuple[str, ...] | list[str], k: int) -> list[str]: ...


def is_tile_code(code: str) -> bool:
    return code in _CODE_SET


def match_group(code: str) -> str:
    """The group a tile matches within: the code itself for the 34 normal kinds,
    ``"flowers"`` for all flowers and ``"seasons"`` for all seasons."""
    if code in FLOWERS:
        return FLOWER_GROUP
    if code in SEASONS:
        return SEASON_GROUP
    return code


def tiles_match(a: str, b: str) -> bool:
    """Whether two tiles match by face. That a tile never matches itself (the same
    position) is the caller's concern: two tiles with the same code do match."""
    return match_group(a) == match_group(b)


def _tile_set_shape(count: int) -> tuple[int, int, int]:
    """How many normal kinds (x4), flowers and seasons a layout of ``count`` gets.

    The rule, by ``count % 8``:
      0 -> normal kinds x4 + the 4 flowers + the 4 seasons (144 = the full set, 72)
      4 -> normal kinds x4 + the 4 flowers                  (36)
      2 -> normal kinds x4 + 2 of the flowers
      6 -> normal kinds x4 + 2 of the flowers + the 4 seasons
    so every even count from 2 to 144 is covered and never needs more than 34 kinds.
    """
    if count < 0 or count % 2 or count > MAX_TILES:
        raise ValueError(f"a layout needs an even number of tiles up to 144, not {count}")
    rest = count % 8
    flowers = {0: 4, 4: 4, 2: 2, 6: 2}[rest]
    seasons = 4 if rest in (0, 6) else 0
    if count < flowers + seasons:  # 0 tiles: nothing at all
        return 0, 0, 0
    kinds = (count - flowers - seasons) // 4
    return kinds, flowers, seasons


def tile_set(count: int, rng: RandomSource) -> list[str]:
    """The faces for a layout of ``count`` positions (even, at most 144), as a list.

    144 gives the full set; smaller layouts use some of the normal kinds (which ones
    follows from ``rng``), see ``_tile_set_shape`` for how many and the bonus tiles.
    """
    kinds, flowers, seasons = _tile_set_shape(count)
    if kinds == len(NORMAL_CODES):
        chosen = list(NORMAL_CODES)
    else:
        chosen = sorted(rng.sample(NORMAL_CODES, kinds), key=TILE_CODES.index)
    faces = [code for code in chosen for _ in range(4)]
    faces += list(FLOWERS) if flowers == 4 else sorted(rng.sample(FLOWERS, flowers))
    faces += list(SEASONS[:seasons])
    return faces


def describe_tile_set(count: int) -> str:
    """The tile set of a layout in words, e.g. "8 normal kinds x4 plus the 4 flowers"."""
    kinds, flowers, seasons = _tile_set_shape(count)
    if count == 0:
        return "no tiles"
    if kinds == len(NORMAL_CODES) and flowers == 4 and seasons == 4:
        return "the full set: 34 normal kinds x4 plus the 4 flowers and the 4 seasons"
    parts = [f"{kinds} normal kind{'s' if kinds > 1 else ''} x4"] if kinds else []
    bonus = []
    if flowers:
        bonus.append("the 4 flowers" if flowers == 4 else "2 of the flowers")
    if seasons:
        bonus.append("the 4 seasons")
    if not parts:
        return " and ".join(bonus)
    return parts[0] + " plus " + " and ".join(bonus)
