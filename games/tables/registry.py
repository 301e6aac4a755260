"""The kinds of table game, each with what the table machinery needs of its engine
(docs/tables.md#game-kinds).

A game registers its ``GameRules`` once, in its app's ``ready()``; everything in
``games/tables`` reaches an engine only through them. States are the engine's own
immutable values: the machinery stores none of them, it only passes them back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

type State = Any


@dataclass(frozen=True)
class SeatResult:
    """A seat's standing when its game is over."""

    place: int  # 1 for first place
    score: int
    points: float  # the game's final result for the seat


@dataclass(frozen=True)
class GameRules:
    kind: str  # the key stored on a table, e.g. "sanma"
    seats: int
    # (options, seed) -> the state before the first decision; raises ValueError on bad options
    start: Callable[[dict, int], State]
    # (state, action text) -> the next state; raises ValueError for an illegal action
    apply: Callable[[State, str], State]
    # the seats whose decision the game waits for
    waiting_for: Callable[[State], set[int]]
    # whether any one of the waiting seats decides for all (continuing after a hand);
    # then a human at the table decides it, never a bot
    anyone_continues: Callable[[State], bool]
    # (state, seat, level, seed, decision index) -> the bot's action text
    bot_action: Callable[[State, int, str, int, int], str]
    # each seat's standing, once the game is over; None while it runs
    results: Callable[[State], Sequence[SeatResult] | None]
    # whether the decision with this text leads into a new hand (for replay stepping)
    begins_hand: Callable[[str], bool]
    bot_levels: tuple[str, ...]
    # (state, seat) -> the action the server takes for a human out of time or away
    # (docs/tables.md#turn-timers); without one, the weakest bot decides for the seat
    timeout_action: Callable[[State, int], str] | None = None
    # whether the waiting seats answer an offer (a call on a discard) rather than take
    # their turn: they get the decision's seconds without the bank, all alike, so that
    # no clock tells who may answer
    answering: Callable[[State], bool] = lambda state: False
    # the decision the game takes next when nobody has a choice in it (Classic's draw
    # from the wall, the only move open): played for humans as for bots, so that a
    # player never presses a button that can only do one thing (docs/tables.md#forced-moves)
    forced_action: Callable[[State], str | None] = lambda state: None

    def action_for_absent(self, state: State, seat: int, seed: int, index: int) -> str:
        """What the server plays for a human seat that is out of time or away."""
        if self.timeout_action is not None:
            return self.timeout_action(state, seat)
        return self.bot_action(state, seat, self.bot_levels[0], seed, index)

    def replay(self, options: dict, seed: int, log: Sequence[str]) -> State:
        state = self.start(options, seed)
        for text in log:
            state = self.apply(state, text)
        return state


_KINDS: dict[str, GameRules] = {}


def register(rules: GameRules) -> None:
    _KINDS[rules.kind] = rules


def rules_for(kind: str) -> GameRules:
    """The rules of a registered kind; KeyError for any other."""
    return _KINDS[kind]
