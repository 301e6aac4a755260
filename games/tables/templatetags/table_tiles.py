"""The tiles of every table game as HTML (docs/tables.md#tiles-on-the-page): a face
from the shared sprite on a body the page draws. Tags, not partials: a table shows
some eighty tiles, so a row of them is one tag (``tiles``, ``hand_tiles``), and a tile's
HTML, which follows from its code, marks, place and the viewer's faces and language
alone, is built once per process."""

from __future__ import annotations

from functools import lru_cache
from html import escape

from django import template
from django.utils.safestring import SafeString, mark_safe

from games import languages
from games.styles import look_in, sprite_url
from games.tables.tiles import HandTile, Tile
from games.tiles import tile_label

register = template.Library()


def _wear(context) -> tuple[str, str]:
    """What every tile of this render wears: the face set (the player's sprite, or
    "numbers" for the high-contrast faces; docs/site.md#how-every-game-wears-a-style) and
    the page's language; looked up once per render."""
    cache = context.render_context
    if "tiles_wear" not in cache:
        faces = "numbers" if look_in(context).numbers else sprite_url(context)
        cache["tiles_wear"] = (faces, languages.current())
    return cache["tiles_wear"]


def _face(code: str, faces: str, language: str) -> str:
    """The face in the player's face set: the numbers style draws the tile's label in the
    page's language, the same labels as Solitaire's (a red five's in red)."""
    if faces == "numbers":
        label = escape(tile_label(code.rstrip("r"), language))
        long = " is-long" if len(label) > 2 else ""
        red = " is-red" if code.endswith("r") else ""
        return f'<b class="face-text{long}{red}" aria-hidden="true">{label}</b>'
    return f'<svg viewBox="0 0 60 80" aria-hidden="true"><use href="{faces}#t-{code}"/></svg>'


def _classes(base: str, css: str, flags: str, step: int | None) -> str:
    new = "is-new" if step is not None else ""
    return " ".join(c for c in (base, css, flags, new) if c)


def _step(step: int | None) -> str:
    return "" if step is None else f' style="--step:{step}"'


@lru_cache(maxsize=8192)
def _shown(
    code: str, flags: str, step: int | None, css: str, pond_seat, faces: str, language: str
) -> str:
    """A tile that is only shown: in a pond (with its seat), a meld, the dora."""
    classes = _classes("tl", css, flags, step)
    if "back" in flags.split():
        return f'<span class="{classes}" aria-hidden="true"></span>'
    seat = "" if pond_seat is None else f' data-pond-seat="{escape(str(pond_seat))}"'
    code_ = escape(code)
    name = escape(Tile(code, step, flags).name)  # in ``language``, this render's
    return (
        f'<span class="{classes}" data-tile="{code_}"{seat} role="img" '
        f'aria-label="{name}"{_step(step)}>{_face(code_, faces, language)}</span>'
    )


@lru_cache(maxsize=8192)
def _in_hand(
    code: str, flags: str, step: int | None, move: str | None, ready: bool, index: int,
    faces: str, language: str,
) -> str:  # fmt: skip
    """A tile of the viewer's hand: a button that discards it when that is legal."""
    classes = _classes("tl hand-tile", "", flags, step)
    if ready:
        classes += " leaves-ready"  # the discard helper's mark (docs/tables.md#the-discard-helper)
    if move:
        action = f'name="move" value="{escape(move)}"'
    else:
        action = 'type="button" aria-disabled="true"'
    code_ = escape(code)
    name = escape(Tile(code, step, flags).name)  # in ``language``, this render's
    return (
        f'<button class="{classes}" {action} data-tile="{code_}" data-index="{index}" '
        f'aria-label="{name}"{_step(step)}>{_face(code_, faces, language)}</button>'
    )


def _tile_html(wear: tuple[str, str], tile, css: str, pond_seat) -> str:
    if isinstance(tile, str):  # a code alone is a tile too
        return _shown(tile, "", None, css, pond_seat, *wear)
    return _shown(tile.code, tile.flags, tile.step, css, pond_seat, *wear)


def _hand_tile_html(wear: tuple[str, str], tile: HandTile, index: int) -> str:
    ready = getattr(tile, "ready", None) is not None
    return _in_hand(tile.code, tile.flags, tile.step, tile.move, ready, index, *wear)


@register.simple_tag(takes_context=True)
def tile(context, tile, css: str = "", pond_seat=None) -> SafeString:
    """One tile that is only shown: a code or a ``Tile``."""
    return mark_safe(_tile_html(_wear(context), tile, css, pond_seat))


@register.simple_tag(takes_context=True)
def tiles(context, row, css: str = "", pond_seat=None) -> SafeString:
    """A row of tiles that are only shown: a pond (with its seat), a meld, the waits."""
    wear = _wear(context)
    return mark_safe("".join(_tile_html(wear, t, css, pond_seat) for t in row))


@register.simple_tag(takes_context=True)
def hand_tiles(context, hand, drawn=None) -> SafeString:
    """The viewer's hand as buttons, the drawn tile last."""
    wear = _wear(context)
    row = [*hand, drawn] if drawn else hand
    return mark_safe("".join(_hand_tile_html(wear, t, i) for i, t in enumerate(row)))


@register.simple_tag
def backs(count: int) -> SafeString:
    """Another seat's concealed tiles, face down: only their number is known."""
    return mark_safe('<span class="tl back"></span>' * int(count))
