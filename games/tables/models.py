"""Stored tables: a game kind with its options and seed, the whole event log, and the
seats (docs/tables.md#what-a-table-stores).

The log is the truth: every state of a table follows from its kind, options, seed and
log, so the log is all that is stored of the game (docs/tables.md#the-event-log).
"""

from __future__ import annotations

import json
import uuid

from django.conf import settings
from django.db import connection, models
from django.db.models import Count, Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.owners import IS_NOBODY, IS_SOMEBODY, Owned
from games.players import Player

from .engine.actions import is_answer, shown_count, shown_weights
from .states import state_at


class TableQuerySet(models.QuerySet):
    def of(self, player: Player) -> TableQuerySet:
        """The tables at which the player has a seat."""
        seats = player.owned(Seat.objects.filter(table=OuterRef("pk")))
        return self.filter(Exists(seats))

    def with_seats(self) -> TableQuerySet:
        """Each table with its seats (and their accounts) in one more query."""
        return self.prefetch_related(
            models.Prefetch("seats", queryset=Seat.objects.select_related("user"))
        )

    def of_kind(self, kind: str) -> TableQuerySet:
        return self.filter(kind=kind)

    def playing(self) -> TableQuerySet:
        return self.filter(status=Table.Status.PLAYING)

    def finished(self) -> TableQuerySet:
        return self.filter(status=Table.Status.FINISHED)

    def played_by(self, player: Player) -> TableQuerySet:
        """The tables at which the player holds a seat and left none of theirs."""
        left = player.owned(Seat.objects.filter(table=OuterRef("pk"), left_at__isnull=False))
        return self.of(player).exclude(Exists(left))

    def abandoned(self, before) -> TableQuerySet:
        """Running tables nobody played at since ``before``."""
        return self.playing().filter(updated_at__lt=before)

    def of_one_human(self) -> TableQuerySet:
        """Tables of one human against bots: those the boards count, and those no turn
        timer moves on (docs/tables.md#every-started-table-counts)."""
        return self.annotate(humans=Count("seats", filter=Q(seats__bot_level=""))).filter(humans=1)

    def against_bots(self, level: str) -> TableQuerySet:
        """Tables of one human against bots that all play at ``level``."""
        return (
            self.of_one_human()
            .annotate(other_bots=Count("seats", filter=~Q(seats__bot_level__in=["", level])))
            .filter(other_bots=0)
        )


class TableManager(models.Manager.from_queryset(TableQuerySet)):
    def read(self, public_id, *, lock: bool = False, playing: bool = False) -> Table | None:
        """The table with its seats and their accounts in one statement, one round trip
        (docs/tables.md#a-decision-end-to-end): ``lock`` takes the table's row lock,
        ``playing`` only a running table. Whose table it is the caller checks with
        ``seat_of``, among the seats it has anyway. Raises ValueError for an id that is
        no UUID."""
        public_id = public_id if isinstance(public_id, uuid.UUID) else uuid.UUID(str(public_id))
        if connection.vendor != "postgresql":  # make run's SQLite: the ORM's two queries
            found = self.filter(public_id=public_id)
            found = found.playing() if playing else found
            found = found.select_for_update(of=("self",)) if lock else found
            return found.with_seats().first()
        sql, params = _read_sql(lock, playing), [public_id]
        if playing:
            params.append(Table.Status.PLAYING)
        table = next(iter(self.raw(sql, params)), None)
        if table is not None:
            _attach_seats(table, table.seat_rows)
            del table.seat_rows
        return table


_READ_SQL: dict[tuple[bool, bool], str] = {}


def _read_sql(lock: bool, playing: bool) -> str:
    """The table's row, and its seats (each with its account) as one JSON array."""
    if (lock, playing) not in _READ_SQL:
        tables, seats = Table._meta.db_table, Seat._meta.db_table
        users = Seat._meta.get_field("user").related_model._meta.db_table
        _READ_SQL[lock, playing] = (
            f"SELECT t.*, (SELECT COALESCE(jsonb_agg(jsonb_build_array(to_jsonb(s), "
            f'to_jsonb(u)) ORDER BY s."index"), \'[]\') FROM "{seats}" s '
            f'LEFT JOIN "{users}" u ON u."id" = s."user_id" WHERE s."table_id" = t."id") '
            f'AS seat_rows FROM "{tables}" t WHERE t."public_id" = %s'
            + (' AND t."status" = %s' if playing else "")
            + (" FOR UPDATE OF t" if lock else "")
        )
    return _READ_SQL[lock, playing]


