"""The shapes of the built-in layouts after the first three (letters d to x); the
catalogue is told in docs/solitaire.md#the-built-in-layouts.

Each function gives a layout's positions in their fixed order: deals depend on that
order, so a shape never changes once it is out (golden tests pin every layout's deals).
Our own designs, named after everyday things. The picture of a layout is its front: y
runs down the screen, and higher levels lie on top, drawn a little up and to the left.

Phone layouts (d to p) fit 12 x 14 half cells, so that the whole board shows on a phone
held upright; the wide ones (q to x) are for wider screens. Some use the free rule's
edge cases on purpose: tiles half or a quarter over the tiles below (a half offset in x
or y), rows whose tiles touch their neighbours along half a side (Dunes), and deep
stacks (Lighthouse, City, the head of the Comet).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .geometry import Position

Shape = tuple[Position, ...]


def _cols(first: int, last: int) -> range:
    """The x of a row of touching tiles from ``first`` to ``last`` (half cells)."""
    return range(first, last + 1, 2)


def _level(z: int, rows: Mapping[int, Iterable[int]]) -> list[Position]:
    """Level ``z`` from ``{y: xs}``: row by row as given, left to right in each."""
    return [(x, y, z) for y, xs in rows.items() for x in xs]


def _mound(x: int, y: int, width: int, height: int) -> list[Position]:
    """A stepped mound: ``width`` x ``height`` tiles, and on it one tile fewer each way
    half a tile in, and so on up: each upper tile lies on a quarter of four below."""
    out: list[Position] = []
    z = 0
    while width > 0 and height > 0:
        out += [(x + 2 * i, y + 2 * j, z) for j in range(height) for i in range(width)]
        x, y, width, height, z = x + 1, y + 1, width - 1, height - 1, z + 1
    return out


# --- phone layouts: at most 12 x 14 half cells -----------------------------------------


def cactus() -> Shape:
    """A trunk two tiles wide, an arm bending up on either side, in a pot; the trunk's
    ridge is stacked on half offsets. Each arm joins the trunk half a row off, so its
    elbow touches the tiles beside it along half a side."""
    return tuple(
        _level(0, {0: [4, 6, 10], 2: [0, 4, 6, 10], 4: [0, 4, 6, 10], 5: [8], 6: [0, 4, 6],
                   7: [2], 8: [4, 6], 10: [4, 6], 12: _cols(2, 8)})
        + _level(1, {1: [5], 3: [0, 5, 10], 5: [5], 7: [5], 9: [5], 11: [5]})
        + _level(2, {2: [5], 4: [5], 6: [5], 8: [5]})
    )  # fmt: skip


def lightning() -> Shape:
    """A bolt: down to the left, a jog to the right, down to the left to a point; two
    more levels along its spine, half a row down. The jog's left end hangs half a row
    low, touching its neighbour along half a side."""
    return tuple(
        _level(0, {0: [5, 7, 9], 2: [4, 6, 8], 4: [3, 5, 7], 6: [2, 4, 6, 8], 7: [0],
                   8: [3, 5, 7], 10: [2, 4, 6], 12: [1]})
        + _level(1, {1: [6, 8], 3: [5, 7], 5: [4, 6], 7: [1, 3, 5, 7], 9: [4, 6], 11: [3]})
        + _level(2, {2: [7], 6: [5], 8: [2], 10: [5]})
    )  # fmt: skip


def tulip() -> Shape:
    """A cup of three petals on a stem with a leaf either side; the cup is raised
    in two levels."""
    return tuple(
        _level(0, {0: [0, 5, 10], 2: _cols(0, 10), 4: _cols(1, 9), 6: _cols(2, 8),
                   8: [1, 5, 9], 10: [3, 5, 7], 12: [5]})
        + _level(1, {1: [1, 5, 9], 3: _cols(2, 8), 5: _cols(3, 7), 9: [5], 11: [5]})
        + _level(2, {2: [3, 7], 4: [5]})
    )  # fmt: skip


def sailboat() -> Shape:
    """A tall sail beside its mast and a small jib before it, above a hull with a
    cabin; the mast stands half a row up on the level above."""
    return tuple(
        _level(0, {0: [2, 4], 2: [2, 4, 6], 4: [0, 2, 4, 6, 8], 6: _cols(0, 10),
                   9: _cols(0, 10), 11: _cols(2, 8)})
        + _level(1, {1: [2], 3: [2, 5], 5: [2, 5, 7], 10: _cols(1, 9)})
        + _level(2, {4: [6], 11: [4, 6]})
    )  # fmt: skip


def lantern() -> Shape:
    """A ring, a cap, a round body, a base and a tassel; the light inside lies a
    quarter over four tiles each, and a small flame on top of it."""
    return tuple(
        _level(0, {0: [5], 2: _cols(2, 8), 4: _cols(0, 10), 6: _cols(0, 10),
                   8: _cols(0, 10), 10: _cols(2, 8), 12: [5]})
        + _level(1, {2: _cols(3, 7), 5: _cols(3, 7), 7: _cols(3, 7), 10: _cols(3, 7)})
        + _level(2, {6: [4, 6]})
    )  # fmt: skip


def snowman() -> Shape:
    """A head, a middle with stick arms, a big round bottom; each ball rises in the
    middle."""
    return tuple(
        _level(0, {0: [4, 6], 2: [4, 6], 4: [0, 3, 5, 7, 10], 6: _cols(2, 8),
                   8: _cols(1, 9), 10: _cols(0, 10), 12: _cols(1, 9)})
        + _level(1, {1: [5], 5: [4, 6], 9: _cols(2, 8), 11: _cols(2, 8)})
        + _level(2, {5: [5], 10: _cols(3, 7)})
    )  # fmt: skip


def fir() -> Shape:
    """A fir tree on a short trunk, its tiers stacked four levels high, each half a
    row lower and half a tile in; the tip climbs half a row a level."""
    return tuple(
        _level(0, {0: [5], 2: [4, 6], 4: _cols(3, 7), 6: _cols(2, 8), 8: _cols(1, 9),
                   10: _cols(0, 10), 12: [5]})
        + _level(1, {1: [5], 4: [4, 6], 6: _cols(3, 7), 8: _cols(2, 8), 10: _cols(1, 9)})
        + _level(2, {2: [5], 7: [4, 6], 9: _cols(3, 7)})
        + _level(3, {3: [5], 9: [4, 6]})
    )  # fmt: skip


def mushroom() -> Shape:
    """A wide cap with raised spots on a stem and a foot."""
    return tuple(
        _level(0, {0: _cols(3, 7), 2: _cols(1, 9), 4: _cols(0, 10), 6: _cols(0, 10),
                   8: [4, 6], 10: [4, 6], 12: _cols(2, 8)})
        + _level(1, {1: [4, 6], 3: _cols(2, 8), 5: _cols(1, 9), 9: [5], 11: [5]})
        + _level(2, {2: [5], 4: [2, 8], 5: [5], 10: [5]})
    )  # fmt: skip


def heart() -> Shape:
    """A heart: two lobes and a point, rising in four levels toward the lobes."""
    return tuple(
        _level(0, {0: [1, 3, 7, 9], 2: _cols(0, 10), 4: _cols(0, 10), 6: _cols(1, 9),
                   8: _cols(2, 8), 10: _cols(3, 7), 12: [5]})
        + _level(1, {1: [2, 8], 3: _cols(1, 9), 5: _cols(2, 8), 7: _cols(3, 7), 9: [4, 6],
                     11: [5]})
        + _level(2, {2: [2, 8], 4: _cols(3, 7), 6: [4, 6], 8: [5]})
        + _level(3, {1: [2, 8], 5: [4, 6]})
    )  # fmt: skip


def hourglass() -> Shape:
    """Two bulbs tip to tip in a frame; sand left in the top, a thin stream, a pile
    at the bottom; the frame's ends stacked four high."""
    return tuple(
        _level(0, {0: _cols(0, 10), 2: _cols(1, 9), 4: _cols(2, 8), 6: _cols(3, 7),
                   8: _cols(2, 8), 10: _cols(1, 9), 12: _cols(0, 10)})
        + _level(1, {0: _cols(1, 9), 3: _cols(3, 7), 6: [5], 9: _cols(3, 7), 12: _cols(1, 9)})
        + _level(2, {0: _cols(2, 8), 3: [4, 6], 10: [4, 6], 12: _cols(2, 8)})
        + _level(3, {0: [5], 12: [5]})
    )  # fmt: skip


