"""The score sheet of a table (docs/tables.md#the-score-sheet): every hand played so far,
what each seat's hand was worth, how each score changed and the running totals, made by
replaying the log. It holds only what every seat learns at each hand's end, so any seat
may see it at any time; the last line's totals are the seats' scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .models import Seat
from .presenters import who_is
from .registry import GameKind, State


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


def score_sheet(
    kind: GameKind,
    options: dict,
    seed: int,
    log: Sequence[str],
    viewer: int,
    seats: Mapping[int, Seat],
) -> ScoreSheet:
    """The sheet of a table's log as ``viewer`` sees it: a line for every hand that
    ended, in the order played."""
    state = kind.start(options, seed)
    scores = tuple(kind.view(state, viewer).scores)
    hands: list[SheetHand] = []
    ended = _ended(kind, state)
    for text in log:
        state = kind.apply(state, text)
        was_over, ended = ended, _ended(kind, state)
        if not ended or was_over:
            continue
        view = kind.view(state, viewer)
        line, values = kind.sheet_entry(view, seats, viewer)
        cells = tuple(
            SheetCell(None if values is None else values[seat], total - before, total)
            for seat, (before, total) in enumerate(zip(scores, view.scores, strict=True))
        )
        hands.append(SheetHand(len(hands) + 1, kind.round_name(view.round), line, cells))
        scores = tuple(view.scores)
    names = tuple(who_is(kind, seat, viewer, seats) for seat in range(kind.seats))
    return ScoreSheet(names, viewer, tuple(hands), tuple(kind.view(state, viewer).scores))
