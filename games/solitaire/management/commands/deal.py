"""``manage.py deal <code> [--json]``: the deal of a game code.

With ``--json`` it prints a list of ``{"x", "y", "z", "tile"}`` objects, one per
position in the layout's order; without, one line per tile.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError

from games.solitaire import engine


def layout_for(code_text: str) -> tuple[engine.GameCode, str, engine.Geometry]:
    """The parsed code, the layout's name and its geometry. The layout comes from the
    database (active or not), else, also where there is no database yet, from the
    engine's built-in layouts; a bad code or an unknown letter is a ``CommandError`` with
    a message for people."""
    from games.solitaire.models import Layout

    try:
        code = engine.parse_code(code_text)
    except engine.InvalidGameCode as error:
        raise CommandError(str(error)) from None
    try:
        stored = Layout.objects.filter(letter=code.letter).first()
    except DatabaseError:  # no database yet (a fresh checkout before `migrate`)
        stored = None
    if stored is not None:
        name, positions = stored.name, [tuple(p) for p in stored.positions]
    elif code.letter in engine.BUILTIN_LAYOUTS:
        builtin = engine.BUILTIN_LAYOUTS[code.letter]
        name, positions = builtin.name, list(builtin.positions)
    else:
        raise CommandError(f"there is no layout with the letter “{code.letter}”")
    report = engine.validate_layout(positions)
    if not report.ok:
        problems = "; ".join(report.errors)
        raise CommandError(f"layout {code.letter} ({name}) cannot be dealt: {problems}")
    return code, name, engine.geometry_for(positions)


class Command(BaseCommand):
    help = "Print the deal of a game code such as 41739205-a."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("code", help="a game code: digits, a dash, a layout letter")
        parser.add_argument(
            "--json", action="store_true", help='print [{"x", "y", "z", "tile"}, ...]'
        )

    def handle(self, *args, code: str, json: bool = False, **options) -> None:
        parsed, name, geometry = layout_for(code)
        faces = engine.deal(geometry, parsed.seed)
        tiles = [
            {"x": x, "y": y, "z": z, "tile": face}
            for (x, y, z), face in zip(geometry.positions, faces, strict=True)
        ]
        if json:
            self.stdout.write(_json_dumps(tiles))
            return
        self.stdout.write(
            f"{parsed} on {name}: {geometry.n} tiles ({engine.describe_tile_set(geometry.n)})"
        )
        for tile in tiles:
            self.stdout.write(f"({tile['x']}, {tile['y']}, {tile['z']}) {tile['tile']}")


def _json_dumps(value: object) -> str:
    # `json` is also the name of the option in handle(); keep the module reachable.
    return json.dumps(value)
