"""The score sheet of a table (docs/tables.md#the-score-sheet): every hand played so far,
what each seat's hand was worth, how each score changed and the running totals, made
from the states at each hand's end. It holds only what every seat learns at each hand's
end, so any seat may see it at any time; the last line's totals are the seats' scores."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.core.cache import cache

from . import states
from .engine import TableView
from .models import Seat, Table
from .presenters import who_is
from .registry import GameKind
from .states import CACHE_ERRORS, SCHEMA, TIMEOUT

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class SheetCell:
    value: int | None  # the seat's hand value, where the game shows one
    change: int
    total: int


@dataclass(frozen=True)
class SheetHand:
    number: int  # from 1
    round_name: str  # "East 1"
    line: str  # who won on whose tile, or why nobody did
    cells: tuple[SheetCell, ...]  # in seat order


@dataclass(frozen=True)
class ScoreSheet:
    names: tuple[str, ...]  # in seat order
    me: int  # the viewer's seat
    hands: tuple[SheetHand, ...]
    totals: tuple[int, ...]  # the scores now

    @property
    def has_values(self) -> bool:
        return any(cell.value is not None for hand in self.hands for cell in hand.cells)


def score_sheet(
    kind: GameKind,
    ends: Sequence[TableView],
    now: TableView,
    seats: Mapping[int, Seat],
) -> ScoreSheet:
    """The sheet from the views at each hand's end (``hand_ends``): a line for every
    hand that ended, in the order played; the totals are the scores ``now``."""
    viewer = now.seat
    scores = (0,) * kind.seats
    hands: list[SheetHand] = []
    for view in ends:
        line, values = kind.sheet_entry(view, seats, viewer)
        cells = tuple(
            SheetCell(None if values is None else values[seat], total - before, total)
            for seat, (before, total) in enumerate(zip(scores, view.scores, strict=True))
        )
        hands.append(SheetHand(len(hands) + 1, kind.round_name(view.round), line, cells))
        scores = tuple(view.scores)
    names = tuple(who_is(kind, seat, viewer, seats) for seat in range(kind.seats))
    return ScoreSheet(names, viewer, tuple(hands), tuple(now.scores))


def table_sheet(kind: GameKind, table: Table, viewer: int) -> ScoreSheet:
    """A table's sheet for one of its seats: the seat's view at each hand's end
    (``states.hand_ends``) and now. The views are cached under the table, the seat and
    the log's length (a log only grows, so they never change)."""
    key = f"{SCHEMA}:sheet:{table.public_id}:{viewer}:{len(table.log)}"
    found = states.read_cache(lambda: cache.get(key), table, "sheet")
    if found is None:
        now = states.state_at(table)
        ends = states.hand_ends(table, now)
        found = ([kind.view(state, viewer) for _, state in ends], kind.view(now, viewer))
        try:
            cache.set(key, found, timeout=TIMEOUT)
        except CACHE_ERRORS:
            logger.warning("sheet cache unavailable for table %s", table.pk)
    ends, now = found
    seats = {seat.index: seat for seat in table.seats.all()}
    return score_sheet(kind, ends, now, seats)
