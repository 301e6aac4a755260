"""Draw the "Modern" tile face set, static/tiles-modern.svg (docs/site.md#styles).

Flat and geometric, our own drawing: buttons for circles, capsules for bamboo, the
Chinese numeral over the simplified 万 for characters, a compass for each wind, 中 in a
frame, a jade diamond and an empty blue frame for the dragons, and one flat picture for
each flower (a pink tag) and season (a blue tag). One <symbol> per tile code, as in
static/tiles.svg, with the same viewBox 0 0 60 80 (the face only; pages draw the body).

    python scripts/draw_modern_faces.py   # rewrites static/tiles-modern.svg
"""

from __future__ import annotations

import math
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "static" / "tiles-modern.svg"

INK = "#1d2b4f"  # navy: text, characters, winds
TEAL = "#12808a"
CORAL = "#e4572e"
GREEN = "#2b8a3e"
LEAF = "#1b5e20"
BLUE = "#1971c2"
RED = "#c92a2a"
PINK = "#e64980"
GOLD = "#f2b632"
IVORY = "#f6f1e1"
FONT = 'font-family="DejaVu Sans,Arial,Helvetica,sans-serif" font-weight="700"'


def index(text: str, color: str) -> str:
    """The tile's rank in the top left corner, as on every tile of the set."""
    return f'<text x="4" y="14" font-size="13" fill="{color}" {FONT}>{text}</text>'


def stroke(d: str, color: str, width: float = 3.4) -> str:
    return (
        f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{width}" '
        'stroke-linecap="round" stroke-linejoin="round"/>'
    )


# --- circles --------------------------------------------------------------------------

CIRCLE_PIPS = {
    2: [(30, 32, 11), (30, 62, 11)],
    3: [(17, 27, 8), (30, 47, 8), (43, 67, 8)],
    4: [(19, 33, 9), (41, 33, 9), (19, 61, 9), (41, 61, 9)],
    5: [(18, 29, 8), (42, 29, 8), (30, 47, 8), (18, 65, 8), (42, 65, 8)],
    6: [(20, 27, 7.5), (40, 27, 7.5), (20, 47, 7.5), (40, 47, 7.5), (20, 67, 7.5), (40, 67, 7.5)],
    7: [(15, 23, 5.8), (30, 29, 5.8), (45, 35, 5.8)]
    + [(21, 52, 6.4), (39, 52, 6.4), (21, 68, 6.4), (39, 68, 6.4)],
    8: [(x, y, 6.4) for y in (24, 40, 56, 72) for x in (20, 40)],
    9: [(x, y, 6.6) for y in (28, 47, 66) for x in (16, 30, 44)],
}
# Colour per pip, row by row: teal, coral for the middle, navy.
CIRCLE_COLOURS = {
    2: [TEAL, INK],
    3: [TEAL, CORAL, INK],
    4: [TEAL, INK, INK, TEAL],
    5: [TEAL, INK, CORAL, INK, TEAL],
    6: [TEAL, TEAL, CORAL, CORAL, INK, INK],
    7: [CORAL, CORAL, CORAL, TEAL, TEAL, INK, INK],
    8: [TEAL, TEAL, INK, INK, INK, INK, TEAL, TEAL],
    9: [TEAL] * 3 + [CORAL] * 3 + [INK] * 3,
}


def button(x: float, y: float, r: float, color: str) -> str:
    """A circle's pip: a flat disc with a thin ivory ring inside."""
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="{color}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.58:.2f}" fill="none" stroke="{IVORY}" '
        f'stroke-width="{max(0.9, r * 0.16):.2f}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r * 0.2:.2f}" fill="{IVORY}"/>'
    )


def circles(rank: int, red: bool = False) -> str:
    if rank == 1:
        parts = [f'<circle cx="30" cy="47" r="19" fill="{INK}"/>']
        for k in range(12):
            a = math.tau * k / 12
            x, y = 30 + 13 * math.cos(a), 47 + 13 * math.sin(a)
            parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="3" fill="{TEAL}"/>')
        parts.append(f'<circle cx="30" cy="47" r="8" fill="{CORAL}"/>')
        parts.append(f'<circle cx="30" cy="47" r="3.2" fill="{IVORY}"/>')
        return index("1", INK) + "".join(parts)
    colours = [RED] * rank if red else CIRCLE_COLOURS[rank]
    pips = "".join(
        button(x, y, r, c) for (x, y, r), c in zip(CIRCLE_PIPS[rank], colours, strict=True)
    )
    return index(str(rank), RED if red else INK) + pips + (red_mark() if red else "")


# --- bamboo ---------------------------------------------------------------------------


