"""The tiles of every table game as HTML (docs/tables.md#tiles-on-the-page): a face
from the shared sprite on a body the page draws. A tag, not a partial: a table shows
some eighty tiles."""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games import languages
from games.styles import look_in, sprite_url
from games.tables.tiles import Tile
from games.tiles import tile_label

register = template.Library()


def _sprite(context) -> str:
    """The player's face set (docs/site.md#how-every-game-wears-a-style)."""
    return sprite_url(context)


def _classes(base: str, css: str, tile) -> str:
    new = "is-new" if tile.step is not None else ""
    return " ".join(c for c in (base, css, tile.flags, new) if c)


def _step(tile) -> str:
    return "" if tile.step is None else f' style="--step:{tile.step}"'


def _numbers(context) -> bool:
    """Whether the player wears the high-contrast faces, looked up once per render."""
    cache = context.render_context
    if "tiles_numbers" not in cache:
        cache["tiles_numbers"] = look_in(context).numbers
    return cache["tiles_numbers"]


def _face(context, code: str) -> str:
    """The face in the player's face set (docs/site.md#how-every-game-wears-a-style): the
    numbers style draws the tile's label in the page's language, the same labels as
    Solitaire's (a red five's in red)."""
    if _numbers(context):
        label = escape(tile_label(code.rstrip("r"), languages.current()))
        long = " is-long" if len(label) > 2 else ""
        red = " is-red" if code.endswith("r") else ""
        return f'<b class="face-text{long}{red}" aria-hidden="true">{label}</b>'
    sprite = _sprite(context)
    return f'<svg viewBox="0 0 60 80" aria-hidden="true"><use href="{sprite}#t-{code}"/></svg>'


@register.simple_tag(takes_context=True)
def tile(context, tile, css: str = "", pond_seat=None) -> SafeString:
    """A tile that is only shown: in a pond (with its seat), a meld, the dora; a code
    alone is a tile too."""
    if isinstance(tile, str):
        tile = Tile(tile)
    code = escape(tile.code)
    classes = _classes("tl", css, tile)
    if "back" in tile.flags.split():
        return mark_safe(f'<span class="{classes}" aria-hidden="true"></span>')
    seat = "" if pond_seat is None else f' data-pond-seat="{pond_seat}"'
    return mark_safe(
        f'<span class="{classes}" data-tile="{code}"{seat} role="img" '
        f'aria-label="{escape(tile.name)}"{_step(tile)}>{_face(context, code)}</span>'
    )


@register.simple_tag(takes_context=True)
def hand_tile(context, tile, index: int) -> SafeString:
    """A tile of the viewer's hand: a button that discards it when that is legal."""
    code = escape(tile.code)
    classes = _classes("tl hand-tile", "", tile)
    if getattr(tile, "ready", None) is not None:
        classes += " leaves-ready"  # the discard helper's mark (docs/tables.md#the-discard-helper)
    if tile.move:
        action = f'name="move" value="{escape(tile.move)}"'
    else:
        action = 'type="button" aria-disabled="true"'
    return mark_safe(
        f'<button class="{classes}" {action} data-tile="{code}" data-index="{index}" '
        f'aria-label="{escape(tile.name)}"{_step(tile)}>{_face(context, code)}</button>'
    )


@register.simple_tag
def backs(count: int) -> SafeString:
    """Another seat's concealed tiles, face down: only their number is known."""
    return mark_safe('<span class="tl back"></span>' * int(count))
