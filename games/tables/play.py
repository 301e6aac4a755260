"""The one place that applies a decision to a stored table (docs/tables.md#a-decision-end-to-end).

A human's decision locks the table row, checks the version its page showed, applies
the action through the game's rules, plays the bots' turns until a human must decide
again, appends everything to the log and commits before the view answers. A decision
on a table where the player has no seat answers ``None``.

At a table of several humans the same place also keeps the turn timers
(docs/tables.md#turn-timers): it plays for a seat whose time is up
(``play_overdue``) or whose player is away, and it tells the live stream of every
change once it has committed (docs/tables.md#live-updates).
"""

from __future__ import annotations

import enum
import secrets
from dataclasses import dataclass, field
from datetime import timedelta

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from games.players import Player

from . import live, presence, states, timers, toggles
from .engine.actions import is_secret
from .models import Seat, Table
from .registry import State, TableRules, rules_for
from .signals import table_finished

# An all-bot table plays to its end in one request; this bounds a runaway game.
MAX_BOT_DECISIONS = 20_000


class Kind(enum.StrEnum):
    STARTED = "started"
    PLAYED = "played"  # the decision was applied (and the bots played on)
    STALE = "stale"  # the page showed an older version: nothing was applied
    UNSEEN = "unseen"  # the page had only just shown this version: nothing was applied
    REFUSED = "refused"  # not a legal decision now: nothing was applied
    LATE = "late"  # the seat's time was up: the server decided for it instead
    LEFT = "left"  # the player left the table: the server plays the seat to the end


@dataclass(frozen=True)
class Outcome:
    """What a decision did. ``state`` is the engine's whole state, for the game's
    presenter to turn into the seat's view: never hand it to a template."""

    table: Table
    seat: int
    state: State
    kind: Kind
    since: int  # the log's length when the page was shown: the answer shows what followed
    message: str = ""


def new_seed() -> int:
    return secrets.randbits(53)


@dataclass
class _Moves:
    """What the decisions applied in one request did: whose decision was taken
    (everybody's, when a hand's result was continued) and whether a new hand began,
    which fills every bank again, for the humans' clocks; and whether anything changed
    that the other seats may learn of (``public``: a decision other than a pass, or the
    end of an offer), for the live pages (docs/tables.md#nothing-hidden-leaks)."""

    seats: int
    restarted: set[int] = field(default_factory=set)
    new_hand: bool = False
    public: bool = False

    def note(self, rules: TableRules, before: State, text: str, after: State) -> None:
        if rules.anyone_continues(before):
            self.restarted |= set(range(self.seats))
        else:
            self.restarted.add(int(text.split(" ", 1)[0]))
        self.new_hand = self.new_hand or rules.begins_hand(text)
        ends_offer = rules.answering(before) and not rules.answering(after)
        self.public = self.public or not is_secret(text) or ends_offer


def _apply(table: Table, rules: TableRules, state: State, text: str, moves: _Moves) -> State:
    after = rules.apply(state, text)
    moves.note(rules, state, text, after)
    table.log.append(text)
    table.note_answering(rules.answering(after))
    return after


@dataclass(frozen=True)
class Started:
    table: Table
    left: list[Table]  # the player's oldest running tables, left to the server for it


def leave_oldest(player: Player, kind: str) -> list[Table]:
    """Make room for one more table of the player alone against bots of ``kind``: beyond
    ``TABLE_UNFINISHED_LIMIT`` running ones with the new one, the oldest are left, so
    the server plays them to their end (docs/tables.md#every-started-table-counts). The
    one rule of every way to such a table: practice, a room its host starts alone, a
    quick match bots filled. Tables of several humans do not count: their turn timers
    end them anyway, and leaving one would leave its other players a seat of the
    server's. The tables left, newest first."""
    running = (
        Table.objects.played_by(player)
        .of_kind(kind)
        .playing()
        .of_one_human()
        .order_by("-updated_at", "-pk")
    )
    left = list(running[max(0, settings.TABLE_UNFINISHED_LIMIT - 1) :])
    for table in left:
        leave(player, table.public_id)
    return left


