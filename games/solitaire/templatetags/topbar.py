"""The game's top bar as HTML: the layout's name, the clock, tiles left and pairs free,
and the help counters (docs/solitaire.md#board-attributes).

A tag rather than a template partial for the reason the tiles are one: every removal's
answer carries it, and as a partial it took the largest share of that answer's time.
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, ngettext

register = template.Library()


@register.simple_tag(takes_context=True)
def topbar_html(context) -> SafeString:
    return topbar_markup(context.flatten())


def topbar_markup(context: dict) -> SafeString:
    """The top bar from a board's context (presenters.board_context); `oob` marks it for
    an out-of-band swap."""
    game, tiles_left = context["game"], context["tiles_left"]
    running = context["playing"] and not context["paused"]
    facts = format_html(
        '<span class="tiles-left" data-count="{}">{}</span>',
        tiles_left,
        ngettext("%(tiles)s tile", "%(tiles)s tiles", tiles_left) % {"tiles": tiles_left},
    )
    if running and tiles_left:
        pairs = context["pairs_now"]()
        facts += format_html(
            ' · <span class="pairs-now" data-count="{}">{}</span>',
            pairs,
            ngettext("%(pairs)s pair free", "%(pairs)s pairs free", pairs) % {"pairs": pairs},
        )
    counters = [
        format_html(
            '<span class="{}" title="{}"><span aria-hidden="true">{}</span>'
            '<span class="visually-hidden">{}:</span> {}</span>',
            name,
            label,
            sign,
            label,
            count,
        )
        for name, label, sign, count in (
            ("hints", gettext("Hints"), "?", game.hints),
            ("undos", gettext("Undos"), "↶", game.undos),
            ("shuffles", gettext("Shuffles"), "⇄", game.shuffles),
        )
    ]
    seconds = context["clock_seconds"]
    # The layout's name opens the picker: another layout is one tap from the game
    # (docs/solitaire.md#the-layout-picker).
    return format_html(
        '<div id="topbar" class="topbar"{}>'
        '<h1 class="layout-name"><a href="{}" title="{}">{}</a></h1> '
        '<span class="clock-box"><span class="visually-hidden">{}</span> '
        '<time id="clock" class="clock" datetime="PT{}S" data-seconds="{}" '
        'data-running="{}">{}</time></span> '
        '<span class="facts">{}</span> <span class="counters">{}</span></div>',
        SafeString(' hx-swap-oob="true"') if context.get("oob") else "",
        reverse("layouts"),
        gettext("Choose a layout"),
        context["layout_name"],
        gettext("Time"),
        seconds,
        seconds,
        1 if running else 0,
        context["clock"],
        facts,
        SafeString(" ".join(counters)),
    )
