"""A bar chart of winning times, drawn as SVG by the server: no chart library."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.solitaire.clock import clock_text, whole_seconds

WIDTH = 320
HEIGHT = 120
TOP_MARGIN = 14  # room for the label of the slowest time
GAP = 0.15  # share of a bar's slot left empty


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    label: str
    best: bool


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    bars: tuple[Bar, ...]
    slowest: str
    fastest: str


def time_chart(times: Sequence[float], width: int = WIDTH, height: int = HEIGHT) -> Chart | None:
    """Bars from left (oldest) to right (newest); a bar's height is its time, so shorter
    is faster, and the fastest bar is marked. Times are taken as the clock shows them,
    in whole seconds, so that two bars labelled alike stand equally tall."""
    if not times:
        return None
    times = [whole_seconds(time) for time in times]
    slowest, fastest = max(times), min(times)
    room = height - TOP_MARGIN
    slot = width / len(times)
    bars = tuple(
        Bar(
            x=round(index * slot + slot * GAP / 2, 1),
            y=round(height - _bar_height(time, slowest, room), 1),
            width=round(slot * (1 - GAP), 1),
            height=round(_bar_height(time, slowest, room), 1),
            label=clock_text(time),
            best=time == fastest,
        )
        for index, time in enumerate(times)
    )
    return Chart(width, height, bars, clock_text(slowest), clock_text(fastest))


def _bar_height(time: float, slowest: float, room: float) -> float:
    # Even a zero-second bar stays visible.
    return max(2.0, room * time / slowest) if slowest > 0 else 2.0
