"""``{% daily_link %}``: the link to today's daily puzzle, marked when it is solved."""

from __future__ import annotations

from datetime import date

from django import template
from django.http import HttpRequest

from games.players import known_player
from games.solitaire import daily

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
        player = known_player(request)
        cached = daily.solved_days_near(player, today) if player else set()
        request._daily_solved_near = cached
    return cached
