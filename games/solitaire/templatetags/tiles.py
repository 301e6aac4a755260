"""One tile of the board as HTML (docs/solitaire.md#board-attributes).

A tag rather than a template partial: the board has up to 144 tiles and every answer
that changes it renders some, so this is the hot path of the page (a template partial
took about a quarter of a millisecond a tile).
"""

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games import languages
from games.styles import look_in, sprite_url
from games.tiles import tile_label
from games.tiles import tile_name as spoken_name

register = template.Library()


def _face(context, code: str) -> str:
    look = look_in(context)
    return face_markup(code, look.numbers, None if look.numbers else sprite_url(context))


def face_markup(code: str, numbers: bool, sprite: str | None) -> str:
    """The face in the player's face set (docs/site.md#styles); the numbers style shows
    labels in the page's language (docs/solitaire.md#tile-art)."""
    if numbers:
        label = escape(tile_label(code, languages.current()))
        return f'<b class="is-long">{label}</b>' if len(label) > 3 else f"<b>{label}</b>"
    return f'<svg aria-hidden="true"><use href="{sprite}#t-{escape(code)}"/></svg>'


@register.simple_tag(takes_context=True)
def tile_html(context, tile) -> SafeString:
    face = _face(context, tile.code)
    return tile_markup(
        tile, face, oob=bool(context.get("oob")), paused=bool(context.get("paused"))
    )


def tile_markup(tile, face: str, *, oob: bool, paused: bool) -> SafeString:
    """The tile's element; `oob` marks it for an out-of-band swap."""
    oob_attribute = ' hx-swap-oob="true"' if oob else ""
    place = f'style="--x:{tile.x};--y:{tile.y};--z:{tile.z}"'
    if tile.removed:
        return mark_safe(
            f'<span id="tile-{tile.index}" class="tile is-removing"{oob_attribute} {place} '
            f'aria-hidden="true">{face}</span>'
        )
    code = escape(tile.code)
    flags = f" {escape(tile.flags)}" if tile.flags else ""
    label = escape(gettext("Hidden tile") if paused else tile.label)
    return mark_safe(
        f'<button id="tile-{tile.index}" class="tile{flags}" name="position" '
        f'value="{tile.index}"{oob_attribute} {place} data-x="{tile.x}" data-y="{tile.y}" '
        f'data-z="{tile.z}" data-tile="{"" if paused else code}" '
        f'data-free="{1 if tile.free else 0}" '
        f'aria-pressed="{"true" if tile.selected else "false"}" aria-label="{label}"'
        f"{' disabled' if paused else ''}>{'' if paused else face}</button>"
    )


@register.filter
def tile_name(code: str) -> str:
    """A tile's spoken name in the page's language: {{ "5B"|tile_name }} → Bamboo 5."""
    return spoken_name(code, languages.current())