def window() -> Shape:
    """A window frame with a cross and four empty panes; the frame is three levels
    deep, the cross's middle too."""
    return tuple(
        _level(0, {0: _cols(0, 10), 2: [0, 5, 10], 4: [0, 5, 10], 6: _cols(0, 10),
                   8: [0, 5, 10], 10: [0, 5, 10], 12: _cols(0, 10)})
        + _level(1, {0: _cols(1, 9), 3: [0, 10], 5: [0, 10], 6: [5], 7: [0, 10], 9: [0, 10],
                     12: _cols(1, 9)})
        + _level(2, {0: _cols(0, 10), 6: [0, 5, 10], 12: _cols(0, 10)})
    )  # fmt: skip


def beehive() -> Shape:
    """A domed straw hive with an entrance at the bottom, six levels high in the
    middle, each level half a row lower than the one below."""
    return tuple(
        _level(0, {0: [4, 6], 2: _cols(3, 7), 4: _cols(2, 8), 6: _cols(1, 9), 8: _cols(0, 10),
                   10: _cols(0, 10), 12: [0, 2, 8, 10]})
        + _level(1, {1: [5], 3: [4, 6], 5: _cols(3, 7), 7: _cols(2, 8), 9: _cols(1, 9),
                     11: [3, 7]})
        + _level(2, {2: [5], 4: [4, 6], 6: _cols(3, 7), 8: _cols(2, 8), 10: _cols(2, 8)})
        + _level(3, {5: [5], 7: [4, 6], 9: _cols(3, 7)})
        + _level(4, {8: [4, 6]})
        + _level(5, {8: [5]})
    )  # fmt: skip


