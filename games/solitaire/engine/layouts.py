"""The built-in layouts and the soundness check every layout must pass.

The first three (a, b, c) are defined here; the catalogue after them (d to x) in
``catalogue``. All are our own shapes. The phone layouts (a to p) are at most 6 tiles
(12 half cells) wide and 7 rows (14 half cells) tall, so that the whole board fits a
phone held upright; the wide ones (q to x) are for wider screens. Their figures (free
tiles at the start, difficulty) are in ``layout_figures``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from games.prng import SplitMix64

from . import catalogue
from .geometry import Position, geometry_for, overlaps
from .problems import Problem
from .tiles import MAX_TILES, describe_tile_set

PHONE_WIDTH = 12  # half cells: 6 tiles across an upright phone
# A sound layout needs about n/2 steps (74 at most for Hoher Turm or Turtle over 200 seeds);
# an unsound one could take forever to prove so, and a save must not hang a web process.
LAYOUT_CHECK_STEPS = 20_000
# Room for 144 tiles in one row; far beyond any real layout (KMahjongg: 32 x 16 x 5),
# and small enough that nothing drawn from a layout can take memory or time unbounded.
MAX_COORDINATE = 300


def _grid(xs: Iterable[int], ys: Iterable[int], z: int) -> list[Position]:
    """Row by row, top to bottom, left to right."""
    xs = list(xs)
    return [(x, y, z) for y in ys for x in xs]


def _pavilion() -> tuple[Position, ...]:
    """Pavillon: a low hall under a roof. Level 0 is the roof (rows of 3 and 5 on half
    offsets) over a hall of 4 rows of 6; level 1 is the ridge of the roof and a small
    altar in the hall, both on half offsets. 36 tiles, 14 free at the start."""
    level0 = (
        _grid((3, 5, 7), [0], 0)
        + _grid((1, 3, 5, 7, 9), [2], 0)
        + _grid(range(0, 12, 2), range(4, 12, 2), 0)
    )
    level1 = _grid((4, 6), [1], 1) + _grid((4, 6), [7], 1)
    return tuple(level0 + level1)


def _twin_peaks() -> tuple[Position, ...]:
    """Doppelgipfel: two stacks rising left and right over a valley, joined by a lower
    bridge. Level 0 is 6 x 7 without the valley's top and bottom tiles; level 1 holds
    the two peaks (2 x 6 each, half a row down) and a two-tile bridge whose ends touch
    the peaks' sides along half their height; level 2 the summits, half a column in.
    72 tiles, 16 free at the start."""
    valley_notches = {(4, 0), (6, 0), (4, 12), (6, 12)}
    level0 = [p for p in _grid(range(0, 12, 2), range(0, 14, 2), 0) if p[:2] not in valley_notches]
    level1 = (
        _grid((0, 2), range(1, 13, 2), 1)
        + _grid((8, 10), range(1, 13, 2), 1)
        + _grid((4, 6), [6], 1)
    )
    level2 = _grid([1], range(3, 11, 2), 2) + _grid([9], range(3, 11, 2), 2)
    return tuple(level0 + level1 + level2)


def _high_tower() -> tuple[Position, ...]:
    """Hoher Turm: six levels narrowing to a spire, each on a half offset to the one
    below: 6 x 7, 6 x 6, 4 x 7, 3 x 6, 2 x 7 and a spire of 6. The second level's
    outer columns stay uncovered. 144 tiles, 18 free at the start."""
    return tuple(
        _grid(range(0, 12, 2), range(0, 14, 2), 0)  # 42
        + _grid(range(0, 12, 2), range(1, 13, 2), 1)  # 36
        + _grid(range(2, 10, 2), range(0, 14, 2), 2)  # 28
        + _grid((3, 5, 7), range(1, 13, 2), 3)  # 18
        + _grid((4, 6), range(0, 14, 2), 4)  # 14
        + _grid([5], range(1, 13, 2), 5)  # 6
    )


@dataclass(frozen=True, slots=True)
class BuiltinLayout:
    """A built-in layout: its letter (the code's last part), its name in each of our
    languages and its positions. The order of the positions is part of the layout:
    deals depend on it, so it never changes (golden tests pin it)."""

    letter: str
    name: str  # English
    name_de: str
    positions: tuple[Position, ...]
    name_fi: str = ""
    name_da: str = ""

    @property
    def names(self) -> dict[str, str]:
        """Language code -> name, for every language the layout is named in."""
        names = {"en": self.name, "de": self.name_de, "fi": self.name_fi, "da": self.name_da}
        return {lang: name for lang, name in names.items() if name}

    def name_in(self, lang: str) -> str:
        """The name in ``lang`` (e.g. "de" or "de-at"), else the English one."""
        return self.names.get(lang.lower().split("-")[0], self.name)


# Letters in order of tiles, the phone layouts first. A letter never moves to another
# shape: existing codes must keep dealing the same towers forever.
BUILTIN_LAYOUTS: dict[str, BuiltinLayout] = {
    layout.letter: layout
    for layout in (
        BuiltinLayout("a", "Pavilion", "Pavillon", _pavilion(), "Paviljonki", "Pavillon"),
        BuiltinLayout(
            "b", "Twin Peaks", "Doppelgipfel", _twin_peaks(), "Kaksoishuiput", "Tvillingtoppe"
        ),
        BuiltinLayout("c", "High Tower", "Hoher Turm", _high_tower(), "Korkea torni", "Højt tårn"),
        BuiltinLayout("d", "Cactus", "Kaktus", catalogue.cactus(), "Kaktus", "Kaktus"),
        BuiltinLayout("e", "Lightning", "Blitz", catalogue.lightning(), "Salama", "Lyn"),
        BuiltinLayout("f", "Tulip", "Tulpe", catalogue.tulip(), "Tulppaani", "Tulipan"),
        BuiltinLayout("g", "Sailboat", "Segelboot", catalogue.sailboat(), "Purjevene", "Sejlbåd"),
        BuiltinLayout("h", "Lantern", "Laterne", catalogue.lantern(), "Lyhty", "Lygte"),
        BuiltinLayout("i", "Snowman", "Schneemann", catalogue.snowman(), "Lumiukko", "Snemand"),
        BuiltinLayout("j", "Fir Tree", "Tanne", catalogue.fir(), "Kuusi", "Grantræ"),
        BuiltinLayout("k", "Mushroom", "Pilz", catalogue.mushroom(), "Sieni", "Svamp"),
        BuiltinLayout("l", "Heart", "Herz", catalogue.heart(), "Sydän", "Hjerte"),
        BuiltinLayout("m", "Hourglass", "Sanduhr", catalogue.hourglass(), "Tiimalasi", "Timeglas"),
        BuiltinLayout("n", "Window", "Fenster", catalogue.window(), "Ikkuna", "Vindue"),
        BuiltinLayout(
            "o", "Beehive", "Bienenkorb", catalogue.beehive(), "Mehiläispesä", "Bistade"
        ),
        BuiltinLayout(
            "p", "Lighthouse", "Leuchtturm", catalogue.lighthouse(), "Majakka", "Fyrtårn"
        ),
        BuiltinLayout(
            "q", "Archipelago", "Schären", catalogue.archipelago(), "Saaristo", "Skærgård"
        ),
        BuiltinLayout("r", "Train", "Zug", catalogue.train(), "Juna", "Tog"),
        BuiltinLayout("s", "Dunes", "Dünen", catalogue.dunes(), "Dyynit", "Klitter"),
        BuiltinLayout("t", "Viaduct", "Viadukt", catalogue.viaduct(), "Maasilta", "Viadukt"),
        BuiltinLayout("u", "Comet", "Komet", catalogue.comet(), "Komeetta", "Komet"),
        BuiltinLayout("v", "Rainbow", "Regenbogen", catalogue.rainbow(), "Sateenkaari", "Regnbue"),
        BuiltinLayout("w", "Whale", "Wal", catalogue.whale(), "Valas", "Hval"),
        BuiltinLayout("x", "City", "Stadt", catalogue.city(), "Kaupunki", "By"),
    )
}


def turtle_positions() -> list[Position]:
    """The classic 144-tile "Turtle" (the default layout of most Mahjong solitaire
    programs), in half cells. Not one of ours and not offered to players: it is the
    layout the literature measures solvers on (de Bondt: 2.95 % of its random deals
    cannot be cleared), so the solver's benchmarks and tests use it.

    Level 0 has eight rows of 12, 8, 10, 12, 12, 10, 8 and 12 tiles centred on a
    12-wide base (columns 1-12), plus one tile at the left end and two at the right
    end, lying half a row down between rows 3 and 4; then a 6 x 6 block on level 1
    (columns 4-9, rows 1-6), 4 x 4 on level 2 (columns 5-8, rows 2-5), 2 x 2 on level 3
    (columns 6-7, rows 3-4), and the top tile on level 4, centred on the 2 x 2 (half a
    column and half a row offset). 87 + 36 + 16 + 4 + 1 = 144."""
    rows = [(1, 12), (3, 10), (2, 11), (1, 12), (1, 12), (2, 11), (3, 10), (1, 12)]
    positions = [
        (2 * col, 2 * row, 0) for row, (first, last) in enumerate(rows)
        for col in range(first, last + 1)
    ]  # fmt: skip
    positions += [(0, 7, 0), (26, 7, 0), (28, 7, 0)]
    for level, (first, last) in enumerate([(4, 9), (5, 8), (6, 7)], start=1):
        rows_here = range(first - 3, last - 2)  # 1-6, 2-5, 3-4
        positions += [
            (2 * col, 2 * row, level) for row in rows_here for col in range(first, last + 1)
        ]
    positions.append((13, 7, 4))
    assert len(positions) == 144
    return positions


# --- validation -----------------------------------------------------------------------


@dataclass
class LayoutReport:
    """What ``validate_layout`` found. ``errors`` make a layout unusable; ``warnings``
    (e.g. wide) are for the admin to know."""

    errors: list[Problem] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    wide: bool = False
    free_at_start: int = 0
    tile_set: str = ""

    @property
    def ok(self) -> bool:
        return not self.errors


def _as_position(item: object) -> Position | Problem:
    """The position as int triple, or the problem with it."""
    if isinstance(item, str | bytes) or not isinstance(item, Sequence) or len(item) != 3:
        return Problem(
            "not_a_position",
            "{item} is not a position: expected three numbers [x, y, z]",
            item=_shown(item),
        )
    coords = []
    for value in item:
        if (isinstance(value, bool) or not isinstance(value, int | float)) or (
            isinstance(value, float) and not value.is_integer()
        ):
            return Problem(
                "not_whole",
                "{item} is not a position: coordinates must be whole numbers",
                item=_shown(list(item)),
            )
        coords.append(int(value))
    if min(coords) < 0:
        return Problem(
            "negative", "position {position} has a negative coordinate", position=tuple(coords)
        )
    if max(coords) > MAX_COORDINATE:
        return Problem(
            "too_far",
            "position {position} is too far out: coordinates go up to {most}",
            position=tuple(coords),
            most=MAX_COORDINATE,
        )
    return (coords[0], coords[1], coords[2])


def _shown(item: object) -> str:
    """An item as the problem quotes it, cut short: a player may upload anything."""
    text = repr(item)
    return text if len(text) <= 40 else text[:39] + "…"


def validate_layout(positions: Iterable[object]) -> LayoutReport:
    """Check a layout as an admin would enter it; errors in plain words.

    Errors: not a list of [x, y, z] whole non-negative numbers, empty, odd count, more
    than 144, duplicates, two tiles of one level overlapping, no complete removal
    order. Warnings: wider than 12 half cells (shows small on an upright phone), tiles
    resting on nothing.
    """
    report = LayoutReport()
    try:
        items = list(positions)
    except TypeError:
        report.errors.append(Problem("not_a_list", "the positions must be a list of [x, y, z]"))
        return report
    # Refused on its size before anything else: the checks below compare positions pairwise,
    # and an upload of ~88,000 positions kept a web process busy for minutes.
    if len(items) > MAX_TILES:
        report.errors.append(
            Problem(
                "too_many",
                "the layout has {count} positions: at most {most} fit a set",
                count=len(items),
                most=MAX_TILES,
            )
        )
        return report
    parsed: list[Position] = []
    for item in items:
        result = _as_position(item)
        if isinstance(result, Problem):
            report.errors.append(result)
        else:
            parsed.append(result)
    if report.errors:
        return report
    count = len(parsed)
    if count == 0:
        report.errors.append(Problem("no_positions", "the layout has no positions"))
        return report
    if count % 2:
        report.errors.append(
            Problem(
                "odd", "the layout has {count} positions: it needs an even number", count=count
            )
        )
    report.errors += _duplicates_and_overlaps(parsed)
    width = max(x for x, _, _ in parsed) + 2
    if width > PHONE_WIDTH:
        report.wide = True
        report.warnings.append(
            f"wide: {width} half cells across (more than {PHONE_WIDTH}), "
            "shows small on an upright phone"
        )
    report.warnings += _floating(parsed)
    if report.errors:
        return report
    geometry = geometry_for(parsed)
    report.free_at_start = len(geometry.free_indices(geometry.full_mask))
    report.tile_set = describe_tile_set(count)
    from .deal import Undecided, removal_order  # deal imports layouts' neighbours: lazy

    try:
        order = removal_order(geometry, geometry.full_mask, SplitMix64(0), LAYOUT_CHECK_STEPS)
    except Undecided:
        report.errors.append(
            Problem(
                "undecided",
                "no removal order was found within the check's limit: most likely the tiles "
                "cannot all be removed two free tiles at a time; look for tall columns",
            )
        )
        return report
    if order is None:
        report.errors.append(
            Problem(
                "no_order",
                "no complete removal order: the tiles cannot all be removed two free "
                "tiles at a time, whatever the faces",
            )
        )
    return report


def _duplicates_and_overlaps(parsed: list[Position]) -> list[Problem]:
    errors = []
    seen: set[Position] = set()
    by_level: dict[int, list[Position]] = {}
    for p in parsed:
        if p in seen:
            errors.append(Problem("twice", "position {position} appears twice", position=p))
            continue
        seen.add(p)
        for q in by_level.get(p[2], []):
            if overlaps(p, q):
                errors.append(
                    Problem("overlaps", "position {first} overlaps {second}", first=q, second=p)
                )
        by_level.setdefault(p[2], []).append(p)
    return errors


def _floating(parsed: list[Position]) -> list[str]:
    """Tiles above level 0 with nothing under them: legal, but rarely meant."""
    below: dict[int, list[Position]] = {}
    for p in parsed:
        below.setdefault(p[2], []).append(p)
    warnings = []
    for p in parsed:
        if p[2] > 0 and not any(overlaps(p, q) for q in below.get(p[2] - 1, [])):
            warnings.append(f"position {p} rests on nothing")
    return warnings
