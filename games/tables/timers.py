"""Turn timers at a table of several humans (docs/tables.md#turn-timers).

Each decision of a human has a few seconds, plus a bank of seconds for the hand; an
answer to an offer (a call on a discard) has the decision's seconds alone, the same for
every seat that may answer, and a hand's result the result's seconds before the table
goes on. When a human's time is up, the server decides for the seat (the game's
``timeout_action``); after a few such decisions in a row the seat is *away* and the
server plays it at once, until its player comes back. Only a seat's ``waiting_since``,
``bank`` and ``timeouts`` are stored; every deadline follows from them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from .models import Seat, Table
from .registry import State, TableRules

log = logging.getLogger(__name__)

# A deadline's task runs a little after it, so that it finds the time up.
TASK_GRACE = timedelta(milliseconds=200)


@dataclass(frozen=True)
class Clock:
    decision: float  # seconds for each decision
    bank: float  # seconds more, per hand, for the decisions of one's own turns
    result: float  # seconds to read a hand's result before the table goes on
    away_after: int  # decisions in a row taken by the server before a seat is away
    runs: bool = True  # False: no timer at all (friends at one sofa)


# The turn timers a room's host chooses from (docs/tables.md#turn-timers), by the key
# stored on the room and its tables: the seconds of each decision and of the bank.
# The default is the site's (TABLE_DECISION_SECONDS + TABLE_BANK_SECONDS, Tenhou's
# 5 + 10); "none" runs no clock.
DEFAULT_TIMER = "standard"
TIMERS: dict[str, tuple[float, float] | None] = {
    DEFAULT_TIMER: None,  # the settings' seconds
    "calm": (10.0, 30.0),
    "minute": (60.0, 0.0),
    "none": None,
}


def timer_seconds(timer: str) -> tuple[float, float] | None:
    """A timer's seconds per decision and of its bank; None for no timer."""
    if timer == "none":
        return None
    found = TIMERS.get(timer)
    if found is None:
        return settings.TABLE_DECISION_SECONDS, settings.TABLE_BANK_SECONDS
    return found


def timer_name(timer: str) -> str:
    """How a timer reads on the room's and the table's pages."""
    seconds = timer_seconds(timer)
    if seconds is None:
        return _("No timer")
    decision, bank = (f"{value:g}" for value in seconds)
    if seconds[1]:
        text = _("%(decision)s s per move + %(bank)s s bank")
        return text % {"decision": decision, "bank": bank}
    return _("%(decision)s s per move") % {"decision": decision}


def timer_choices() -> list[tuple[str, str]]:
    return [(key, timer_name(key)) for key in TIMERS]


def clock(timer: str = DEFAULT_TIMER) -> Clock:
    """The clock of a table whose host chose ``timer``."""
    seconds = timer_seconds(timer)
    decision, bank = seconds if seconds is not None else (0.0, 0.0)
    return Clock(
        decision=decision,
        bank=bank,
        result=settings.TABLE_RESULT_SECONDS,
        away_after=settings.TABLE_AWAY_AFTER_TIMEOUTS,
        runs=seconds is not None,
    )


def is_timed(seats: Iterable[Seat]) -> bool:
    """Only a table of two or more humans has timers (and live updates): a human alone
    against bots keeps them waiting as long as they like."""
    return sum(1 for seat in seats if not seat.is_bot) >= 2


def is_away(seat: Seat, clock: Clock) -> bool:
    """Whether the server plays the human seat without waiting: after timeouts in a
    row, on its player's say-so, or for good once its player left the table."""
    return not seat.is_bot and (seat.timeouts >= clock.away_after or seat.left_at is not None)


def seconds_for(rules: TableRules, state: State, seat: Seat, clock: Clock) -> float:
    """The seconds the seat has for the decision the table waits for now."""
    if rules.anyone_continues(state):
        return clock.result
    if rules.answering(state):
        return clock.decision
    return clock.decision + seat.bank


def deadline(rules: TableRules, state: State, seat: Seat, clock: Clock) -> datetime | None:
    if seat.waiting_since is None or not clock.runs:
        return None
    return seat.waiting_since + timedelta(seconds=seconds_for(rules, state, seat, clock))


def deadlines(
    rules: TableRules, state: State, seats: Iterable[Seat], c: Clock | None = None
) -> dict[int, datetime]:
    """Each waited-for human seat's deadline, by seat index."""
    c = c or clock()
    found = {seat.index: deadline(rules, state, seat, c) for seat in seats}
    return {index: when for index, when in found.items() if when is not None}