_APPEND_SQL: dict[tuple[bool, tuple[str, ...]], str] = {}


def _append_sql(appending: bool, columns: tuple[str, ...]) -> str:
    """The UPDATE that appends to a table's log (``appending``) and sets ``columns``,
    where its stored log has the length read."""
    if (appending, columns) not in _APPEND_SQL:
        sets = ['"log" = "log" || %s::jsonb'] if appending else []
        sets += [f'"{column}" = %s' for column in columns]
        _APPEND_SQL[appending, columns] = (
            f'UPDATE "{Table._meta.db_table}" SET {", ".join(sets)} '
            'WHERE "id" = %s AND jsonb_array_length("log") = %s'
        )
    return _APPEND_SQL[appending, columns]


def _from_json(model: type[models.Model], row: dict) -> models.Model:
    """A model instance from its row as PostgreSQL's ``to_jsonb`` gives it."""
    fields = model._meta.concrete_fields
    values = [field.to_python(row[field.column]) for field in fields]
    return model.from_db(connection.alias, [field.attname for field in fields], values)


def _attach_seats(table: Table, rows) -> None:
    """The seats as if prefetched: ``table.seats.all()`` answers from them."""
    User = Seat._meta.get_field("user").related_model
    seats = []
    for seat_row, user_row in json.loads(rows) if isinstance(rows, str) else rows:
        seat = _from_json(Seat, seat_row)
        seat.table = table
        seat.user = _from_json(User, user_row) if user_row is not None else None
        seats.append(seat)
    found = table.seats.all()  # the related queryset, filled as prefetch_related fills it
    found._result_cache, found._prefetch_done = seats, True
    table._prefetched_objects_cache = {"seats": found}


class Table(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("running")
        FINISHED = "finished", _("finished")

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    kind = models.CharField(max_length=20)  # a key of the registry: "sanma"
    options = models.JSONField(default=dict)
    seed = models.PositiveBigIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # The decisions so far, as the engine's action texts ("0 d:5Dr", "1 pon"), in order.
    log = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # Seated by the lobby's quick match; rated when at least two accounts sat down
    # (docs/tables.md#lobby-and-rating).
    lobby = models.BooleanField(default=False)
    rated = models.BooleanField(default=False)
    # The turn timer its room's host chose, a key of ``timers.TIMERS``
    # (docs/tables.md#turn-timers); every other table has the site's.
    timer = models.CharField(max_length=20, default="standard")
    # The table of the same humans started from this one's result (docs/tables.md#rematch).
    rematch = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_of"
    )

    objects = TableManager()

    class Meta:
        indexes = [models.Index(fields=["kind", "status", "-updated_at"])]

    def __str__(self) -> str:
        return f"{self.kind} {self.public_id}"

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        table = super().from_db(db, field_names, values, **kwargs)
        if "log" in table.__dict__:  # how much of the log is stored: the rest is new
            table._stored_length = len(table.log)
        return table

    def refresh_from_db(self, using=None, fields=None, from_queryset=None) -> None:
        super().refresh_from_db(using, fields, from_queryset)
        if "log" in self.__dict__:
            self._stored_length = len(self.log)

    def save_log(self, *fields: str) -> None:
        """Store the decisions taken since the table was read, and ``fields``, in one
        UPDATE that appends them to the stored log instead of rewriting it, so that a
        decision costs the same late in a long game as early
        (docs/tables.md#the-event-log). The caller holds the row's lock; a stored log of
        another length than the one read is an error, and nothing is written."""
        stored = getattr(self, "_stored_length", None)
        self.updated_at = timezone.now()
        if stored is None or connection.vendor != "postgresql":  # a new table; SQLite
            self.save(update_fields=["log", "updated_at", *fields])
        else:
            added = self.log[stored:]
            columns = [self._meta.get_field(name) for name in ("updated_at", *fields)]
            params = [
                field.get_db_prep_save(getattr(self, field.attname), connection)
                for field in columns
            ]
            with connection.cursor() as cursor:
                cursor.execute(
                    _append_sql(bool(added), tuple(field.column for field in columns)),
                    ([json.dumps(added)] if added else []) + params + [self.pk, stored],
                )
                if cursor.rowcount != 1:
                    raise RuntimeError(f"table {self.pk}: its stored log is not the one read")
        self._stored_length = len(self.log)

    @property
    def version(self) -> int:
        """The event log's length: the machinery's count of decisions."""
        return len(self.log)

    @property
    def shown_version(self) -> int:
        """The version every page shows and posts: it moves with the decisions every
        seat learns of, never with a pass alone (docs/tables.md#stale-pages)."""
        return shown_count(self.log, self.answering_now())

    def shown_version_at(self, index: int) -> int:
        """The version the table showed when its log was ``index`` long."""
        if index >= len(self.log):
            return self.shown_version
        return shown_count(self.log[:index], is_answer(self.log[index]))

    def answering_now(self) -> bool:
        """Whether seats answer an offer now: known once the table's state was made."""
        known = getattr(self, "_answering", None)
        if known is None or known[0] != len(self.log):
            state_at(self)
            known = self._answering
        return known[1]

    def note_answering(self, answering: bool) -> None:
        """Remember whether seats answer an offer after the whole log, as its state says."""
        self._answering = (len(self.log), answering)

    def log_index(self, shown: int) -> int:
        """The log's length when the table first showed version ``shown`` (0 for a
        number out of range below, the whole log above)."""
        if shown <= 0:
            return 0
        count = 0
        for index, weight in enumerate(shown_weights(self.log, self.answering_now())):
            count += weight
            if count >= shown:
                return index + 1
        return len(self.log)

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    def seat_of(self, player: Player) -> Seat | None:
        """The player's seat here (the first, should a player hold several)."""
        return next((seat for seat in self.seats.all() if player.holds(seat)), None)