@transaction.atomic
def start_practice(
    kind: TableRules,
    player: Player,
    options: dict,
    level: str,
    seed: int | None = None,
    chosen: frozenset[toggles.Toggle] = frozenset(),
) -> Started:
    """A table of the player against bots of ``level``. The seed also picks the player's
    seat, so that every seat (dealer first or last) comes up alike. Beyond
    ``TABLE_UNFINISHED_LIMIT`` running tables against bots the oldest are left
    (``leave_oldest``). ValueError for options or a strength the game does not know."""
    seed = new_seed() if seed is None else seed
    seats: list[Player | str] = [level] * kind.seats
    seats[seed % kind.seats] = player
    left = leave_oldest(player, kind.key)
    seat = seed % kind.seats
    table = start_table(kind.key, options, seats, seed=seed, toggled={seat: chosen})
    return Started(table, left)


@transaction.atomic
def leave(player: Player, public_id) -> Table | None:
    """The player leaves the table for good: the server plays the seat to the end, as
    a seat out of time, and the game counts like any other
    (docs/tables.md#every-started-table-counts). A task plays it; the others at a table
    of several humans play on meanwhile."""
    found = _locked(player, public_id)
    if found is None:
        return None
    table, me = found
    if not table.is_playing or me.left_at is not None:
        return table
    me.left_at = timezone.now()
    me.waiting_since = None
    me.save(update_fields=["left_at", "waiting_since"])
    if table.lobby:  # one player fewer at the lobby's tables
        live.announce_lobby(table.kind)
    schedule_play_out(table)
    return table


def schedule_play_out(table: Table) -> None:
    """Once the transaction commits, a task plays the table on for its left seats; where
    tasks run in process (``make run``), that happens at once."""
    public_id = str(table.public_id)

    def send() -> None:
        if current_app.conf.task_always_eager:
            play_out(public_id)
        else:
            current_app.send_task("tables.play_out", (public_id,))

    transaction.on_commit(send)


@transaction.atomic
def play_out(public_id) -> bool:
    """Play the table on for its bots and its left seats, to its end when nobody else is
    left at it: whether anything was played."""
    table = _locked_playing(public_id)
    if table is None:
        return False
    rules = rules_for(table.kind)
    before = table.version
    _play_on(table, rules, states.state_at(table), _Moves(rules.seats, public=True))
    return table.version > before


@transaction.atomic
def finish_abandoned(now=None) -> int:
    """Leave every table nobody played at for ``TABLE_ABANDONED_HOURS`` to the server,
    which plays it to its end: how many (docs/tables.md#every-started-table-counts)."""
    now = now or timezone.now()
    cutoff = now - timedelta(hours=settings.TABLE_ABANDONED_HOURS)
    tables = list(Table.objects.abandoned(cutoff).select_for_update(skip_locked=True))
    for table in tables:
        Seat.objects.filter(table=table, bot_level="", left_at__isnull=True).update(left_at=now)
        schedule_play_out(table)
    return len(tables)


