"""Stored layouts, games and their move logs, and the daily puzzles.

The rules that decide which games count for what live here, once each, as queryset
methods beside the Python test of the same rule: a verified win, a win with no help,
a deal nobody touched (docs/solitaire.md#winning-and-ohne-hilfe).
"""

from __future__ import annotations

import functools
import uuid
from datetime import date

from django.conf import settings
from django.db import models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games.owners import Owned
from games.players import Player

from . import engine
from .pace import Implausible

FIRST_LAYOUT = "a"  # Pavillon: what a new visitor gets (docs/solitaire.md#the-built-in-layouts)


class LayoutQuerySet(models.QuerySet):
    def active(self) -> LayoutQuerySet:
        return self.filter(active=True)

    def first_for_newcomers(self) -> Layout | None:
        """Pavillon, or the first layout offered while Pavillon is retired."""
        offered = self.active()
        return offered.filter(letter=FIRST_LAYOUT).first() or offered.first()


class Layout(models.Model):
    """A board shape: positions (x, y, z) on the half-tile grid (docs/solitaire.md#coordinates)."""

    letter = models.CharField(_("letter"), max_length=1, unique=True)
    name = models.CharField(_("name"), max_length=60)
    name_de = models.CharField(_("German name"), max_length=60, blank=True)
    name_fi = models.CharField(_("Finnish name"), max_length=60, blank=True)
    name_da = models.CharField(_("Danish name"), max_length=60, blank=True)
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

    @property
    def display_name(self) -> str:
        """The name in the active language, where the layout has one in it."""
        language = (get_language() or "en")[:2]
        return getattr(self, f"name_{language}", "") or self.name


# Help a player can take; a win without any is "Ohne Hilfe".
HELP_COUNTERS = ("hints", "undos", "shuffles")
NO_HELP = Q(**{counter: 0 for counter in HELP_COUNTERS})
# A deal is touched by any move (removal, shuffle, undo...: each bumps the version) or
# hint; an untouched one was only dealt, e.g. unasked by the start page.
UNTOUCHED = Q(version=0, hints=0)


class GameQuerySet(models.QuerySet):
    def of(self, player: Player) -> GameQuerySet:
        return player.owned(self)

    def playing(self) -> GameQuerySet:
        return self.filter(status=Game.Status.PLAYING)

    def won(self) -> GameQuerySet:
        return self.filter(status=Game.Status.WON)

    def verified_wins(self) -> GameQuerySet:
        """Wins whose move log the server replayed from the deal to the empty board."""
        return self.filter(VERIFIED_WIN)

    def ranked(self) -> GameQuerySet:
        """Verified wins at a human's pace, or cleared by an admin."""
        return self.filter(RANKED)

    def no_help(self) -> GameQuerySet:
        return self.filter(NO_HELP)

    def started(self) -> GameQuerySet:
        """Deals the player did something with; a deal passed over is not a game."""
        return self.exclude(UNTOUCHED)

    def untouched(self) -> GameQuerySet:
        return self.filter(UNTOUCHED)

    def deal(
        self,
        player: Player,
        layout: Layout,
        seed: int | None = None,
        daily_date: date | None = None,
        *,
        replaces_current: bool = False,
    ) -> Game:
        """Deal a new game for the player, who plays it from now on.

        Their untouched deals are dropped. A game in progress is given up only when the
        player asked for a new game (``replaces_current``); following a link (a shared
        code, the daily puzzle) leaves it resumable (docs/solitaire.md#sharing-a-game).
        """
        seed = engine.random_seed() if seed is None else seed
        geometry = engine.geometry_for(layout.positions)
        faces = list(engine.deal(geometry, seed))
        with transaction.atomic():
            left_behind = self.of(player).playing()
            if not replaces_current:
                left_behind = left_behind.untouched()
            left_behind.update(status=Game.Status.ABANDONED)
            game = Game.laid_out(player, layout, seed, faces, daily_date=daily_date)
            game.save(force_insert=True)
            return game

    def untouched_guest_deals(self, older_than) -> GameQuerySet:
        """Guests' deals nobody ever moved on, dealt before ``older_than``."""
        return self.untouched().filter(user__isnull=True, created_at__lt=older_than)


