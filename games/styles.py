"""The styles every game's pages are drawn in (docs/site.md#styles): a table cloth, a tile
back and a tile face set, chosen once and applied to every page of every game.

How a page wears its look: a context processor (``accounts.context_processors``) puts the
player's ``look`` in every template's context. ``base.html`` puts its classes on
``<body>``; the cloth and back classes set CSS custom properties (``--felt``,
``--felt-dark``, ``--cloth-grain``, ``--tile-back`` in ``static/css/site.css``) that every
game's CSS draws with, and a game's tile tags take the face set's sprite from
``sprite_url``. So a game needs no code of its own to follow the choice, and no game
imports accounts: this module is plain data, and ``look_of`` reads a visitor's look
(an account's ``look``, a guest's session) for answers made without templates.

A style's key never changes (accounts keep what they bought by key); its name may.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.templatetags.static import static
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.players import SessionKey


class Part(StrEnum):
    """What a style changes."""

    CLOTH = "cloth"
    BACK = "back"
    FACES = "faces"


PART_NAMES = {
    Part.CLOTH: _("Table cloths"),
    Part.BACK: _("Tile backs"),
    Part.FACES: _("Tile faces"),
}


@dataclass(frozen=True)
class Style:
    key: str
    part: Part
    name: str | Promise
    price: int  # in coins; 0 is free for everybody, guests included
    sprite: str = ""  # a face set's sprite under static/, one <symbol> per tile code

    @property
    def free(self) -> bool:
        return self.price == 0

    @property
    def css_class(self) -> str:
        return f"{self.part}-{self.key}"


# The first style of each part is the one worn until another is chosen.
STYLES = (
    Style("felt", Part.CLOTH, _("Green felt"), 0),
    Style("crimson", Part.CLOTH, _("Crimson velvet"), 60),
    Style("indigo", Part.CLOTH, _("Indigo night"), 60),
    Style("walnut", Part.CLOTH, _("Walnut table"), 90),
    Style("jade", Part.BACK, _("Jade stripes"), 0),
    Style("lacquer", Part.BACK, _("Red lacquer"), 40),
    Style("starry", Part.BACK, _("Starry night"), 40),
    Style("art", Part.FACES, _("Pictures"), 0, sprite="tiles.svg"),
    # High contrast: the tile's code in large letters, free for everybody.
    Style("numbers", Part.FACES, _("Numbers (high contrast)"), 0),
    Style("modern", Part.FACES, _("Modern"), 120, sprite="tiles-modern.svg"),
)
BY_KEY = {style.key: style for style in STYLES}
DEFAULTS = {part: next(s for s in STYLES if s.part == part) for part in Part}


def of_part(part: Part) -> list[Style]:
    return [style for style in STYLES if style.part == part]


@dataclass(frozen=True)
class Look:
    """The styles a page is drawn in: one of each part."""

    cloth: Style
    back: Style
    faces: Style

    @classmethod
    def of(cls, chosen: Mapping[str, str]) -> Look:
        """The look of the chosen keys by part; a part not chosen, or chosen as a key
        that is no style of that part (any more), wears its default."""

        def pick(part: Part) -> Style:
            style = BY_KEY.get(chosen.get(part) or "")
            return style if style is not None and style.part == part else DEFAULTS[part]

        return cls(pick(Part.CLOTH), pick(Part.BACK), pick(Part.FACES))

    def __iter__(self):
        return iter((self.cloth, self.back, self.faces))

    def wears(self, style: Style) -> bool:
        return style in tuple(self)

    @property
    def body_class(self) -> str:
        return " ".join(style.css_class for style in self)

    @property
    def numbers(self) -> bool:
        """The high-contrast faces: games draw the tile's code as text."""
        return self.faces.key == "numbers"

    @property
    def sprite(self) -> str:
        """The URL of the face set's sprite (the pictures for the numbers style, for a
        game that draws no text faces)."""
        return _static_url(self.faces.sprite or DEFAULTS[Part.FACES].sprite)


@functools.lru_cache(maxsize=32)
def _static_url(name: str) -> str:
    """A static file's URL: the storage's names do not change while a process runs."""
    return static(name)


DEFAULT_LOOK = Look.of({})


def look_in(context) -> Look:
    """The look a template renders in: the player's, or the default on a page rendered
    without a request (a mail, a test)."""
    return context.get("look") or DEFAULT_LOOK


def sprite_url(context) -> str:
    """The face set's sprite for a game's tile tag, looked up once per render rather than
    once per tile (the hot path of a board)."""
    cache = context.render_context
    if "tiles_sprite" not in cache:
        cache["tiles_sprite"] = look_in(context).sprite
    return cache["tiles_sprite"]


def look_of(request) -> Look:
    """What the visitor's pages wear: an account's look (``accounts.User.look``), a
    guest's choice kept in the session."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user.look
    session = getattr(request, "session", None)
    return Look.of(session_look(session) if session is not None else {})


def session_look(session) -> dict:
    """A guest's chosen styles by part, as the session keeps them."""
    chosen = session.get(SessionKey.LOOK)
    return chosen if isinstance(chosen, dict) else {}
