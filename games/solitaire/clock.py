"""How a game's time is shown, wherever it is shown: the game's clock, the win
summary, the boards, the stats and their chart (docs/solitaire.md#clock-and-pause).

``static/solitaire/js/game.js`` counts the running clock on between two answers with
the same format; a test holds the two together.
"""

from __future__ import annotations


def whole_seconds(elapsed: float) -> int:
    """The time as the clock shows it: a started second does not count."""
    return int(elapsed)


def clock_text(seconds: float | None) -> str:
    """1:05 or 1:02:03; an en dash for no time."""
    if seconds is None:
        return "–"
    hours, rest = divmod(whole_seconds(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