class Game(Owned):
    """One deal being played by one owner: an account, or a guest's session.

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

    daily_date = models.DateField(null=True, blank=True, db_index=True)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PLAYING)
    # Bumped by every change of the board (removal, shuffle, undo, redo, restart), so it
    # is also the length of the move log: a tap carries the version its page showed, and
    # a stale one gets the current board (docs/site.md#stale-pages).
    version = models.PositiveIntegerField(default=0)
    moves = models.PositiveIntegerField(default=0)  # removals and shuffles in effect now
    # Moves taken back that Redo can bring again; a new removal or shuffle forgets them
    # (docs/solitaire.md#redo-and-restart).
    redoable = models.PositiveIntegerField(default=0)
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
    # Why a verified win is too fast for a human to rank (docs/site.md#plausible-wins),
    # judged once when it is won; an admin may rank it all the same (cleared_*).
    implausible = models.CharField(max_length=16, blank=True, choices=Implausible.choices)
    cleared_at = models.DateTimeField(null=True, blank=True)
    cleared_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
    )
    nudges = models.PositiveSmallIntegerField(default=0)  # gentle help given (at most two)

    objects = GameQuerySet.as_manager()

    class Meta:
        indexes = [
            models.Index(fields=["user", "status", "-created_at"]),
            models.Index(fields=["guest_id", "status", "-created_at"]),
            models.Index(fields=["layout", "status", "verified", "elapsed_seconds"]),
        ]
        constraints = [
            # One daily game per player and day, however many tabs open it at once
            # (docs/solitaire.md#opening-the-daily-puzzle).
            models.UniqueConstraint(
                fields=["user", "daily_date"],
                condition=Q(user__isnull=False, daily_date__isnull=False),
                name="one_daily_game_per_account_and_day",
            ),
            models.UniqueConstraint(
                fields=["guest_id", "daily_date"],
                condition=Q(user__isnull=True, daily_date__isnull=False),
                name="one_daily_game_per_guest_and_day",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.status})"

    @classmethod
    def laid_out(
        cls,
        player: Player,
        layout: Layout,
        seed: int,
        faces: list[str],
        daily_date: date | None = None,
    ) -> Game:
        """An unsaved game of the player with these faces on the layout's positions, all
        of them still on the board."""
        positions = layout.positions
        return cls(
            code=str(engine.GameCode(seed, layout.letter)),
            seed=seed,
            layout=layout,
            positions=positions,
            initial_faces=list(faces),
            faces=list(faces),
            occupied=format((1 << len(positions)) - 1, "x"),
            daily_date=daily_date,
            **player.owner_fields(),
        )

    @functools.cached_property
    def geometry(self) -> engine.Geometry:
        """The free rule's view of the positions, shared by every game of the same ones."""
        return engine.geometry_for(self.positions)

    @property
    def occupied_mask(self) -> int:
        return int(self.occupied, 16)

    @occupied_mask.setter
    def occupied_mask(self, mask: int) -> None:
        self.occupied = format(mask, "x")

    @property
    def no_help(self) -> bool:
        """No hint, undo or shuffle taken (the same rule as ``NO_HELP``)."""
        return not any(getattr(self, counter) for counter in HELP_COUNTERS)

    @property
    def is_verified_win(self) -> bool:
        """The same rule as ``VERIFIED_WIN``."""
        return self.status == Game.Status.WON and self.verified

    @property
    def is_ranked(self) -> bool:
        """The same rule as ``RANKED``: a verified win that is plausible for a human,
        or that an admin has cleared."""
        return self.is_verified_win and (not self.implausible or self.cleared_at is not None)

    @property
    def is_untouched(self) -> bool:
        """The same rule as ``UNTOUCHED``."""
        return self.version == 0 and self.hints == 0

    def clock_seconds(self, now=None) -> float:
        """Seconds played, measured by the server with paused time left out."""
        end = self.finished_at or self.paused_at or now or timezone.now()
        return max(0.0, (end - self.started_at).total_seconds() - self.paused_seconds)


VERIFIED_WIN = Q(status=Game.Status.WON, verified=True)
# What enters the boards and shows as a best to others (docs/site.md#plausible-wins).
RANKED = VERIFIED_WIN & (Q(implausible="") | Q(cleared_at__isnull=False))


class FlaggedWin(Game):
    """A verified win too fast for a human, for admins to look at and rank all the
    same (docs/site.md#flagged-wins)."""

    class Meta:
        proxy = True
        verbose_name = _("flagged win")
        verbose_name_plural = _("flagged wins")


class Move(models.Model):
    """One entry of a game's move log, replayed to verify a win."""

    class Kind(models.TextChoices):
        REMOVE = "remove"
        SHUFFLE = "shuffle"
        UNDO = "undo"
        REDO = "redo"
        RESTART = "restart"

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


class DealSeen(models.Model):
    """When a deal was last shown to one viewer (an account, or a guest's browser) other
    than in their own game's answers: a game of its code dealt or opened, its page, a
    replay of it or of an uploaded export of it. A paused game's win does not rank when
    another viewer saw its deal while it ran (docs/site.md#a-deal-open-elsewhere)."""

    code = models.CharField(max_length=12)
    viewer = models.CharField(max_length=40)  # "u<account id>" or "g<guest id>"
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["code", "viewer"], name="one_sighting_per_viewer"),
        ]

    def __str__(self) -> str:
        return f"{self.code} seen by {self.viewer} at {self.at:%Y-%m-%d %H:%M:%S}"


class DailyPuzzle(models.Model):
    """The puzzle of one calendar day, dealt and verified ahead of time."""

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
