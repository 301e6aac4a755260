"""Stored layouts, games and their move logs (S1)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class LayoutQuerySet(models.QuerySet):
    def active(self) -> LayoutQuerySet:
        return self.filter(active=True)


class Layout(models.Model):
    """A board shape: positions (x, y, z) on the half-tile grid (L1)."""

    letter = models.CharField(_("letter"), max_length=1, unique=True)
    name = models.CharField(_("name"), max_length=60)
    name_de = models.CharField(_("German name"), max_length=60, blank=True)
    positions = models.JSONField(_("positions"), help_text=_("A list of [x, y, z]."))
    active = models.BooleanField(_("active"), default=True)
    builtin = models.BooleanField(default=False, editable=False)
    wide = models.BooleanField(
        _("wide"),
        default=False,
        editable=False,
        help_text=_("Wider than 12 half cells: shows small on an upright phone."),
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
    )

    objects = LayoutQuerySet.as_manager()

    class Meta:
        ordering = ["letter"]

    def __str__(self) -> str:
        return f"{self.letter} {self.name}"

    def position_tuples(self) -> tuple[tuple[int, int, int], ...]:
        return tuple((x, y, z) for x, y, z in self.positions)


class GameQuerySet(models.QuerySet):
    def owned_by(self, user, guest_id: str | None) -> GameQuerySet:
        """Games of this account, or of this guest session when nobody is logged in."""
        if user is not None and user.is_authenticated:
            return self.filter(user=user)
        if guest_id:
            return self.filter(user__isnull=True, guest_id=guest_id)
        return self.none()

    def playing(self) -> GameQuerySet:
        return self.filter(status=Game.Status.PLAYING)

    def untouched_guest_deals(self, older_than) -> GameQuerySet:
        """Guests' deals nobody ever moved on, dealt before ``older_than``."""
        return self.filter(
            user__isnull=True, version=0, hints=0, created_at__lt=older_than
        ).exclude(status=Game.Status.WON)

    def won(self) -> GameQuerySet:
        return self.filter(status=Game.Status.WON)


class Game(models.Model):
    """One deal being played by one owner: an account, or a guest's session (A2).

    The board is stored as faces (a tile code per position, as on the board now) and
    `occupied`, the engine's bitmask of positions still on the board, in hex. The
    positions are a copy of the layout's at the time of the deal, so that editing or
    retiring a layout never breaks a stored game.
    """

    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        WON = "won", _("won")
        ABANDONED = "abandoned", _("abandoned")

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    code = models.CharField(max_length=12, db_index=True)
    seed = models.PositiveIntegerField()
    layout = models.ForeignKey(Layout, on_delete=models.PROTECT, related_name="games")
    positions = models.JSONField()
    initial_faces = models.JSONField()
    faces = models.JSONField()
    occupied = models.CharField(max_length=40)
    selected = models.SmallIntegerField(null=True, blank=True)

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    guest_id = models.CharField(max_length=36, blank=True, db_index=True)
    daily_date = models.DateField(null=True, blank=True, db_index=True)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # Bumped by every change of the board (removal, shuffle, undo), so it is also the
    # length of the move log: a tap carries the version its page showed, and a stale one
    # gets the current board (S3).
    version = models.PositiveIntegerField(default=0)
    moves = models.PositiveIntegerField(default=0)  # removals and shuffles in effect now
    hints = models.PositiveIntegerField(default=0)
    undos = models.PositiveIntegerField(default=0)
    shuffles = models.PositiveIntegerField(default=0)

    created_at = models.DateTimeField(default=timezone.now)
    started_at = models.DateTimeField(default=timezone.now)
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_seconds = models.FloatField(default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    elapsed_seconds = models.FloatField(null=True, blank=True)  # set on a verified win
    verified = models.BooleanField(default=False)

    objects = GameQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["user", "status", "-created_at"]),
            models.Index(fields=["guest_id", "status", "-created_at"]),
            models.Index(fields=["layout", "status", "verified", "elapsed_seconds"]),
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.status})"

    @property
    def occupied_mask(self) -> int:
        return int(self.occupied, 16)

    @occupied_mask.setter
    def occupied_mask(self, mask: int) -> None:
        self.occupied = format(mask, "x")

    @property
    def no_help(self) -> bool:
        """ "Ohne Hilfe": won with no hint, undo or shuffle (P11)."""
        return self.hints == 0 and self.undos == 0 and self.shuffles == 0

    def clock_seconds(self, now=None) -> float:
        """Seconds played, measured by the server with paused time left out (P10)."""
        end = self.finished_at or self.paused_at or now or timezone.now()
        return max(0.0, (end - self.started_at).total_seconds() - self.paused_seconds)


class Move(models.Model):
    """One entry of a game's move log (S1, S4), replayed to verify a win (B3)."""

    class Kind(models.TextChoices):
        REMOVE = "remove"
        SHUFFLE = "shuffle"
        UNDO = "undo"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log")
    number = models.PositiveIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices)
    first = models.SmallIntegerField(null=True, blank=True)  # positions of a removal
    second = models.SmallIntegerField(null=True, blank=True)
    faces = models.JSONField(null=True, blank=True)  # the faces after a shuffle
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_move_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.number} {self.kind}"


class DailyPuzzle(models.Model):
    """The puzzle of one calendar day (Y1), dealt and verified ahead of time (Y2)."""

    class Status(models.TextChoices):
        VERIFIED = "verified", _("verified")
        FAILED = "failed", _("failed")
        UNDECIDED = "undecided", _("undecided")

    date = models.DateField(unique=True)
    code = models.CharField(max_length=12)
    status = models.CharField(max_length=10, choices=Status.choices)
    solution = models.JSONField(default=list, blank=True)  # one removal order, from the solver
    solver_seconds = models.FloatField(default=0)
    solver_nodes = models.PositiveIntegerField(default=0)
    free_at_start = models.PositiveSmallIntegerField(default=0)
    greedy_win_share = models.FloatField(default=0)  # of random greedy playouts that win
    computed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["date"]

    def __str__(self) -> str:
        return f"{self.date} {self.code} ({self.status})"