def lighthouse() -> Shape:
    """A tower on a rock, six levels of brickwork (two and three tiles wide by turns,
    on half offsets), then the gallery, the lamp and the roof: a deep stack."""
    tower: list[Position] = []
    for z in range(6):
        xs = [4, 6] if z % 2 == 0 else [3, 5, 7]
        tower += _level(z, {3: xs, 5: xs, 7: xs, 9: xs})
    return tuple(
        _level(0, {11: _cols(0, 10)})
        + _level(1, {11: _cols(1, 9)})
        + tower
        + _level(6, {2: _cols(2, 8)})
        + _level(7, {1: [4, 6]})
        + _level(8, {0: [5]})
    )


# --- wide layouts --------------------------------------------------------------------


def archipelago() -> Shape:
    """Islands of every size in the sea, each a mound rising half a tile in per level:
    many small stacks apart from each other."""
    return tuple(
        _mound(0, 2, 4, 3) + _mound(10, 0, 2, 2) + _mound(9, 8, 3, 3) + _mound(16, 3, 3, 2)
        + _mound(24, 0, 3, 3) + _mound(22, 9, 4, 2) + _mound(3, 11, 2, 1) + _mound(30, 8, 1, 1)
        + _mound(17, 12, 1, 1)
    )  # fmt: skip


def train() -> Shape:
    """A locomotive with its cab, boiler and funnel, pulling two loaded wagons, all on
    wheels."""

    def wagon(x: int) -> list[Position]:
        return (
            _level(0, {4: _cols(x, x + 6), 6: _cols(x, x + 6), 8: _cols(x, x + 6),
                       10: [x + 1, x + 5]})
            + _level(1, {3: _cols(x + 1, x + 5), 5: _cols(x + 1, x + 5)})
            + _level(2, {4: [x + 2, x + 4]})
        )  # fmt: skip

    locomotive = (
        _level(0, {0: [26], 2: [18, 20, 26], 4: [18, 20, 26], 6: _cols(18, 28),
                   8: _cols(18, 28), 10: [19, 23, 27]})
        + _level(1, {1: [19], 3: [26], 7: _cols(21, 27), 9: [19, 23, 27]})
        + _level(2, {2: [19], 8: [22, 24]})
    )  # fmt: skip
    return tuple(locomotive + wagon(0) + wagon(9))


# Dunes: how far down (half cells) each column of a ridge lies: neighbours differ by at
# most one, so where they differ their sides touch along half their height.
_DUNE_WAVE = (0, 1, 2, 2, 1, 0, 0, 1, 2, 2, 1, 0, 0, 1, 2, 2)


def dunes() -> Shape:
    """Three wavy ridges of sand, each with a crest on top (half a tile along, half a
    row down), and a high crest along the middle ridge. Side by side the tiles of a
    ridge lie half a row apart where it rises or falls, so they close each other's
    sides along half their height."""
    wave = _DUNE_WAVE
    parts: list[Position] = []
    for base in (0, 5, 10):
        parts += [(2 * k, base + wave[k], 0) for k in range(15)]
        # The crest follows the higher of the two tiles it lies on.
        parts += [(2 * k + 1, base + 1 + min(wave[k], wave[k + 1]), 1) for k in range(14)]
    parts += [(2 * k + 2, 6 + wave[k + 1], 2) for k in range(13)]
    return tuple(parts)


