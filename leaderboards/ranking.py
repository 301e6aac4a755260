"""Pure helpers for boards: how a time is shown and how equal times share a place."""

from __future__ import annotations

from collections.abc import Sequence


def whole_seconds(elapsed: float) -> int:
    """The time as the clock shows it: a started second does not count."""
    return int(elapsed)


def clock(seconds: float | None) -> str:
    """1:05 or 1:02:03, like the game's clock; an en dash for no time."""
    if seconds is None:
        return "–"
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def places(times: Sequence[int]) -> list[int]:
    """Competition ranking of times sorted fastest first: equal times share a place and
    the next place skips (1, 2, 2, 4)."""
    result: list[int] = []
    for index, time in enumerate(times):
        tied = index > 0 and times[index - 1] == time
        result.append(result[-1] if tied else index + 1)
    return result
