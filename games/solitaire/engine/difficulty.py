"""How forgiving a deal or a layout is: the share of random greedy playouts that clear it
(docs/solitaire.md#difficulty).

A playout removes a pair chosen uniformly among all free matching pairs until it is
stuck or the board is empty. An easy deal forgives careless play; on a hard one most
playouts get stuck. The daily puzzle stores the figure of its deal; the built-in
layouts store the figure over many of their deals (``layout_figures``).
"""

from __future__ import annotations

from typing import NamedTuple

from games.prng import SplitMix64

from .deal import deal
from .geometry import Geometry, bits
from .layouts import PHONE_WIDTH
from .tiles import match_group

# A layout's figure: its deals of seeds 0 to LAYOUT_DEALS - 1, each played out
# LAYOUT_PLAYOUTS times, the playouts of seed s from SplitMix64(s ^ LAYOUT_SALT).
LAYOUT_DEALS = 200
LAYOUT_PLAYOUTS = 50
LAYOUT_SALT = 0x1A_0075


class LayoutFigures(NamedTuple):
    """A layout's row of ``layout_figures``: sizes in half cells, ``wide`` when more
    than 12 across (small on an upright phone), ``greedy_win_share`` from
    ``layout_win_share``."""

    tiles: int
    levels: int
    width: int
    height: int
    wide: bool
    free_at_start: int
    greedy_win_share: float


def figures_of(geometry: Geometry) -> LayoutFigures:
    """Compute a layout's row (the difficulty takes a few seconds)."""
    return LayoutFigures(
        tiles=geometry.n,
        levels=geometry.levels,
        width=geometry.width,
        height=geometry.height,
        wide=geometry.width > PHONE_WIDTH,
        free_at_start=geometry.free_mask(geometry.full_mask).bit_count(),
        greedy_win_share=round(layout_win_share(geometry), 4),
    )


def greedy_win_share(
    geometry: Geometry, faces: tuple[str, ...], rng: SplitMix64, playouts: int
) -> float:
    """The share of ``playouts`` random greedy playouts (drawn from ``rng``) that clear
    the board dealt as ``faces``."""
    group_masks = _group_masks(faces)
    wins = sum(_greedy_playout(geometry, group_masks, rng) for _ in range(playouts))
    return wins / playouts if playouts else 0.0


def layout_win_share(
    geometry: Geometry, deals: int = LAYOUT_DEALS, playouts: int = LAYOUT_PLAYOUTS
) -> float:
    """A layout's difficulty figure: the share of random greedy playouts that clear its
    deals, over the deals of seeds ``0 .. deals - 1`` with ``playouts`` each. Seeded
    throughout, so the figure can be computed again exactly."""
    if deals <= 0:
        return 0.0
    shares = [
        greedy_win_share(geometry, deal(geometry, seed), SplitMix64(seed ^ LAYOUT_SALT), playouts)
        for seed in range(deals)
    ]
    return sum(shares) / deals


def _group_masks(faces: tuple[str, ...]) -> tuple[int, ...]:
    """One bitmask of positions per match group (flowers together, seasons together)."""
    masks: dict[str, int] = {}
    for index, face in enumerate(faces):
        group = match_group(face)
        masks[group] = masks.get(group, 0) | (1 << index)
    return tuple(masks.values())


def _greedy_playout(geometry: Geometry, group_masks: tuple[int, ...], rng: SplitMix64) -> bool:
    occupied = geometry.full_mask
    free = geometry.free_mask(occupied)
    while occupied:
        # Per group, its free tiles and how many pairs they make: pure bit operations.
        open_groups = []
        pairs = 0
        for mask in group_masks:
            count = (mask & free).bit_count()
            if count >= 2:
                open_groups.append((mask & free, count))
                pairs += count * (count - 1) // 2
        if not pairs:
            return False
        pick = rng.below(pairs)
        for open_tiles, count in open_groups:
            in_group = count * (count - 1) // 2
            if pick < in_group:
                removed = _nth_pair(open_tiles, count, pick)
                break
            pick -= in_group
        free = geometry.update_free(free, occupied, removed)
        occupied ^= removed
    return True


def _nth_pair(tiles: int, count: int, pick: int) -> int:
    """The ``pick``-th of the ``count * (count - 1) / 2`` pairs of ``tiles``, as a mask."""
    indices = bits(tiles)
    for a in range(count - 1):
        if pick < count - 1 - a:
            return (1 << indices[a]) | (1 << indices[a + 1 + pick])
        pick -= count - 1 - a
    raise AssertionError("pick out of range")