class Seat(Owned):
    """A seat at a table: a human (an account, or a guest) or a bot of a level (then
    owned by nobody)."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()  # 0 deals first
    bot_level = models.CharField(max_length=20, blank=True)  # "" for a human
    name = models.CharField(max_length=30, blank=True)  # a guest's name, given in a room
    # Turn timers, at a table of several humans (docs/tables.md#turn-timers): since when
    # the table waits for this seat's decision, the seconds of its bank left in this
    # hand, and how many decisions in a row the server took for it.
    waiting_since = models.DateTimeField(null=True, blank=True)
    bank = models.FloatField(default=0)
    timeouts = models.PositiveSmallIntegerField(default=0)
    # When its human left the table for good: the server plays the seat to the end
    # (docs/tables.md#every-started-table-counts).
    left_at = models.DateTimeField(null=True, blank=True)
    # The decisions its human leaves to the server, by name (docs/tables.md#toggles).
    toggles = models.JSONField(default=list, blank=True)
    # The seat's standing when the game is over.
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    points = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["table", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="one_seat_per_index"),
            models.CheckConstraint(
                condition=(Q(bot_level="") & IS_SOMEBODY) | (~Q(bot_level="") & IS_NOBODY),
                name="a_seat_is_a_human_or_a_bot",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table_id}:{self.index}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)


class TableRecord(models.Model):
    """What a finished table adds to a seat, for the players' stats: the counts every
    table game keeps (docs/tables.md#finishing-a-table); each game's record adds its own
    (``GameKind.record_model``)."""

    seat = models.OneToOneField(
        Seat, on_delete=models.CASCADE, related_name="%(app_label)s_record"
    )
    hands = models.PositiveSmallIntegerField()  # hands played (each game says which count)
    wins = models.PositiveSmallIntegerField()
    deal_ins = models.PositiveSmallIntegerField()  # hands this seat's discard won
    win_points = models.PositiveIntegerField()  # the won hands' values

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{self.seat}: {self.wins}/{self.hands}"


class RoomQuerySet(models.QuerySet):
    def unused_since(self, cutoff) -> RoomQuerySet:
        """Rooms nobody used since ``cutoff``: neither in the room nor at its table
        (docs/tables.md#rooms)."""
        return self.filter(used_at__lt=cutoff).exclude(table__updated_at__gte=cutoff)


class Room(models.Model):
    """A private room (docs/tables.md#rooms): players gather under a short code, the
    host seats them and starts a table of ``kind``; bots of ``bot_level`` take the
    empty seats."""

    code = models.CharField(max_length=6, unique=True)
    kind = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    bot_level = models.CharField(max_length=20)
    timer = models.CharField(max_length=20, default="standard")  # a key of timers.TIMERS
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="rooms"
    )
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(default=timezone.now)  # the room's last change

    objects = RoomQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.kind} room {self.code}"

    @property
    def is_started(self) -> bool:
        return self.table_id is not None


