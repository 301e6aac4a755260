from django import template

from games.solitaire.clock import clock_text

register = template.Library()


@register.filter
def clock(seconds: float | None) -> str:
    """A time as the game's clock shows it: {{ game.elapsed_seconds|clock }} → 1:05."""
    return clock_text(seconds)