def overdue(
    rules: TableRules, state: State, seats: Iterable[Seat], now: datetime, c: Clock | None = None
) -> list[Seat]:
    """The seats the table waits for whose time is up, in seat order."""
    c = c or clock()
    waiting = rules.waiting_for(state)
    return sorted(
        (
            seat
            for seat in seats
            if seat.index in waiting and (when := deadline(rules, state, seat, c)) and when <= now
        ),
        key=lambda seat: seat.index,
    )


def charge(
    seat: Seat, rules: TableRules, before: State, now: datetime, c: Clock | None = None
) -> None:
    """The seat's human decided: the time beyond the decision's seconds comes off the
    bank, and the seat is anything but away."""
    c = c or clock()
    taking_turn = not rules.anyone_continues(before) and not rules.answering(before)
    if seat.waiting_since is not None and taking_turn:
        over = (now - seat.waiting_since).total_seconds() - c.decision
        seat.bank = max(0.0, seat.bank - max(0.0, over))
    seat.waiting_since = None
    seat.timeouts = 0


def time_out(
    seat: Seat, rules: TableRules, before: State, page_open: bool = False, c: Clock | None = None
) -> None:
    """The server decided for the seat, whose time was up. A seat whose player has a
    page of the table open (``page_open``) is a slow reader, never away: its count of
    timeouts stops one short of it."""
    if not rules.anyone_continues(before):
        seat.timeouts += 1  # nobody pressing on after a hand's result is no sign of absence
        if page_open:
            seat.timeouts = min(seat.timeouts, max(0, (c or clock()).away_after - 1))
        if not rules.answering(before):
            seat.bank = 0.0
    seat.waiting_since = None


def wind(
    seats: Iterable[Seat],
    rules: TableRules,
    state: State,
    restarted: set[int],
    new_hand: bool,
    now: datetime,
    c: Clock | None = None,
) -> None:
    """Start, keep or stop each human's clock once the table has moved on. A seat keeps
    its clock while it is waited for the same decision (the others' answers to one
    offer); ``restarted`` are the seats whose decision was taken meanwhile. While every
    human is away no clock runs: the table waits for anybody to come back; nor at a
    table without a timer."""
    c = c or clock()
    humans = [seat for seat in seats if not seat.is_bot]
    waiting = rules.waiting_for(state)
    anybody_here = any(not is_away(seat, c) for seat in humans)
    for seat in humans:
        if new_hand:
            seat.bank = c.bank
        if not c.runs or not anybody_here or seat.index not in waiting or is_away(seat, c):
            seat.waiting_since = None
        elif seat.waiting_since is None or seat.index in restarted:
            seat.waiting_since = now


@dataclass(frozen=True)
class Clocks:
    """What one seat's page shows of the table's clocks."""

    shown: dict[int, datetime]  # the deadlines this seat may see, by seat
    next_deadline: datetime | None  # the first of those: the page asks again then
    away: frozenset[int]

    def tag(self, version: int) -> str:
        """An entity tag of the seat's page: a page with the same one needs nothing new."""
        shown = ",".join(f"{i}:{int(w.timestamp() * 1000)}" for i, w in sorted(self.shown.items()))
        away = "".join(str(i) for i in sorted(self.away))
        return f'"{version}.{away}.{shown}"'


def clocks_for(
    rules: TableRules, state: State, seats: Iterable[Seat], viewer: int, c: Clock | None = None
) -> Clocks:
    """The clocks of a timed table as the viewer's page shows them. While seats answer
    an offer, a page shows only its own clock: whether another seat may answer is that
    seat's secret (and all who may answer have the same deadline)."""
    seats = list(seats)
    c = c or clock()
    pending = deadlines(rules, state, seats, c)
    shown = pending
    if rules.answering(state):
        shown = {i: when for i, when in pending.items() if i == viewer}
    return Clocks(
        shown=shown,
        next_deadline=min(shown.values(), default=None),
        away=frozenset(seat.index for seat in seats if is_away(seat, c)),
    )


def schedule(table: Table, deadlines: dict[int, datetime]) -> None:
    """Once the transaction commits, have the table's first deadline kept by a task
    (``tables.play_overdue``), so that the table goes on when nobody's page asks. Not
    where tasks run in-process (``make run``): there the pages ask at the deadline."""
    first = min(deadlines.values(), default=None) if table.is_playing else None
    if first is not None:
        public_id = str(table.public_id)
        transaction.on_commit(lambda: schedule_deadline(public_id, first))


def schedule_deadline(public_id: str, when: datetime) -> None:
    """The task that keeps one deadline, sent by name: the task's module imports the
    machinery, not the other way round."""
    if current_app.conf.task_always_eager:
        return
    try:
        due = when + TASK_GRACE
        current_app.send_task("tables.play_overdue", (public_id, due.isoformat()), eta=due)
    except Exception:  # a broker away: the pages' own requests at the deadline still act
        log.warning("no task for the deadline of table %s", public_id, exc_info=True)
