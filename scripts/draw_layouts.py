"""Draw the built-in layouts as one contact sheet, to look at their shapes.

    .venv/bin/python scripts/draw_layouts.py [--letters d,e,f] [--out layouts.svg]
    .venv/bin/python scripts/draw_layouts.py --png layouts.png   # through Chromium

Each tower is drawn as the layout picker draws it (games/solitaire/layout_pictures.py):
a tile is 2 x 2 half cells, 1.32 times as tall as wide, each level a little up and to
the left of the one below and lighter, so stacks read as stacks. The caption gives the
letter, the names, the tiles, the levels, the size in half cells, and the free tiles at
the start. The PNG needs Playwright and
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
from games.solitaire.layout_pictures import HALF, RATIO, drawing  # noqa: E402

PANEL = (12 * HALF * 3, 14 * HALF * RATIO + 70)  # a wide layout scaled down a little


def layout_svg(layout: BuiltinLayout) -> tuple[str, float, float]:
    """One layout as an SVG group, with its width and height in px: the picture the
    layout picker shows."""
    drawn = drawing(layout.positions)
    return drawn.body, drawn.width, drawn.height


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
