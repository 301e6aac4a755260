"""The lobby's quick match (docs/tables.md#lobby-and-rating): a player joins a game's
queue with one of its lobby choices; the match-maker seats a table's worth of players
of one choice at a new table together, and from an entry's ``bots_at`` on (the wait, or
at once when its player asks) bots of the lobby's strength fill the empty seats.

The queue is in the database, so it survives any process; the match-maker locks the
entries it seats with ``SELECT ... FOR UPDATE SKIP LOCKED``, so that two processes
running it at once never seat one entry twice: each seats only the entries it locked.
It runs from the beat (``tables.match_lobbies``) and from every waiting player's page.

Every change of a queue or of its counts is announced on the lobby's live stream
(``live.announce_lobby``): a waiting player's page learns at once that it was seated,
and every lobby page keeps its counts current.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from games.players import Player

from . import live, play
from .models import QueueEntry, Seat, Table
from .registry import TableRules, rules_for

NAME_LENGTH = 30


def bot_level(rules: TableRules) -> str:
    """The lobby's fixed bot strength (``LOBBY_BOT_LEVEL``, where the game has it)."""
    level = settings.LOBBY_BOT_LEVEL
    return level if level in rules.bot_levels else rules.bot_levels[len(rules.bot_levels) // 2]


def join(
    player: Player, kind: str, choice: str, options: dict, name: str = "", now=None
) -> QueueEntry:
    """The player waits for a quick match of ``kind`` with ``options`` (the lobby's
    ``choice``); an entry they had in this game's queue gives way. A player still
    seated at a running lobby table of the game is not queued again: the entry of
    that table is theirs, which takes them back to it. ValueError for options the game
    does not know."""
    rules = rules_for(kind)
    rules.start(options, 0)  # refuses options the game does not know
    now = now or timezone.now()
    try:
        with transaction.atomic():
            table = table_of(player, kind)
            entry = entry_of(player, kind)
            if table is not None and entry is not None and entry.table_id == table.pk:
                return entry
            player.owned(QueueEntry.objects.filter(kind=kind)).delete()
            QueueEntry.objects.create(
                kind=kind,
                choice=choice,
                options=table.options if table is not None else options,
                name=" ".join(name.split())[:NAME_LENGTH],
                joined_at=now,
                bots_at=now + timedelta(seconds=settings.LOBBY_WAIT_SECONDS),
                table=table,  # the entry of a table the beat forgot
                **player.owner_fields(),
            )
    except IntegrityError:  # the same player joined at the same moment: one entry stays
        pass
    live.announce_lobby(kind)
    match(kind, now)
    return player.owned(QueueEntry.objects.filter(kind=kind)).select_related("table").get()


def entry_of(player: Player, kind: str) -> QueueEntry | None:
    """The player's entry in the game's queue, waiting or seated."""
    return player.owned(QueueEntry.objects.filter(kind=kind)).select_related("table").first()


def table_of(player: Player, kind: str) -> Table | None:
    """The running lobby table of the game at which the player still plays (a seat not
    left), if any: one at a time, so that joining again cannot open another."""
    return (
        Table.objects.played_by(player)
        .of_kind(kind)
        .playing()
        .filter(lobby=True)
        .order_by("-pk")
        .first()
    )


def leave(player: Player, kind: str) -> bool:
    """The player stops waiting (one tap): whether they were waiting. An entry seated
    already stays: its player has a table."""
    deleted, _ = player.owned(QueueEntry.objects.filter(kind=kind, table__isnull=True)).delete()
    if deleted:
        live.announce_lobby(kind)
    return bool(deleted)


def with_bots_now(player: Player, kind: str, now=None) -> Table | None:
    """The player starts at once: bots fill the seats nobody of their choice takes now.
    The table they were seated at, if any."""
    now = now or timezone.now()
    player.owned(QueueEntry.objects.filter(kind=kind, table__isnull=True)).update(bots_at=now)
    match(kind, now)
    entry = entry_of(player, kind)
    return entry.table if entry is not None else None


def _group_key(entry: QueueEntry) -> tuple[str, str]:
    return entry.choice, json.dumps(entry.options, sort_keys=True)


@transaction.atomic
def match(kind: str, now: datetime | None = None) -> list[Table]:
    """Seat whoever can be seated now: every table's worth of waiting entries of one
    choice, longest waiting first, and the rest of a choice with bots once any of them
    has reached its ``bots_at``. Entries another process holds are skipped. The new
    tables."""
    rules = rules_for(kind)
    now = now or timezone.now()
    _one_match_maker_at_a_time(kind)
    waiting = (
        QueueEntry.objects.filter(kind=kind, table__isnull=True)
        .select_for_update(skip_locked=True, of=("self",))
        .select_related("user")
        .order_by("joined_at", "pk")
    )
    groups: dict[tuple[str, str], list[QueueEntry]] = defaultdict(list)
    for entry in waiting:
        groups[_group_key(entry)].append(entry)
    tables = []
    for group in groups.values():
        while len(group) >= rules.seats:
            tables.append(_seat(rules, group[: rules.seats]))
            group = group[rules.seats :]
        if group and any(entry.bots_at <= now for entry in group):
            tables.append(_seat(rules, group))
    if tables:  # once committed: the seated players' pages go to their tables
        live.announce_lobby(kind)
    return tables


def _one_match_maker_at_a_time(kind: str) -> None:
    """Match-makers of one game take turns, each seeing every entry committed before its
    turn: two at once each held part of the queue, and two players left over past their
    wait went to two tables of bots instead of one together (docs/tables.md#lobby-and-rating).
    The lock is PostgreSQL's, released with the transaction; SQLite runs one writer."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_advisory_xact_lock(%s)", [zlib.crc32(f"lobby:{kind}".encode())]
            )


def _seat(rules: TableRules, entries: list[QueueEntry]) -> Table:
    """A new table of the entries' players in seats drawn by its seed, bots of the
    lobby's strength in the rest; rated when at least two of them are accounts."""
    # A player seated alone with bots is at a table the boards count: the limit on
    # such tables holds as in practice (play.leave_oldest).
    left = play.leave_oldest(entries[0].player, rules.key) if len(entries) == 1 else []
    seed = play.new_seed()
    order = list(range(rules.seats))
    random.Random(seed).shuffle(order)
    seats: list[Player | str] = [bot_level(rules)] * rules.seats
    names = {}
    for entry, index in zip(entries, order, strict=False):
        seats[index] = entry.player
        if entry.user_id is None:
            names[index] = entry.name
    accounts = sum(1 for entry in entries if entry.user_id is not None)
    table = play.start_table(
        rules.key,
        entries[0].options,
        seats,
        seed=seed,
        names=names,
        lobby=True,
        rated=accounts >= 2,
    )
    QueueEntry.objects.filter(pk__in=[entry.pk for entry in entries]).update(table=table)
    if left:
        QueueEntry.objects.filter(pk=entries[0].pk).update(left_oldest=len(left))
    return table


def match_all() -> int:
    """The beat's run over every game with a queue: how many tables it seated."""
    kinds = QueueEntry.objects.filter(table__isnull=True).values_list("kind", flat=True)
    return sum(len(match(kind)) for kind in set(kinds))


def announce_finished(sender, table: Table, **signal) -> None:
    """``table_finished``: a lobby table's end changes its lobby's count of players."""
    if table.lobby:
        live.announce_lobby(table.kind)


def forget_seated(before: datetime) -> int:
    """Drop seated entries older than ``before`` (their players found their tables
    from their own lists): how many."""
    deleted, _ = QueueEntry.objects.filter(table__isnull=False, joined_at__lt=before).delete()
    return deleted


@dataclass(frozen=True)
class Counts:
    waiting: int
    playing: int


def counts(kind: str) -> Counts:
    """Players waiting in the game's queue and playing at its running lobby tables."""
    waiting = QueueEntry.objects.filter(kind=kind, table__isnull=True).count()
    playing = Seat.objects.filter(
        table__kind=kind,
        table__lobby=True,
        table__status=Table.Status.PLAYING,
        bot_level="",
        left_at__isnull=True,
    ).count()
    return Counts(waiting, playing)