def capsule(x: float, top: float, bottom: float, color: str, width: float = 6.4) -> str:
    """A bamboo stick: a capsule with two ivory nodes."""
    h = bottom - top
    nodes = "".join(
        f'<rect x="{x - width / 2 + 0.8:.2f}" y="{top + h * f - 0.6:.2f}" '
        f'width="{width - 1.6:.2f}" height="1.2" fill="{IVORY}"/>'
        for f in (1 / 3, 2 / 3)
    )
    return (
        f'<rect x="{x - width / 2:.2f}" y="{top}" width="{width}" height="{h}" '
        f'rx="{width / 2:.2f}" fill="{color}"/>' + nodes
    )


BAMBOO_STICKS = {
    2: [(30, 18, 43), (30, 51, 76)],
    3: [(30, 18, 43), (19, 51, 76), (41, 51, 76)],
    4: [(20, 18, 43), (40, 18, 43), (20, 51, 76), (40, 51, 76)],
    5: [(16, 18, 43), (44, 18, 43), (30, 35, 60), (16, 51, 76), (44, 51, 76)],
    6: [(x, t, b) for t, b in ((18, 43), (51, 76)) for x in (16, 30, 44)],
    7: [(30, 17, 33)] + [(x, t, b) for t, b in ((38, 56), (59, 77)) for x in (16, 30, 44)],
    8: [(x, t, b) for t, b in ((18, 43), (51, 76)) for x in (12, 24, 36, 48)],
    9: [(x, t, b) for t, b in ((18, 36), (39, 57), (60, 78)) for x in (16, 30, 44)],
}
BAMBOO_COLOURS = {
    2: [GREEN, BLUE],
    3: [BLUE, GREEN, GREEN],
    4: [GREEN, BLUE, BLUE, GREEN],
    5: [GREEN, GREEN, RED, BLUE, BLUE],
    6: [GREEN] * 3 + [BLUE] * 3,
    7: [RED] + [GREEN] * 3 + [BLUE] * 3,
    8: [GREEN, BLUE, BLUE, GREEN, BLUE, GREEN, GREEN, BLUE],
    9: [GREEN, RED, GREEN, BLUE, RED, BLUE, GREEN, RED, GREEN],
}


def bamboo(rank: int, red: bool = False) -> str:
    if rank == 1:  # a shoot with two leaves and a red bud
        return (
            index("1", GREEN)
            + capsule(30, 26, 76, GREEN, 8)
            + '<ellipse cx="19" cy="42" rx="11" ry="4" transform="rotate(-32 19 42)" '
            f'fill="{LEAF}"/>'
            + '<ellipse cx="41" cy="54" rx="11" ry="4" transform="rotate(32 41 54)" '
            f'fill="{LEAF}"/>' + f'<circle cx="30" cy="21" r="5" fill="{RED}"/>'
        )
    colours = [RED] * rank if red else BAMBOO_COLOURS[rank]
    width = {2: 8.4, 3: 8.4, 4: 8.4, 8: 5.8}.get(rank, 7)
    sticks = "".join(
        capsule(x, t, b, c, width)
        for (x, t, b), c in zip(BAMBOO_STICKS[rank], colours, strict=True)
    )
    return index(str(rank), RED if red else GREEN) + sticks + (red_mark() if red else "")


def red_mark() -> str:
    """A red five's mark in the top right corner (the game rules' red fives)."""
    return f'<path d="M51 4.5 55.5 9 51 13.5 46.5 9Z" fill="{RED}"/>'


# --- characters -----------------------------------------------------------------------

NUMERALS = {  # the Chinese numerals one to nine in strokes, in the box x 14-46, y 17-43
    1: "M15 30H45",
    2: "M19 23H41M15 37H45",
    3: "M19 20H41M21 30H39M15 41H45",
    4: "M17 20V42M17 20H43V42M17 42H43M26 20Q26 31 21 35M34 20V30Q34 34 39 34",
    5: "M18 19H42M29 19 25 41M20 30H38V41M14 41H46",
    6: "M29 16 32 20M15 25H45M24 31 17 42M36 31 43 42",
    7: "M15 30 45 26M27 17V37Q27 42 33 42H44V37",
    8: "M26 19Q25 34 15 42M34 19Q37 34 45 42",
    9: "M28 17Q27 34 15 43M18 26H37V38Q37 42 41 42H45V37",
}
WAN = "M14 50H46M27 50Q26 66 15 76M26 61H42Q42 74 36 76"  # 万, the simplified 萬


def characters(rank: int) -> str:
    return index(str(rank), INK) + stroke(NUMERALS[rank], INK) + stroke(WAN, RED, 3.6)


