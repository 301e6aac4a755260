"""Stepping through a table's log, decision by decision and hand by hand
(docs/tables.md#replay-stepping). A replay steps through the decisions every seat learns
of: passes are their seats' secrets, in a running game as in a finished one, so they
are never a step of their own."""

from __future__ import annotations

from dataclasses import dataclass

from . import states
from .engine.actions import is_secret, settled
from .models import Table
from .registry import State, rules_for


@dataclass(frozen=True)
class ReplayStep:
    """The table after its first ``index`` shown decisions (``at`` in the log), and the
    way to the steps around."""

    index: int
    last: int  # the number of shown decisions
    at: int  # the log's length at this step
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


def shown_steps(log: list[str], answering_now: bool = False) -> list[int]:
    """The log's length after each shown decision, the deal (0) first. A pass that
    closes an offer moves the step before it on to where the table went on (the next
    draw), so that a discard is one step whether or not anybody could call on it."""
    steps = [0]
    for index, (text, done) in enumerate(zip(log, settled(log, answering_now), strict=True)):
        if not is_secret(text):
            steps.append(index + 1)
        elif done:
            steps[-1] = index + 1
    return steps


def last_shown(log: list[str], at: int) -> str:
    """The last decision every seat learned of among the log's first ``at``."""
    return next((text for text in reversed(log[:at]) if not is_secret(text)), "")


def hand_starts(table: Table, steps: list[int]) -> tuple[int, ...]:
    """The steps at which each hand begins (a finished game's last decision ends the
    game, not a hand)."""
    rules = rules_for(table.kind)
    log = table.log
    last = len(steps) - 1 if table.is_playing else len(steps) - 2
    later = (k for k in range(1, last + 1) if rules.begins_hand(log[steps[k] - 1]))
    return (0, *later)


def step(table: Table, index: int) -> ReplayStep:
    steps = shown_steps(table.log, table.answering_now())
    index = max(0, min(index, len(steps) - 1))
    at = steps[index]
    return ReplayStep(
        index, len(steps) - 1, at, states.state_at(table, at), hand_starts(table, steps)
    )
