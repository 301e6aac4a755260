"""Pure helpers for boards: how equal times share a place."""

from __future__ import annotations

from collections.abc import Sequence


def places(times: Sequence[int]) -> list[int]:
    """Competition ranking of times sorted fastest first: equal times share a place and
    the next place skips (1, 2, 2, 4)."""
    result: list[int] = []
    for index, time in enumerate(times):
        tied = index > 0 and times[index - 1] == time
        result.append(result[-1] if tied else index + 1)
    return result