# --- honours --------------------------------------------------------------------------

WIND_POINTER = {  # where the wind's arrow points on the compass
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
    "N": (0, -1),
}


def wind(code: str) -> str:
    cx, cy, r = 30, 46, 18
    dx, dy = WIND_POINTER[code]
    ticks = "".join(
        stroke(f"M{cx + ax * (r - 3)} {cy + ay * (r - 3)} {cx + ax * r} {cy + ay * r}", INK, 2)
        for ax, ay in WIND_POINTER.values()
    )
    # A triangle on the ring, its tip outside, pointing the wind's way.
    tip = (cx + dx * (r + 9), cy + dy * (r + 9))
    side = (-dy, dx)
    base = [
        (cx + dx * (r - 1) + s * side[0] * 7, cy + dy * (r - 1) + s * side[1] * 7) for s in (1, -1)
    ]
    arrow = (
        f'<path d="M{tip[0]} {tip[1]} L{base[0][0]} {base[0][1]} L{base[1][0]} {base[1][1]}Z" '
        f'fill="{CORAL}"/>'
    )
    return (
        f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="{INK}" stroke-width="2.6"/>'
        + ticks
        + arrow
        + f'<text x="{cx}" y="{cy + 8}" font-size="23" text-anchor="middle" fill="{INK}" '
        f"{FONT}>{code}</text>"
    )


def red_dragon() -> str:  # 中 in a frame
    return (
        f'<rect x="10" y="18" width="40" height="56" rx="5" fill="none" stroke="{RED}" '
        'stroke-width="1.6"/>' + stroke("M17 35H43V54H17ZM30 23V69", RED, 4)
    )


def green_dragon() -> str:  # a jade diamond
    return (
        stroke("M30 17 50 46 30 75 10 46Z", GREEN, 3)
        + f'<path d="M30 29 41 46 30 63 19 46Z" fill="{GREEN}"/>'
        + stroke("M30 33V59M22 46H38", IVORY, 1.6)
    )


def white_dragon() -> str:  # the empty frame
    return (
        f'<rect x="12" y="18" width="36" height="56" rx="4" fill="none" stroke="{BLUE}" '
        'stroke-width="3.2"/>'
        f'<rect x="19" y="25" width="22" height="42" rx="2" fill="none" stroke="{BLUE}" '
        'stroke-width="1.5"/>'
    )


def tag(number: int, color: str, round_: bool) -> str:
    """The corner tag of a flower (round, pink) or season (square, blue)."""
    shape = (
        f'<circle cx="10" cy="10" r="7" fill="{color}"/>'
        if round_
        else f'<rect x="3" y="3" width="14" height="14" rx="3" fill="{color}"/>'
    )
    return (
        shape + f'<text x="10" y="14.5" font-size="12" text-anchor="middle" fill="{IVORY}" '
        f"{FONT}>{number}</text>"
    )


def petals(cx: float, cy: float, count: int, rx: float, ry: float, dist: float, fill: str):
    return "".join(
        f'<ellipse cx="{cx}" cy="{cy - dist}" rx="{rx}" ry="{ry}" fill="{fill}" '
        f'transform="rotate({360 * k / count:.1f} {cx} {cy})"/>'
        for k in range(count)
    )


def flower(number: int) -> str:
    body = {
        1: (  # plum: five round petals on a branch
            stroke("M12 74Q20 62 27 54", "#7a4a2a", 3)
            + petals(32, 44, 5, 6.5, 6.5, 9, PINK)
            + f'<circle cx="32" cy="44" r="4" fill="{GOLD}"/>'
        ),
        2: (  # orchid: three long petals
            stroke("M30 76V56", LEAF, 2.6)
            + "".join(
                f'<ellipse cx="30" cy="40" rx="4.5" ry="14" fill="#9c36b5" '
                f'transform="rotate({a} 30 54)"/>'
                for a in (-38, 0, 38)
            )
            + f'<circle cx="30" cy="53" r="3.5" fill="{GOLD}"/>'
        ),
        3: (  # bamboo flower: a stalk, leaves and small gold blossoms
            capsule(30, 22, 76, GREEN, 5)
            + '<ellipse cx="20" cy="46" rx="9" ry="3.2" transform="rotate(-30 20 46)" '
            f'fill="{LEAF}"/>'
            + '<ellipse cx="40" cy="58" rx="9" ry="3.2" transform="rotate(30 40 58)" '
            f'fill="{LEAF}"/>'
            + "".join(
                f'<circle cx="{x}" cy="{y}" r="3" fill="{GOLD}"/>'
                for x, y in ((24, 24), (36, 26), (30, 18))
            )
        ),
        4: (  # chrysanthemum: many thin petals
            petals(30, 46, 14, 2.6, 9, 10, "#f08c00")
            + '<circle cx="30" cy="46" r="6" fill="#d9480f"/>'
        ),
    }[number]
    return tag(number, PINK, round_=True) + body


