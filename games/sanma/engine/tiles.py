"""Sanma tiles: ids, kinds and the site's tile codes (docs/sanma.md#tiles).

A tile is an ``int`` from 0 to 135, the index the ``mahjong`` library uses ("136
format"): ``tile // 4`` is its *kind* (0-33: characters 1-9, circles 1-9, bamboo 1-9,
East, South, West, North, White, Green, Red). Sanma leaves out characters 2-8 (kinds
1-7), so its wall holds 108 tiles of 27 kinds. With red fives on, tile 52 (a 5 of
circles) and tile 88 (a 5 of bamboo) are the red ones.

Codes are the site's canonical short names: ``1C 9C``, ``1D``-``9D`` (circles),
``1B``-``9B`` (bamboo), ``E S W N``, ``Wh G R``; red fives ``5Dr`` and ``5Br``.
"""

from __future__ import annotations

RED_FIVE_CIRCLES = 52
RED_FIVE_BAMBOO = 88
RED_FIVES = frozenset({RED_FIVE_CIRCLES, RED_FIVE_BAMBOO})

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33

#: The 27 kinds of the Sanma set, in the library's order.
KINDS: tuple[int, ...] = (0, 8, *range(9, 34))
#: The 108 tiles of the Sanma wall.
ALL_TILES: tuple[int, ...] = tuple(t for k in KINDS for t in range(4 * k, 4 * k + 4))
TERMINALS_AND_HONOURS = frozenset({0, 8, 9, 17, 18, 26, *range(27, 34)})

_HONOUR_CODES = {27: "E", 28: "S", 29: "W", 30: "N", 31: "Wh", 32: "G", 33: "R"}
_SUIT_LETTERS = "CDB"  # characters (man), circles (pin), bamboo (sou)


def kind_code(kind: int) -> str:
    """The code of a kind, without the red mark: ``kind_code(13) == "5D"``."""
    if kind >= 27:
        return _HONOUR_CODES[kind]
    return f"{kind % 9 + 1}{_SUIT_LETTERS[kind // 9]}"


def is_red(tile: int, red_fives: bool) -> bool:
    return red_fives and tile in RED_FIVES


# Every tile's code, without and with red fives: the engine asks for them on every
# decision, so they are looked up rather than built (bench/table_decisions.py).
_CODES = tuple(
    tuple(kind_code(t // 4) + ("r" if is_red(t, red) else "") for t in range(136))
    for red in (False, True)
)
# What each code means: Sanma's 27 kinds plus the two red fives.
_PARSED = {kind_code(k): (k, False) for k in KINDS} | {
    _CODES[True][t]: (t // 4, True) for t in RED_FIVES
}


def code(tile: int, red_fives: bool) -> str:
    """The code of one tile: ``code(52, True) == "5Dr"``, ``code(52, False) == "5D"``."""
    return _CODES[red_fives][tile]


def parse_code(text: str) -> tuple[int, bool]:
    """``"5Dr"`` -> ``(13, True)``: the kind and whether the red one is meant.

    Raises ``ValueError`` for anything that is not a Sanma tile code.
    """
    try:
        return _PARSED[text]
    except (KeyError, TypeError):
        raise ValueError(f"not a Sanma tile code: {text!r}") from None


def is_terminal_or_honour(tile: int) -> bool:
    return tile // 4 in TERMINALS_AND_HONOURS


def dora_of_indicator(kind: int) -> int:
    """The dora kind an indicator of ``kind`` points to (docs/sanma.md#dora).

    Characters wrap 1 -> 9 -> 1 (2-8 are not in the set); circles and bamboo go 1..9
    then back to 1; winds E -> S -> W -> N -> E; dragons White -> Green -> Red -> White.
    """
    if kind == 0:
        return 8
    if kind == 8:
        return 0
    if kind < 27:
        suit, number = divmod(kind, 9)
        return suit * 9 + (number + 1) % 9
    if kind < 31:
        return 27 + (kind - 27 + 1) % 4
    return 31 + (kind - 31 + 1) % 3


def counts34(tiles: object) -> tuple[int, ...]:
    """Counts per kind (a 34-tuple) of an iterable of tiles."""
    counts = [0] * 34
    for t in tiles:  # type: ignore[attr-defined]
        counts[t // 4] += 1
    return tuple(counts)


def sort_key(tile: int) -> tuple[int, int]:
    """Hands are shown by kind; a red five sorts with its kind."""
    return (tile // 4, tile)
