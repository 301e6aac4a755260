"""The small picture of an empty layout, as SVG: the layout picker's cards, the boards
pages and the contact sheet of scripts/draw_layouts.py draw it
(docs/solitaire.md#the-layout-picker).

Drawn as the board draws a tower: a tile is 2 x 2 half cells, 1.32 times as tall as
wide, each level a little up and to the left of the one below and lighter, so stacks
read as stacks; a dot marks each tile free at the start. Plain Python, no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

from .engine import geometry_for

HALF = 16  # px per half cell across
RATIO = 1.32  # tile height / width, as on the board
LIFT = 0.26  # level offset in half cells, as on the board
# Level 0 darkest, the top level lightest, so that the stacking shows in a still picture.
SHADES = ("#9c8c62", "#b8a77a", "#cfc094", "#e0d4ae", "#ede5c8", "#f7f1df", "#fffdf5")
EDGE, SHADOW, FREE_DOT = "#5a4e30", "#6b5f3f", "#1d6b4c"


@dataclass(frozen=True)
class Drawing:
    """The tiles as SVG elements, and the size they take in px."""

    body: str
    width: float
    height: float


def drawing(positions: Iterable[Sequence[int]]) -> Drawing:
    """The tiles of a layout, lower levels first."""
    geometry = geometry_for(positions)
    free = geometry.free_mask(geometry.full_mask)
    levels = geometry.levels
    lift = LIFT * HALF
    tile_w, tile_h = 2 * HALF, 2 * HALF * RATIO
    order = sorted(
        range(geometry.n), key=lambda i: (geometry.positions[i][2], sum(geometry.positions[i][:2]))
    )
    parts = []
    for i in order:
        x, y, z = geometry.positions[i]
        left = x * HALF + (levels - 1 - z) * lift
        top = y * HALF * RATIO + (levels - 1 - z) * lift
        shade = SHADES[min(len(SHADES) - 1, z + max(0, len(SHADES) - levels))]
        parts.append(
            f'<rect x="{left + lift:.1f}" y="{top + lift:.1f}" width="{tile_w - 1}" '
            f'height="{tile_h - 1:.1f}" rx="2" fill="{SHADOW}"/>'
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{tile_w - 1}" height="{tile_h - 1:.1f}" '
            f'rx="2" fill="{shade}" stroke="{EDGE}" stroke-width="0.8"/>'
        )
        if free >> i & 1:
            parts.append(
                f'<circle cx="{left + tile_w / 2:.1f}" cy="{top + tile_h / 2:.1f}" r="3.5" '
                f'fill="{FREE_DOT}"/>'
            )
    width = geometry.width * HALF + levels * lift + 2
    height = geometry.height * HALF * RATIO + levels * lift + 2
    return Drawing("".join(parts), width, height)


def layout_svg(positions: Iterable[Sequence[int]], title: str = "") -> str:
    """A whole SVG document of the empty layout, scaled to whatever box shows it."""
    drawn = drawing(positions)
    heading = f"<title>{escape(title)}</title>" if title else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {drawn.width:.0f} '
        f'{drawn.height:.0f}" width="{drawn.width:.0f}" height="{drawn.height:.0f}">'
        f"{heading}{drawn.body}</svg>"
    )
