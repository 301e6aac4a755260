"""Small helpers for the admin tests: grids to type and the admin's form posts."""

from __future__ import annotations

import string

from django.test import Client

from games.solitaire import engine
from games.solitaire.models import Layout

# The built-in layouts hold a to x; curated ones get the letters after them.
FIRST_FREE, SECOND_FREE = (x for x in string.ascii_lowercase if x not in engine.BUILTIN_LAYOUTS)

ADD_URL = "/admin/solitaire/layout/add/"
IMPORT_URL = "/admin/solitaire/layout/import/"

TWO_TILES_GRID = "# level 0\n1212\n4343\n"

# 20 tiles on 3 levels, 12 half cells wide: the wall of tests/data/wall_v1_1.layout.
WALL_GRID = """\
# level 0
121212121212
434343434343
.12121212...
.43434343...
121212121212
434343434343
# level 1
............
...12..12...
...43..43...
# level 2
............
....1212....
....4343....
"""


def change_url(layout: Layout) -> str:
    return f"/admin/solitaire/layout/{layout.pk}/change/"


def add_layout(client: Client, grid: str, name: str = "Wall", **fields):
    """Post the admin's add form, as the browser would."""
    data = {"name": name, "name_de": "", "active": "on", "grid": grid, "_save": "Save", **fields}
    return client.post(ADD_URL, data)


def form_errors(response) -> list[str]:
    """Every error the admin form shows, field and non-field."""
    form = response.context["adminform"].form
    return [str(message) for errors in form.errors.values() for message in errors]


def row(*xs: int, width: int) -> tuple[str, str]:
    """The two text rows of tiles with their left cells at ``xs``."""
    top, bottom = ["."] * width, ["."] * width
    for x in xs:
        top[x], top[x + 1], bottom[x], bottom[x + 1] = "1", "2", "4", "3"
    return "".join(top), "".join(bottom)