@transaction.atomic
def start_table(
    kind: str,
    options: dict,
    seats: list[Player | str],
    *,
    seed: int | None = None,
    names: dict[int, str] | None = None,
    toggled: dict[int, frozenset[toggles.Toggle]] | None = None,
    lobby: bool = False,
    rated: bool = False,
    timer: str = timers.DEFAULT_TIMER,
) -> Table:
    """A new table of ``kind``; ``seats`` in seat order, each a Player or a bot level
    (``names``: the names guests gave, by seat; ``toggled``: the humans' toggles, by
    seat; ``lobby``, ``rated``: seated by the lobby's quick match, rated as it ends;
    ``timer``: the turn timer a room's host chose).
    The bots play until a human must decide. Raises ValueError on bad options."""
    names = names or {}
    toggled = toggled or {}
    rules = rules_for(kind)
    if len(seats) != rules.seats:
        raise ValueError(f"{kind} is played by {rules.seats}")
    unknown = {who for who in seats if isinstance(who, str)} - set(rules.bot_levels)
    if unknown:
        raise ValueError(f"no {kind} bots of strength {', '.join(sorted(unknown))}")
    seed = new_seed() if seed is None else seed
    state = rules.start(options, seed)
    table = Table.objects.create(
        kind=kind, options=options, seed=seed, lobby=lobby, rated=rated, timer=timer
    )
    Seat.objects.bulk_create(
        Seat(table=table, index=index, bot_level=who)
        if isinstance(who, str)
        else Seat(
            table=table,
            index=index,
            **who.owner_fields(),
            name=names.get(index, ""),
            toggles=toggles.for_seat(toggled.get(index, ())),
        )
        for index, who in enumerate(seats)
    )
    table = Table.objects.with_seats().get(pk=table.pk)
    _play_on(table, rules, state, _Moves(rules.seats, new_hand=True))
    return table


class RematchError(ValueError):
    """A rematch that cannot be started; ``str()`` is the player's message."""


@transaction.atomic
def rematch(player: Player, public_id) -> Table | None:
    """The same humans at a new table of the finished one's kind, options and timer
    (docs/tables.md#rematch): each in the seat they had, a seat whose human left it
    taken by a bot. The first press starts it; every later press, anybody's, finds it:
    the finished table's row lock makes them wait, so nobody is seated twice. None where
    the player has no seat; RematchError where there can be no rematch."""
    found = _locked(player, public_id)
    if found is None:
        return None
    table, me = found
    if table.rematch_id is not None:
        return Table.objects.get(pk=table.rematch_id)
    seats = list(table.seats.all())
    if table.is_playing or not timers.is_timed(seats):
        raise RematchError(gettext("A rematch follows a finished game with friends."))
    if me.left_at is not None:
        raise RematchError(gettext("You left this table: the rematch is for those who stayed."))
    rules = rules_for(table.kind)
    level = next((seat.bot_level for seat in seats if seat.is_bot), rules.bot_levels[0])
    players: list[Player | str] = [
        level if seat.is_bot or seat.left_at is not None else _player_of(seat) for seat in seats
    ]
    new = start_table(
        table.kind,
        table.options,
        players,
        names={seat.index: seat.name for seat in seats if not seat.is_bot and seat.name},
        toggled={
            seat.index: toggles.clean(seat.user.table_toggles if seat.user_id else seat.toggles)
            for seat in seats
            if not seat.is_bot
        },
        timer=table.timer,
    )
    table.rematch = new
    table.save(update_fields=["rematch"])
    # The room's link leads to the table being played now.
    table.rooms.update(table=new, used_at=timezone.now())
    return new


def _player_of(seat: Seat) -> Player:
    return Player(seat.user) if seat.user_id else Player(guest_id=seat.guest_id)


def _locked_playing(public_id) -> Table | None:
    """The running table, locked, with its seats (None if there is none)."""
    return Table.objects.read(public_id, lock=True, playing=True)


def _locked(player: Player, public_id) -> tuple[Table, Seat] | None:
    """The player's table, locked, with its seats, in one statement; None where the
    player has no seat (the row was locked only for the transaction's one read)."""
    table = Table.objects.read(public_id, lock=True)
    seat = table.seat_of(player) if table is not None else None
    if seat is None:
        return None
    return table, seat


