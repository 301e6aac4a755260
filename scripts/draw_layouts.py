"""Draw the built-in layouts as one contact sheet, to look at their shapes.

    .venv/bin/python scripts/draw_layouts.py [--letters d,e,f] [--out layouts.svg]
    .venv/bin/python scripts/draw_layouts.py --png layouts.png   # through Chromium

Each tower is drawn as the board draws it: a tile is 2 x 2 half cells, 1.32 times as
tall as wide, each level a little up and to the left of the one below and lighter, so
stacks read as stacks. The caption gives the letter, the names, the tiles, the levels,
the size in half cells, and the free tiles at the start. The PNG needs Playwright and
Debian's Chromium (the browser tests' set-up).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from html import escape
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.solitaire.engine import BUILTIN_LAYOUTS, BuiltinLayout, geometry_for  # noqa: E402

HALF = 16  # px per half cell across
RATIO = 1.32  # tile height / width, as on the board
LIFT = 0.26  # level offset in half cells, as on the board
PANEL = (12 * HALF * 3, 14 * HALF * RATIO + 70)  # a wide layout scaled down a little
# Level 0 darkest, the top level lightest, so that the stacking shows in a still picture.
SHADES = ["#9c8c62", "#b8a77a", "#cfc094", "#e0d4ae", "#ede5c8", "#f7f1df", "#fffdf5"]


def layout_svg(layout: BuiltinLayout) -> tuple[str, float, float]:
    """One layout as an SVG group, with its width and height in px."""
    geometry = geometry_for(layout.positions)
    free = geometry.free_mask(geometry.full_mask)
    levels = geometry.levels
    lift = LIFT * HALF
    tile_w, tile_h = 2 * HALF, 2 * HALF * RATIO
    order = sorted(range(geometry.n), key=lambda i: (layout.positions[i][2],
                                                     sum(layout.positions[i][:2])))  # fmt: skip
    parts = []
    for i in order:
        x, y, z = layout.positions[i]
        left = x * HALF + (levels - 1 - z) * lift
        top = y * HALF * RATIO + (levels - 1 - z) * lift
        shade = SHADES[min(len(SHADES) - 1, z + max(0, len(SHADES) - levels))]
        parts.append(
            f'<rect x="{left + lift:.1f}" y="{top + lift:.1f}" width="{tile_w - 1}" '
            f'height="{tile_h - 1}" rx="2" fill="#6b5f3f"/>'
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{tile_w - 1}" height="{tile_h - 1}" '
            f'rx="2" fill="{shade}" stroke="#5a4e30" stroke-width="0.8"/>'
        )
        if free >> i & 1:
            parts.append(
                f'<circle cx="{left + tile_w / 2:.1f}" cy="{top + tile_h / 2:.1f}" r="2.5" '
                'fill="#2a7a5a"/>'
            )
    width = geometry.width * HALF + levels * lift + 2
    height = geometry.height * HALF * RATIO + levels * lift + 2
    return "".join(parts), width, height


def caption(layout: BuiltinLayout) -> list[str]:
    geometry = geometry_for(layout.positions)
    names = " / ".join(layout.names.values())
    free = len(geometry.free_indices(geometry.full_mask))
    return [
        f"{layout.letter}  {names}",
        f"{geometry.n} tiles, {geometry.levels} levels, {geometry.width}x{geometry.height}, "
        f"{free} free",
    ]


def contact_sheet(layouts: list[BuiltinLayout], columns: int) -> str:
    cells = []
    panel_w, panel_h = PANEL
    for k, layout in enumerate(layouts):
        body, width, height = layout_svg(layout)
        scale = min(1.0, (panel_w - 10) / width, (panel_h - 60) / height)
        ox, oy = (k % columns) * panel_w, (k // columns) * panel_h
        lines = "".join(
            f'<text x="{ox + 6}" y="{oy + 16 + 14 * n}" font-size="12">{escape(t)}</text>'
            for n, t in enumerate(caption(layout))
        )
        cells.append(
            f'<rect x="{ox + 2}" y="{oy + 2}" width="{panel_w - 4}" height="{panel_h - 4}" '
            f'fill="#1f4d45" rx="6"/>{lines}'
            f'<g transform="translate({ox + 6} {oy + 44}) scale({scale:.3f})">{body}</g>'
        )
    rows = -(-len(layouts) // columns)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{columns * panel_w:.0f}" '
        f'height="{rows * panel_h:.0f}" font-family="sans-serif" fill="#eee">'
        + "".join(cells)
        + "</svg>"
    )


def to_png(svg: str, path: Path) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page()
        page.set_content(f'<body style="margin:0;background:#123">{svg}</body>')
        page.locator("svg").screenshot(path=str(path))
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--letters", default="", help="comma-separated; default all")
    parser.add_argument("--columns", type=int, default=4)
    parser.add_argument("--out", type=Path, help="write the SVG here")
    parser.add_argument("--png", type=Path, help="write a PNG here (needs Chromium)")
    args = parser.parse_args()
    letters = args.letters.split(",") if args.letters else list(BUILTIN_LAYOUTS)
    svg = contact_sheet([BUILTIN_LAYOUTS[letter] for letter in letters], args.columns)
    if args.out:
        args.out.write_text(svg)
    if args.png:
        to_png(svg, args.png)
    if not args.out and not args.png:
        sys.stdout.write(svg)


if __name__ == "__main__":
    main()
