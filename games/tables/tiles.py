"""Tiles as every table game's pages show them (docs/tables.md#tiles-on-the-page): the
spoken name of a tile code and the tiles a presenter hands to the templates. Sanma and
Classic share the codes of the tile art (``static/tiles.svg``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext_lazy as _

from games import languages
from games import tiles as words

SUITS = ("C", "D", "B")  # characters, circles, bamboo: a code's second letter
HONOURS = ("E", "S", "W", "N", "Wh", "G", "R")
# A table game's flowers and seasons go by their numbers: Classic's own flower is the
# seat's number (docs/classic.md).
BONUS = {"F": _("Flower %(number)s"), "S": _("Season %(number)s")}


def tile_name(code: str) -> str:
    """The spoken name of a tile code: "Circle 5", "Circle 5, red", "North wind",
    "Flower 2"."""
    return _tile_name(code, languages.current())


@lru_cache(maxsize=1024)
def _tile_name(code: str, language: str) -> str:
    """By code and language: a table names some eighty tiles in every answer. Suits and
    honours have every game's words (``games.tiles``)."""
    if code not in HONOURS and code[0] in BONUS:
        return str(BONUS[code[0]]) % {"number": code[1:]}
    name = words.tile_name(code.removesuffix("r"), language)
    return str(_("%(tile)s, red") % {"tile": name}) if code.endswith("r") else name


def is_terminal_or_honour(code: str) -> bool:
    """A 1 or a 9 of a suit, a wind or a dragon: what nine terminals and honours count."""
    return code in HONOURS or (len(code) == 2 and code[0] in "19" and code[1] in SUITS)


@dataclass
class Tile:
    code: str
    step: int | None = None  # shown after this many steps of the answer's animation
    flags: str = ""  # css classes: "sideways", "called", "offered", "drawn", "back", "dora",
    # "terminal" (on the nine-terminals card)

    @property
    def name(self) -> str:
        name = tile_name(self.code)
        if "dora" in self.flags.split():
            return str(_("%(tile)s, dora") % {"tile": name})
        return name


@dataclass
class HandTile(Tile):
    move: str | None = None  # the discard it posts, or None when it cannot be discarded
    # What the discard helper says of discarding it: its waits, when it leaves the hand
    # ready (games.tables.engine.helper.ReadyDiscard).
    ready: object | None = None