def season(number: int) -> str:
    body = {
        1: (  # spring: a sprout
            stroke("M14 70Q30 64 46 70", "#7a4a2a", 2.4)
            + stroke("M30 67V42", GREEN, 3)
            + '<path d="M30 50Q14 48 14 34Q28 34 30 50Z" fill="#40c057"/>'
            + '<path d="M30 44Q46 42 46 28Q32 28 30 44Z" fill="#40c057"/>'
        ),
        2: (  # summer: the sun
            "".join(
                stroke(
                    f"M{30 + 13 * math.cos(a):.2f} {46 + 13 * math.sin(a):.2f} "
                    f"{30 + 20 * math.cos(a):.2f} {46 + 20 * math.sin(a):.2f}",
                    "#f08c00",
                    3,
                )
                for a in (math.tau * k / 8 for k in range(8))
            )
            + f'<circle cx="30" cy="46" r="10" fill="{GOLD}"/>'
        ),
        3: (  # autumn: two falling leaves
            '<path d="M30 24Q46 34 30 62Q14 34 30 24Z" fill="#d9480f"/>'
            + stroke("M30 28V68", "#862e0b", 1.6)
            + '<path d="M44 54Q54 62 46 74Q38 62 44 54Z" fill="#f08c00" '
            'transform="rotate(28 46 64)"/>'
        ),
        4: (  # winter: a snowflake
            "".join(
                stroke(
                    f"M30 46 {30 + 20 * math.cos(a):.2f} {46 + 20 * math.sin(a):.2f}"
                    f"M{30 + 12 * math.cos(a) + 5 * math.cos(a + 0.9):.2f} "
                    f"{46 + 12 * math.sin(a) + 5 * math.sin(a + 0.9):.2f} "
                    f"{30 + 12 * math.cos(a):.2f} {46 + 12 * math.sin(a):.2f} "
                    f"{30 + 12 * math.cos(a) + 5 * math.cos(a - 0.9):.2f} "
                    f"{46 + 12 * math.sin(a) + 5 * math.sin(a - 0.9):.2f}",
                    BLUE,
                    2.4,
                )
                for a in (math.tau * k / 6 - math.pi / 2 for k in range(6))
            )
        ),
    }[number]
    return tag(number, BLUE, round_=False) + body


# --- the sprite -----------------------------------------------------------------------

NAMES = {"B": "bamboo", "C": "characters", "D": "circles"}
HONOURS = {
    "E": ("East wind", lambda: wind("E")),
    "S": ("South wind", lambda: wind("S")),
    "W": ("West wind", lambda: wind("W")),
    "N": ("North wind", lambda: wind("N")),
    "R": ("Red dragon", red_dragon),
    "G": ("Green dragon", green_dragon),
    "Wh": ("White dragon", white_dragon),
}


def faces() -> list[tuple[str, str, str]]:
    """(code, title, drawing) of every tile, red fives included."""
    found = []
    for suit, draw in (("B", bamboo), ("C", characters), ("D", circles)):
        for rank in range(1, 10):
            found.append((f"{rank}{suit}", f"{rank} {NAMES[suit]}", draw(rank)))
            if rank == 5 and suit in "BD":
                found.append((f"5{suit}r", f"5 {NAMES[suit]}, red", draw(5, red=True)))
    found += [(code, title, draw()) for code, (title, draw) in HONOURS.items()]
    for number, name in enumerate(("Plum", "Orchid", "Bamboo flower", "Chrysanthemum"), 1):
        found.append((f"F{number}", name, flower(number)))
    for number, name in enumerate(("Spring", "Summer", "Autumn", "Winter"), 1):
        found.append((f"S{number}", name, season(number)))
    return found


def sprite() -> str:
    symbols = "\n".join(
        f'<symbol id="t-{code}" viewBox="0 0 60 80"><title>{title}</title>{drawing}</symbol>'
        for code, title, drawing in faces()
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "<!-- The Modern tile faces, our own drawing (docs/site.md#styles), made by "
        "scripts/draw_modern_faces.py: edit that, not this. One symbol per tile code; "
        "viewBox 0 0 60 80 = the face only. -->\n"
        f"{symbols}\n</svg>\n"
    )


if __name__ == "__main__":
    OUT.write_text(sprite())
    print(f"wrote {OUT} ({len(faces())} faces)")
