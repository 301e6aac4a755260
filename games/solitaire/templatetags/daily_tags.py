"""``{% daily_link %}``: the link to today's daily puzzle, marked when it is solved."""

from __future__ import annotations

from datetime import date

from django import template
from django.http import HttpRequest

from games.solitaire import daily
from games.solitaire.play import Owner

register = template.Library()


@register.inclusion_tag("solitaire/_daily_link.html", takes_context=True)
def daily_link(context: template.Context, show_code: bool = False) -> dict:
    """The server names the UTC day; the page's script (daily.js) switches to the
    player's local date, picking its mark among the days sent along."""
    today = daily.utc_today()
    solved = _solved_near(context.get("request"), today)
    return {
        "today": today.isoformat(),
        "code": daily.code_for(today),
        "solved_days": " ".join(sorted(day.isoformat() for day in solved)),
        "solved_today": today in solved,
        "show_code": show_code,
    }


def _solved_near(request: HttpRequest | None, today: date) -> set[date]:
    """At most one query per request, however often the link is shown."""
    if request is None:
        return set()
    cached = getattr(request, "_daily_solved_near", None)
    if cached is None:
        owner = _owner_if_known(request)
        cached = daily.solved_days_near(owner, today) if owner else set()
        request._daily_solved_near = cached
    return cached


def _owner_if_known(request: HttpRequest) -> Owner | None:
    """The player, without creating a guest id just to show a link."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Owner(user)
    session = getattr(request, "session", None)
    guest_id = session.get("guest_id") if session is not None else None
    return Owner(None, guest_id) if guest_id else None