@transaction.atomic
def decide(
    player: Player, public_id, version: int | None, move: str, seen: int | None = None
) -> Outcome | None:
    """Apply the player's ``move`` (the action without the seat: ``"d:5D"``, ``"pon"``)
    to the table their page showed at ``version``. ``seen`` is the version the page had
    shown long enough to be seen when it was tapped (docs/tables.md#taps-that-cannot-misfire):
    a tile or button that arrived after it was never seen, and nothing is applied."""
    found = _locked(player, public_id)
    if found is None:
        return None
    table, me = found
    seat = me.index
    rules = rules_for(table.kind)
    state = states.state_at(table)
    if me.left_at is not None:
        return Outcome(table, seat, state, Kind.LEFT, since=table.version)
    if version != table.shown_version or not table.is_playing:
        return Outcome(table, seat, state, Kind.STALE, since=table.version)
    if seen is not None and seen < version:
        return Outcome(table, seat, state, Kind.UNSEEN, since=table.version)
    since = table.version
    clock = timers.clock(table.timer)
    if me in timers.overdue(rules, state, table.seats.all(), timezone.now(), clock):
        # A decision after its deadline does not count: the server's does.
        state = _decide_overdue(table, rules, state)
        return Outcome(table, seat, state, Kind.LATE, since=since)
    moves = _Moves(rules.seats)
    try:
        after = _apply(table, rules, state, f"{seat} {move}", moves)
    except ValueError as error:
        return Outcome(table, seat, state, Kind.REFUSED, since=table.version, message=str(error))
    timers.charge(me, rules, state, timezone.now(), clock)
    after = _play_on(table, rules, after, moves)
    return Outcome(table, seat, after, Kind.PLAYED, since=since)


@transaction.atomic
def play_overdue(public_id) -> bool:
    """Decide for every human seat of the table whose time is up, then play on as
    after any decision (docs/tables.md#turn-timers). Safe to call at any time from
    anywhere (a task at the deadline, a page's request): whether it played."""
    table = _locked_playing(public_id)
    if table is None or not timers.is_timed(table.seats.all()):
        return False
    before = table.version
    _decide_overdue(table, rules_for(table.kind), states.state_at(table))
    return table.version > before


def _decide_overdue(table: Table, rules: TableRules, state: State) -> State:
    """On the locked table: the server decides for each seat whose time is up, and
    plays on after each. A seat whose player has a page of the table open is slow, not
    gone: it is never made away (docs/tables.md#turn-timers)."""
    clock = timers.clock(table.timer)
    pages_open = presence.open_seats(table.public_id) or set()
    for _ in range(MAX_BOT_DECISIONS):
        due = timers.overdue(rules, state, table.seats.all(), timezone.now(), clock)
        if not due or not table.is_playing:
            break
        seat = due[0]
        moves = _Moves(rules.seats)
        text = rules.timeout_action(state, seat.index, table.seed, len(table.log))
        before, state = state, _apply(table, rules, state, text, moves)
        timers.time_out(seat, rules, before, seat.index in pages_open, clock)
        state = _play_on(table, rules, state, moves)
    return state


@transaction.atomic
def set_away(player: Player, public_id, away: bool) -> Table | None:
    """The player leaves their seat to the server (``away``) or comes back to it, at
    once, whatever the timers say (docs/tables.md#turn-timers)."""
    found = _locked(player, public_id)
    if found is None:
        return None
    table, me = found
    if not table.is_playing or not timers.is_timed(table.seats.all()) or me.left_at:
        return table  # a seat left for good is the server's to the end
    rules = rules_for(table.kind)
    me.timeouts = timers.clock(table.timer).away_after if away else 0
    me.waiting_since = None
    _play_on(table, rules, states.state_at(table), _Moves(rules.seats, public=True))
    return table


@transaction.atomic
def set_toggles(player: Player, public_id, chosen: frozenset[toggles.Toggle]) -> Table | None:
    """The player's seat takes ``chosen`` toggles, and the server plays what they decide
    at once, in this request (docs/tables.md#toggles)."""
    found = _locked(player, public_id)
    if found is None:
        return None
    table, me = found
    me.toggles = toggles.for_seat(chosen)
    me.save(update_fields=["toggles"])
    if table.is_playing and me.left_at is None:
        rules = rules_for(table.kind)
        _play_on(table, rules, states.state_at(table), _Moves(rules.seats))
    return table


def _toggled_move(
    rules: TableRules, state: State, waiting: set[int], toggled: dict, timed: bool
) -> str | None:
    """The first decision a waiting human's toggles take, as an action text."""
    for seat in sorted(waiting & set(toggled)):
        view = rules.view(state, seat)
        move = toggles.move_for(view, toggled[seat], timed) if view is not None else None
        if move is not None:
            return f"{seat} {move}"
    return None