def viaduct() -> Shape:
    """A deck three levels deep on four tall pillars with arches between them, over
    the water."""
    pillars: list[Position] = []
    for x in (4, 12, 20, 28):
        pillars += _level(0, {y: [x] for y in range(2, 14, 2)})
    return tuple(
        _level(0, {0: _cols(0, 30)})
        + _level(1, {1: _cols(1, 29)})
        + _level(2, {0: _cols(2, 28)})
        + pillars
        + _level(0, {2: [2, 6, 8, 10, 14, 16, 18, 22, 24, 26, 30],
                     4: [2, 6, 10, 14, 18, 22, 26, 30]})
        + _level(0, {14: _cols(0, 30)})
    )  # fmt: skip


def comet() -> Shape:
    """A bright head five levels deep, each level half a tile in, trailing a tail of
    streaks that thins out to the left."""
    return tuple(
        _mound(22, 2, 5, 5)
        + _level(0, {0: [13, 19], 2: [9, 13, 17], 4: _cols(5, 19), 6: _cols(0, 20),
                     8: _cols(5, 19), 10: [9, 13, 17], 12: [13, 19]})
        + _level(1, {5: _cols(11, 21), 7: _cols(11, 21), 3: [17, 19], 9: [17, 19]})
        + _level(2, {6: [16, 18]})
    )  # fmt: skip


def rainbow() -> Shape:
    """A rainbow's arch in three bands, each higher band half a tile off the one below
    it, so that its tiles lie across two below."""
    return tuple(
        _level(0, {0: _cols(10, 18), 1: [8, 20], 2: [6, 10, 12, 14, 16, 18, 22],
                   3: [4, 8, 20, 24], 4: [2, 6, 10, 12, 14, 16, 18, 22, 26], 5: [4, 8, 20, 24],
                   6: [2, 6, 10, 12, 14, 16, 18, 22, 26], 7: [0, 4, 8, 20, 24, 28],
                   8: [2, 6, 10, 18, 22, 26], 9: [0, 4, 8, 20, 24, 28], 10: [2, 6, 22, 26],
                   11: [0, 4, 8, 20, 24, 28]})
        + _level(1, {2: _cols(9, 19), 3: [7, 21], 4: [5, 9, 11, 13, 15, 17, 19, 23],
                     5: [7, 21], 6: [3, 5, 9, 19, 23, 25], 7: [7, 21], 8: [3, 5, 23, 25],
                     10: [3, 5, 23, 25]})
        + _level(2, {3: [10, 12, 16, 18], 4: [8, 20], 5: [6, 22], 7: [4, 24], 9: [4, 24],
                     11: [4, 24]})
    )  # fmt: skip


def whale() -> Shape:
    """A whale swimming to the right: the tail's fluke at the left, a spout over the
    head, the back rising in four levels, each half a row and half a tile off."""
    return tuple(
        _level(0, {0: [22, 26], 2: [24], 4: [0, *_cols(14, 26)], 6: [2, *_cols(8, 28)],
                   8: _cols(2, 30), 10: [2, *_cols(8, 28)], 12: [0, *_cols(14, 24)]})
        + _level(1, {5: _cols(13, 25), 7: _cols(7, 29), 9: _cols(9, 27), 11: _cols(15, 23)})
        + _level(2, {6: _cols(14, 26), 8: _cols(10, 28), 10: _cols(16, 22)})
        + _level(3, {7: _cols(15, 25), 9: _cols(17, 23)})
    )  # fmt: skip


def city() -> Shape:
    """A skyline: houses and towers of different heights and depths with streets
    between them; the slim tower is five levels deep, a column of full stacks."""
    parts: list[Position] = []
    # (x, tiles across, top row, levels): each building stands on the street at y = 12.
    for x, across, top, levels in (
        (0, 2, 6, 2),
        (5, 1, 0, 5),
        (8, 2, 4, 3),
        (13, 3, 6, 2),
        (20, 2, 0, 3),
        (25, 1, 4, 3),
        (28, 2, 6, 2),
    ):
        for z in range(levels):
            parts += [(x + 2 * i, y, z) for y in range(top, 12, 2) for i in range(across)]
    return tuple(parts)
