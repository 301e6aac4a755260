"""The kinds of table game, each declared once (docs/tables.md#game-kinds).

A kind is a class: ``TableRules`` is what the table machinery (play, timers, rooms,
replays) needs of an engine, ``GameKind`` adds what the site's shared pages need (names,
options, bot levels, words, the game's own partials, its stats and records). A game
registers one instance of its ``GameKind`` in its app's ``ready()``; everything under
``games/tables`` and the boards and stats pages reach the game only through it, so a
reader can follow a call from a view into the engine. States are the engine's own
immutable values: the machinery stores none of them, it only passes them back.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from django.db import models

    from .engine import TableView
    from .engine.helper import Helper
    from .forms import TableOptionsForm
    from .steps import Step

type State = Any


@dataclass(frozen=True)
class SeatResult:
    """A seat's standing when its game is over."""

    place: int  # 1 for first place
    score: int
    points: float  # the game's final result for the seat


class TableRules(ABC):
    """What the table machinery needs of a game's engine. Actions are texts
    (``"0 d:5D"``, docs/tables.md#the-event-log)."""

    key: ClassVar[str]  # stored on a table, e.g. "sanma"; the game's URL namespace too
    seats: ClassVar[int]
    bot_levels: ClassVar[tuple[str, ...]]  # the bots' strengths, weakest first

    @abstractmethod
    def start(self, options: dict, seed: int) -> State:
        """The state before the first decision; ValueError on bad options."""

    @abstractmethod
    def apply(self, state: State, text: str) -> State:
        """The next state; ValueError for an illegal action."""

    @abstractmethod
    def waiting_for(self, state: State) -> set[int]:
        """The seats whose decision the game waits for."""

    @abstractmethod
    def anyone_continues(self, state: State) -> bool:
        """Whether any one waiting seat decides for all (continuing after a hand's
        result): then a human at the table decides it, never a bot."""

    @abstractmethod
    def bot_action(self, state: State, seat: int, level: str, seed: int, index: int) -> str:
        """The action of a bot of ``level`` in ``seat``, the ``index``-th decision of a
        table with ``seed``: the same every time, from the seat's view alone."""

    @abstractmethod
    def results(self, state: State) -> Sequence[SeatResult] | None:
        """Each seat's standing, once the game is over; None while it runs."""

    def view(self, state: State, seat: int) -> TableView | None:
        """What ``seat`` may see now: never another seat's concealed tiles. The
        toggles decide from it (docs/tables.md#toggles); a game without one has none."""
        return None

    def begins_hand(self, text: str) -> bool:
        """Whether the decision with this text leads into a new hand (replay stepping)."""
        return text.endswith(" next")

    def timeout_action(self, state: State, seat: int, seed: int, index: int) -> str:
        """What the server plays for a human out of time or away
        (docs/tables.md#turn-timers): by default what the weakest bot would."""
        return self.bot_action(state, seat, self.bot_levels[0], seed, index)

    def answering(self, state: State) -> bool:
        """Whether the waiting seats answer an offer (a call on a discard) rather than
        take their turn: they get the decision's seconds without the bank, all alike,
        so that no clock tells who may answer."""
        return False

    def forced_action(self, state: State) -> str | None:
        """The decision the game takes next when nobody has a choice in it (Classic's
        draw from the wall): played for humans as for bots, so that a player never
        presses a button that can only do one thing (docs/tables.md#forced-moves)."""
        return None

    def replay(self, options: dict, seed: int, log: Sequence[str]) -> State:
        state = self.start(options, seed)
        for text in log:
            state = self.apply(state, text)
        return state


@dataclass(frozen=True)
class ExtraFigure:
    """A figure of a game's stats beyond those every table game has: a rate of a
    record's field per hand or per won hand, or its best value."""

    field: str  # of the game's record
    label: str
    slug: str  # the figure's name on the page (``data-figure="sanma-riichi-rate"``)
    per: str = "hands"  # "hands" or "wins": the rate's whole; "" for the best value


