"""What every page of every game may show of the visitor beyond ``user``: the styles
they wear (docs/site.md#styles) and the one-time guest notice
(docs/site.md#the-guest-notice). Games read these in templates only, so that no game
imports accounts. Each is worked out only when a template asks for it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.players import SessionKey
from games.styles import PART_NAMES, Part, Style, look_of, of_part

from . import coins


@dataclass(frozen=True)
class WardrobePart:
    part: Part
    name: str
    styles: list[Style]


def site(request: HttpRequest) -> dict:
    def wardrobe() -> list[WardrobePart]:
        """The styles the visitor may wear, by part, for the menu's choice."""
        mine = coins.owned(request.user if request.user.is_authenticated else None)
        return [
            WardrobePart(part, str(name), [s for s in of_part(part) if s.key in mine])
            for part, name in PART_NAMES.items()
        ]

    return {
        "look": SimpleLazyObject(lambda: look_of(request)),
        "wardrobe": functools.cache(wardrobe),
        "guest_notice": functools.cache(lambda: guest_notice_due(request)),
    }


def guest_notice_due(request: HttpRequest) -> bool:
    """Whether a guest is to be told now that clearing the browser's data loses their
    records unless an account keeps them: once a session, asked when records first
    matter (docs/site.md#the-guest-notice)."""
    session = getattr(request, "session", None)
    if request.user.is_authenticated or session is None:
        return False
    if session.get(SessionKey.GUEST_NOTICE):
        return False
    session[SessionKey.GUEST_NOTICE] = True
    return True
