"""What a player owns, for every game of the site: a Solitaire game, a seat at a table, a
seat in a room belongs to an account (``user``) or to a guest (``guest_id``), never both
(docs/site.md#guests-and-claiming). ``Player.owned`` and ``Player.holds``
(games/players.py) read these two fields; claiming a guest's things moves them from the
one to the other."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

# An owner is somebody: an account or a guest.
IS_SOMEBODY = Q(user__isnull=False) | ~Q(guest_id="")
IS_NOBODY = Q(user__isnull=True, guest_id="")


class Owned(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="%(app_label)s_%(class)ss",
    )
    guest_id = models.CharField(max_length=36, blank=True, db_index=True)

    class Meta:
        abstract = True
