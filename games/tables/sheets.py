"""The score sheet of a table (docs/tables.md#the-score-sheet): every hand played so far,
what each seat's hand was worth, how each score changed and the running totals, made by
replaying the log. It holds only what every seat learns at each hand's end, so any seat
may see it at any time; the last line's totals are the seats' scores."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.core.cache import cache

from .engine import TableView
from .models import Seat, Table
from .presenters import who_is
from .registry import GameKind, State
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


def _ended(kind: GameKind, state: State) -> bool:
    """At a hand's result: waiting for anyone to go on, or the game over."""
    return kind.anyone_continues(state) or kind.results(state) is not None


def hand_ends(
    kind: GameKind, options: dict, seed: int, log: Sequence[str], viewer: int
) -> tuple[list[TableView], TableView]:
    """The viewer's view at each hand's end, and now, by replaying the log."""
    state = kind.start(options, seed)
    ends: list[TableView] = []
    ended = _ended(kind, state)
    for text in log:
        state = kind.apply(state, text)
        was_over, ended = ended, _ended(kind, state)
        if ended and not was_over:
            ends.append(kind.view(state, viewer))
    return ends, kind.view(state, viewer)


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
    """A table's sheet for one of its seats. The views it is made of are cached under
    the table, the seat and the log's length (a log only grows, so they never change);
    without the cache (Redis away) the log is replayed."""
    key = f"{SCHEMA}:sheet:{table.public_id}:{viewer}:{len(table.log)}"
    found = None
    try:
        found = cache.get(key)
    except CACHE_ERRORS:
        logger.warning("sheet cache unavailable for table %s", table.pk)
    except Exception:  # an entry an engine change made unreadable: replay instead
        logger.exception("cached sheet of table %s unreadable", table.pk)
    if found is None:
        found = hand_ends(kind, table.options, table.seed, table.log, viewer)
        try:
            cache.set(key, found, timeout=TIMEOUT)
        except CACHE_ERRORS:
            logger.warning("sheet cache unavailable for table %s", table.pk)
    ends, now = found
    seats = {seat.index: seat for seat in table.seats.all()}
    return score_sheet(kind, ends, now, seats)