class GameKind(TableRules):
    """A table game as the site shows it: declared once, read by the shared views,
    presenter, partials, stats, records and boards."""

    name: ClassVar[str]  # "Sanma", in the page's language (a lazy string)
    short_name: ClassVar[str]  # the header's label
    header_tile: ClassVar[str]  # the tile code the header shows beside the name
    dealer_title: ClassVar[str]  # what the dealer's wind says when pointed at
    set_aside_label: ClassVar[str]  # what the tiles a seat sets aside are
    intro: ClassVar[str]  # the start page's line
    bot_names: ClassVar[tuple[str, ...]]  # each seat's bot is known by its own name
    level_names: ClassVar[Mapping[str, str]]
    default_level: ClassVar[str] = "normal"
    # The game's words (its ``names`` module): a wind ("E" -> "East"), what a decision
    # is called in the line that tells it and on its button, a set on the table.
    wind_names: ClassVar[Mapping[str, str]]
    move_names: ClassVar[Mapping[str, str]]
    button_names: ClassVar[Mapping[str, str]]
    meld_names: ClassVar[Mapping[str, str]]
    keys_help: ClassVar[str]  # the keys the table understands, for screen readers
    action_keys: ClassVar[Mapping[str, str]]  # a button's move -> its key
    step_limit: ClassVar[int] = 30  # an answer animates at most this many decisions
    points_label: ClassVar[str]  # what a seat's game result is called on the stats page
    board_title: ClassVar[str]  # the heading of a board of the game's best players
    board_note: ClassVar[str]  # what a board counts: a lazy plural of ``n``, the games needed
    points_digits: ClassVar[int] = 0  # decimals of a game result
    # The game's own record of a finished seat's figures (with the fields of
    # ``TableRecord``) and the figures its stats page adds to the shared ones.
    record_model: ClassVar[type[models.Model]]
    extra_figures: ClassVar[tuple[ExtraFigure, ...]] = ()
    stats_note: ClassVar[str]
    exports: ClassVar[bool] = False  # whether a game exports a log (``export``)
    riichi: ClassVar[bool] = False  # whether the game has riichi (its toggle is shown)
    # The rules page's own questions of the game, before those every game answers
    # (docs/tables.md#controls-and-questions): (question, answer) pairs.
    questions: ClassVar[tuple[tuple[str, str], ...]] = ()

    # ---- options

    # The options of a new table (practice against bots, or a room): its ``options()``
    # gives the table's stored options, its ``level`` the bots' strength.
    options_form_class: ClassVar[type[TableOptionsForm]]

    # The lobby's quick matches (docs/tables.md#lobby-and-rating): by a short key, what
    # each is called and the options of its tables.
    lobby_choices: ClassVar[Mapping[str, tuple[str, dict]]]

    def options_form(self, *args, **kwargs) -> TableOptionsForm:
        return self.options_form_class(*args, **kwargs)

    @abstractmethod
    def describe_options(self, options: dict) -> str:
        """A table's options in a few words, for the lists of tables and rooms."""

    # ---- what a seat sees

    @abstractmethod
    def view(self, state: State, seat: int) -> TableView:
        """What ``seat`` may see now: never another seat's concealed tiles."""

    @abstractmethod
    def full_view(self, state: State, seat: int) -> TableView:
        """Every hand open, seen from ``seat``: for finished games' replays only."""

    def round_name(self, code: str) -> str:
        """ "E1" -> "East 1": the round wind and which hand of the round."""
        return f"{self.wind_names[code[0]]} {code[1:]}"

    @abstractmethod
    def present(self, view: TableView, seats: Mapping, viewer: int) -> dict:
        """What the game's own partials show besides the shared table: its info bar,
        the lines above the hand, the hand's result (``result``), the tile choices."""

    def discard_helper(self, view: TableView, options: dict) -> Helper | None:
        """The discard helper (docs/tables.md#the-discard-helper) from ``view`` and the
        table's options alone; None for a game without one."""
        return None

    def rules_context(self) -> dict:
        """More for the rules page (Classic's scoring table)."""
        return {}

    def sheet_entry(
        self, view: TableView, seats: Mapping, viewer: int
    ) -> tuple[str, Sequence[int] | None]:
        """What the score sheet (docs/tables.md#the-score-sheet) says of the hand that
        has just ended in ``view``: a line (who won, or why nobody did) and each seat's
        hand value, or None where the game shows only the changes."""
        return "", None

    @property
    @abstractmethod
    def steps(self) -> Sequence[Step]:
        """Schrittweise erklärt: the game's steps."""

    # ---- records and exports

    @abstractmethod
    def hand_figures(self, ends: Sequence[tuple[int, State]], log: Sequence[str]) -> list[dict]:
        """Per seat, the figures of a finished table for ``record_model``, from each
        hand's end (``states.hand_ends``: the log's length then and the state then) and
        the log."""

    def export(self, options: dict, seed: int, log: Sequence[str], names: list[str]) -> str:
        raise NotImplementedError

    @property
    def template_dir(self) -> str:
        """Where the game's own partials are (``<key>/_info.html``...)."""
        return self.key


_KINDS: dict[str, TableRules] = {}


def register(rules: TableRules) -> None:
    _KINDS[rules.key] = rules


def rules_for(key: str) -> TableRules:
    """The rules of a registered kind; KeyError for any other."""
    return _KINDS[key]


def game_kind(key: str) -> GameKind:
    """A game the site shows; KeyError for any other key."""
    found = _KINDS[key]
    if not isinstance(found, GameKind):
        raise KeyError(key)
    return found


def game_kinds() -> Iterator[GameKind]:
    """The site's table games, in the order they registered (Sanma, then Classic)."""
    return (kind for kind in _KINDS.values() if isinstance(kind, GameKind))