class RoomSeat(Owned):
    """A player sitting in a room before its table starts; the host is one of them."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="members")
    index = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=30, blank=True)  # a guest's name
    # The member's toggles when they sat down, for their seat at the table
    # (docs/tables.md#toggles): a guest's live in the session the host's request lacks.
    toggles = models.JSONField(default=list, blank=True)
    is_host = models.BooleanField(default=False)

    class Meta:
        ordering = ["room", "index"]
        constraints = [
            models.UniqueConstraint(fields=["room", "index"], name="one_member_per_index"),
            models.UniqueConstraint(
                fields=["room", "user"],
                condition=Q(user__isnull=False),
                name="an_account_sits_once",
            ),
            models.UniqueConstraint(
                fields=["room", "guest_id"], condition=~Q(guest_id=""), name="a_guest_sits_once"
            ),
            models.CheckConstraint(condition=IS_SOMEBODY, name="a_member_is_somebody"),
        ]

    def __str__(self) -> str:
        return f"{self.room_id}:{self.index}"

    @property
    def player(self) -> Player:
        return Player(self.user) if self.user_id else Player(guest_id=self.guest_id)


class RoomRemoval(Owned):
    """A player the host took out of a room before its start: they may not sit down in
    it again (docs/tables.md#rooms). Goes with the room."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="removals")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["room", "user"],
                condition=Q(user__isnull=False),
                name="an_account_is_removed_once",
            ),
            models.UniqueConstraint(
                fields=["room", "guest_id"],
                condition=~Q(guest_id=""),
                name="a_guest_is_removed_once",
            ),
            models.CheckConstraint(condition=IS_SOMEBODY, name="a_removal_is_of_somebody"),
        ]

    def __str__(self) -> str:
        return f"{self.room_id}: removed {self.user_id or self.guest_id}"


class QueueEntry(Owned):
    """A player waiting in a game's lobby for a quick match with ``options`` (one of the
    lobby's choices, ``choice``): one entry per player and game, so that nobody waits
    twice. The match-maker seats whole tables of entries of one choice, or bots beside
    them from ``bots_at`` on; a seated entry keeps its ``table`` until the player's
    lobby page has taken them there (docs/tables.md#lobby-and-rating)."""

    kind = models.CharField(max_length=20)
    choice = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    name = models.CharField(max_length=30, blank=True)  # a guest's name
    joined_at = models.DateTimeField(default=timezone.now)
    bots_at = models.DateTimeField()  # from then on, bots fill the empty seats
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.CASCADE, related_name="queue_entries"
    )
    # How many of the player's oldest tables against bots its seating left, for the
    # lobby to say so once (docs/tables.md#every-started-table-counts).
    left_oldest = models.PositiveSmallIntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["kind", "table", "joined_at"])]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "user"],
                condition=Q(user__isnull=False),
                name="an_account_queues_once_per_game",
            ),
            models.UniqueConstraint(
                fields=["kind", "guest_id"],
                condition=~Q(guest_id=""),
                name="a_guest_queues_once_per_game",
            ),
            models.CheckConstraint(condition=IS_SOMEBODY, name="a_queue_entry_is_somebody"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.choice}: {self.user_id or self.guest_id}"

    @property
    def player(self) -> Player:
        return Player(self.user) if self.user_id else Player(guest_id=self.guest_id)


class Rating(models.Model):
    """An account's rating in one table game (docs/tables.md#lobby-and-rating): the
    Weng–Lin estimate of its skill, ``mu`` ± ``sigma``, and the rated tables it comes
    from."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_ratings"
    )
    kind = models.CharField(max_length=20)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="one_rating_per_game")
        ]
        indexes = [models.Index(fields=["kind", "games"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind}: {self.mu:.1f}±{self.sigma:.1f}"

    @property
    def value(self) -> float:
        """What the site shows: the estimate less three deviations (openskill's
        ordinal), which only climbs as the player proves their skill."""
        return self.mu - 3 * self.sigma