def _play_on(table: Table, rules: TableRules, state: State, moves: _Moves) -> State:
    """Play the forced moves and the bots' turns, and those of away humans while
    anybody is at the table, until a human must decide or the game is over; then wind
    the clocks and store the log (docs/tables.md#the-bots-turns)."""
    seats = list(table.seats.all())
    bots = {seat.index: seat.bot_level for seat in seats if seat.is_bot}
    left = {seat.index for seat in seats if seat.left_at is not None}
    here = set(range(rules.seats)) - set(bots) - left  # the humans still at the table
    timed = timers.is_timed(seats)
    clock = timers.clock(table.timer)
    away = {seat.index for seat in seats if timed and timers.is_away(seat, clock)} - left
    # Away humans are played for while anybody is at the table (nothing is played for an
    # empty one: it waits); a seat left for good is played for to the end.
    stand_ins = (away if here - away else set()) | left
    # Once every seat of a table of humans alone is left, the weakest bots play them:
    # seats played as out of time never win, and a game that goes on after a draw
    # (Classic's East keeps the deal) would never end (docs/tables.md#every-started-table-counts).
    weakest = rules.bot_levels[0] if not bots and not here else None
    # The decisions the humans at the table left to the server (docs/tables.md#toggles).
    toggled = {
        seat.index: chosen
        for seat in seats
        if seat.index in here - away and (chosen := toggles.clean(seat.toggles))
    }
    for _ in range(MAX_BOT_DECISIONS):
        forced = rules.forced_action(state)
        if forced is not None:
            state = _apply(table, rules, state, forced, moves)
            continue
        waiting = rules.waiting_for(state)
        if rules.anyone_continues(state) and here:
            break
        ready = sorted(waiting & (set(bots) | stand_ins))
        if ready:
            seat = ready[0]
            if seat in bots:
                text = rules.bot_action(state, seat, bots[seat], table.seed, len(table.log))
            elif weakest is not None:
                text = rules.bot_action(state, seat, weakest, table.seed, len(table.log))
            else:
                text = rules.timeout_action(state, seat, table.seed, len(table.log))
        else:
            found = _toggled_move(rules, state, waiting, toggled, timed)
            if found is None:
                break
            text = found
        state = _apply(table, rules, state, text, moves)
    results = rules.results(state)
    fields = []
    if results is not None and table.is_playing:
        table.status = Table.Status.FINISHED
        table.finished_at = timezone.now()
        fields += ["status", "finished_at"]
    table.save_log(*fields)
    states.remember(table, state, table.version)
    if timed:
        timers.wind(seats, rules, state, moves.restarted, moves.new_hand, timezone.now(), clock)
        Seat.objects.bulk_update(
            [seat for seat in seats if not seat.is_bot], ["waiting_since", "bank", "timeouts"]
        )
        if moves.public:  # a pass that leaves the offer open tells the others nothing
            live.announce(table)
        timers.schedule(table, timers.deadlines(rules, state, seats, clock))
    if results is not None and "status" in fields:
        for seat in seats:
            result = results[seat.index]
            seat.place, seat.score, seat.points = result.place, result.score, result.points
            seat.save(update_fields=["place", "score", "points"])
        table_finished.send(Table, table=table, state=state)
    return state


def current_state(table: Table) -> State:
    return states.state_at(table)


def own_table(player: Player, public_id) -> tuple[Table, int] | None:
    """The player's table and seat index, unlocked, for a page that only shows it."""
    table = Table.objects.read(public_id)
    seat = table.seat_of(player) if table is not None else None
    if seat is None:
        return None
    return table, seat.index


def tables_of(player: Player, kind: str):
    """The player's tables of one game, latest first, with their seats."""
    return (
        Table.objects.of(player)
        .of_kind(kind)
        .prefetch_related("seats")
        .order_by("-updated_at", "-pk")
    )
