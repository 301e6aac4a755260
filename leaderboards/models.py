"""Each player's best verified time per layout, kept so that a board is one short index
scan however many games are stored. Derived from Game: `record_win` keeps it up to
date and `manage.py rebuild_bests` recomputes it from the games."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from games.solitaire.models import Game, Layout


class PersonalBestQuerySet(models.QuerySet):
    def board(self, layout: Layout, no_help: bool) -> PersonalBestQuerySet:
        """Fastest first; of equal shown times, who got there first."""
        return self.filter(layout=layout, no_help=no_help).order_by("seconds", "achieved_at")

    def faster_than(self, best: PersonalBest) -> PersonalBestQuerySet:
        return self.filter(
            layout_id=best.layout_id, no_help=best.no_help, seconds__lt=best.seconds
        )


class PersonalBest(models.Model):
    """A player's best on one layout: one row over all wins, one over "Ohne Hilfe" wins."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="personal_bests"
    )
    layout = models.ForeignKey(Layout, on_delete=models.CASCADE, related_name="+")
    no_help = models.BooleanField()
    # Whole seconds, as the clock shows them: equal shown times share a place, and only
    # a whole second faster is a new best.
    seconds = models.PositiveIntegerField()
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    achieved_at = models.DateTimeField()

    objects = PersonalBestQuerySet.as_manager()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "layout", "no_help"], name="one_best_per_player_layout_kind"
            ),
        ]
        indexes = [models.Index(fields=["layout", "no_help", "seconds", "achieved_at"])]

    def __str__(self) -> str:
        kind = "no help" if self.no_help else "all wins"
        return f"{self.user_id} {self.layout_id} {kind} {self.seconds}s"
