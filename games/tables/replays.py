"""Stepping through a table's log, decision by decision and hand by hand
(docs/tables.md#replay-stepping)."""

from __future__ import annotations

from dataclasses import dataclass

from . import states
from .models import Table
from .registry import State, rules_for


@dataclass(frozen=True)
class ReplayStep:
    """The table after its first ``index`` decisions, and the way to the steps around."""

    index: int
    last: int  # the log's length
    state: State  # for the game's presenter to make a view of: never for a template
    hand_starts: tuple[int, ...]

    @property
    def previous(self) -> int | None:
        return self.index - 1 if self.index > 0 else None

    @property
    def next(self) -> int | None:
        return self.index + 1 if self.index < self.last else None

    @property
    def hand(self) -> int:
        """The number of the hand shown, from 0."""
        return sum(1 for start in self.hand_starts if start <= self.index) - 1

    @property
    def previous_hand(self) -> int | None:
        """The start of this hand, or of the one before when already at its start."""
        earlier = [start for start in self.hand_starts if start < self.index]
        return earlier[-1] if earlier else None

    @property
    def next_hand(self) -> int | None:
        later = [start for start in self.hand_starts if start > self.index]
        return later[0] if later else None


def hand_starts(table: Table) -> tuple[int, ...]:
    """The log indices at which each hand begins (a finished game's last decision ends
    the game, not a hand)."""
    rules = rules_for(table.kind)
    log = table.log
    end = len(log) if table.is_playing else len(log) - 1
    later = (i + 1 for i, text in enumerate(log[:end]) if rules.begins_hand(text))
    return (0, *later)


def step(table: Table, index: int) -> ReplayStep:
    index = max(0, min(index, table.version))
    return ReplayStep(index, table.version, states.state_at(table, index), hand_starts(table))
