"""Positions on the half-tile grid and the free-tile test (docs/solitaire.md#coordinates).

A position is ``(x, y, z)``: the tile covers cells ``x..x+1`` and ``y..y+1`` on level
``z`` (0 at the bottom). Positions are referred to by their index in the layout, and
sets of positions are Python ``int`` bitmasks over those indices, so the free test is a
few integer operations:

    free(i) = not (covered_by[i] & occ) and (not (left[i] & occ) or not (right[i] & occ))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

Position = tuple[int, int, int]


def bits(mask: int) -> list[int]:
    """The indices set in ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def overlaps(a: Position, b: Position) -> bool:
    """Whether two footprints share any cell (any level): even a half or a quarter."""
    return abs(a[0] - b[0]) < 2 and abs(a[1] - b[1]) < 2


class Geometry:
    """The neighbour tables of one layout, computed once (use ``geometry_for``).

    ``covered_by[i]``: tiles on any higher level whose footprint overlaps i's, even by a
    half or a quarter. ``left[i]`` / ``right[i]``: tiles on the same level whose
    footprint touches i's left / right side, even along part of it (``dx == -2`` /
    ``+2`` and ``|dy| < 2``). Tiles above or below in the picture (``|dy| >= 2``) never
    touch a side. ``lies_on[i]`` is the reverse of ``covered_by`` (tiles i lies on),
    ``affects[i]`` the tiles whose freedom can change when i is removed.
    """

    __slots__ = (
        "positions",
        "n",
        "full_mask",
        "covered_by",
        "left",
        "right",
        "lies_on",
        "affects",
        "width",
        "height",
        "levels",
    )

    def __init__(self, positions: tuple[Position, ...]) -> None:
        self.positions = positions
        self.n = n = len(positions)
        self.full_mask = (1 << n) - 1
        covered_by = [0] * n
        lies_on = [0] * n
        left = [0] * n
        right = [0] * n
        for i, (xi, yi, zi) in enumerate(positions):
            for j, (xj, yj, zj) in enumerate(positions):
                if i == j or abs(yi - yj) >= 2:
                    continue
                dx = xj - xi
                if zj > zi and abs(dx) < 2:
                    covered_by[i] |= 1 << j
                    lies_on[j] |= 1 << i
                elif zj == zi and dx == -2:
                    left[i] |= 1 << j
                elif zj == zi and dx == 2:
                    right[i] |= 1 << j
        self.covered_by = tuple(covered_by)
        self.lies_on = tuple(lies_on)
        self.left = tuple(left)
        self.right = tuple(right)
        # Removing j can free the tiles j lies on and its side neighbours.
        self.affects = tuple(lies_on[j] | left[j] | right[j] for j in range(n))
        self.width = max((x for x, _, _ in positions), default=-2) + 2
        self.height = max((y for _, y, _ in positions), default=-2) + 2
        self.levels = max((z for _, _, z in positions), default=-1) + 1

    def __repr__(self) -> str:
        size = f"{self.width}x{self.height} half cells"
        return f"<Geometry {self.n} tiles, {size}, {self.levels} levels>"

    def is_free(self, i: int, occupied: int) -> bool:
        """Nothing lies on i, and its left or its right side is open."""
        return bool(self.free_among(1 << i, occupied))

    def free_among(self, tiles: int, occupied: int) -> int:
        """The tiles of ``tiles`` that are free on ``occupied`` (nothing lies on the
        tile, and its left or its right side is open). The one statement of the rule;
        the solver's inner loop has the only other copy (see ``solver._PairingSearch``)."""
        covered_by, left, right = self.covered_by, self.left, self.right
        free = 0
        while tiles:
            low = tiles & -tiles
            i = low.bit_length() - 1
            tiles ^= low
            if not covered_by[i] & occupied and (
                not left[i] & occupied or not right[i] & occupied
            ):
                free |= low
        return free

    def free_mask(self, occupied: int) -> int:
        """The occupied positions that are free, as a bitmask."""
        return self.free_among(occupied, occupied)

    def free_indices(self, occupied: int) -> list[int]:
        return bits(self.free_mask(occupied))

    def update_free(self, free: int, occupied: int, removed: int) -> int:
        """The free mask after removing ``removed`` from ``occupied`` (``free`` before).

        Removing tiles never blocks one, so only the neighbours of the removed tiles
        need a look.
        """
        occupied &= ~removed
        affects = self.affects
        touched = 0
        for i in bits(removed):
            touched |= affects[i]
        return (free & ~removed) | self.free_among(touched & occupied & ~free, occupied)

    def newly_freed(self, free: int, occupied: int, removed: int) -> int:
        """How many tiles removing ``removed`` frees (the hint's and the solver's
        measure of a move)."""
        return (self.update_free(free, occupied, removed) & ~free).bit_count()

    def blockers(self, i: int, occupied: int) -> tuple[list[int], list[int]]:
        """Why i is not free: (tiles lying on it, tiles closing both its sides).

        The first list holds the occupied tiles on higher levels overlapping i; the
        second the occupied side neighbours, but only when both sides are closed (one
        open side is enough to be free). Both empty: i is free. For the blocked tap's reason line:
        a non-empty first list means "covered", else "sides".
        """
        on_top = bits(self.covered_by[i] & occupied)
        left = self.left[i] & occupied
        right = self.right[i] & occupied
        sides = bits(left | right) if left and right else []
        return on_top, sides


@lru_cache(maxsize=64)
def _cached_geometry(positions: tuple[Position, ...]) -> Geometry:
    return Geometry(positions)


def normalize_positions(positions: Iterable[Sequence[int]]) -> tuple[Position, ...]:
    """``positions`` as a tuple of ``(x, y, z)`` int tuples (lists from JSON welcome)."""
    out = []
    for p in positions:
        x, y, z = p
        out.append((int(x), int(y), int(z)))
    return tuple(out)


def geometry_for(positions: Iterable[Sequence[int]]) -> Geometry:
    """The (cached) geometry of a layout given as any iterable of ``(x, y, z)``."""
    return _cached_geometry(normalize_positions(positions))


@dataclass(frozen=True, slots=True)
class Board:
    """A board: ``faces[i]`` is the tile code dealt at position i (kept after removal),
    ``occupied`` the bitmask of positions still on the board."""

    faces: tuple[str, ...]
    occupied: int

    @property
    def remaining(self) -> int:
        return self.occupied.bit_count()

    @property
    def is_cleared(self) -> bool:
        return self.occupied == 0

    def is_occupied(self, i: int) -> bool:
        return bool(self.occupied >> i & 1)

    def remaining_indices(self) -> list[int]:
        return bits(self.occupied)
