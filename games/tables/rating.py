"""The accounts' rating per table game (docs/tables.md#lobby-and-rating): the Weng–Lin
Bayesian rating with the Plackett–Luce model (the ``openskill`` library), updated from
the final places of a rated table as it ends. Only the accounts at the table are
ranked, among themselves in the order of their places; bots and guests do not count.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass

from django.conf import settings
from django.db import DatabaseError, transaction
from django.db.models import F
from django.utils.translation import gettext
from openskill.models import PlackettLuce

from .models import Rating, Table

log = logging.getLogger(__name__)


@functools.cache
def model() -> PlackettLuce:
    return PlackettLuce()


def rate(table: Table) -> list[Rating]:
    """Move the ratings of the accounts at the finished rated ``table`` by their places:
    the ratings after it (none for a table that is not rated or has fewer than two
    accounts)."""
    seats = [s for s in table.seats.all() if s.user_id is not None and s.place is not None]
    if not table.rated or len(seats) < 2:
        return []
    start = model().rating()
    users = sorted(seat.user_id for seat in seats)
    Rating.objects.bulk_create(
        [Rating(user_id=u, kind=table.kind, mu=start.mu, sigma=start.sigma) for u in users],
        ignore_conflicts=True,
    )
    # Locked in one order (the accounts'), so that two tables ending at once wait in turn.
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(kind=table.kind, user_id__in=users)
        .order_by("user_id")
    }
    teams = [
        [model().rating(mu=ratings[s.user_id].mu, sigma=ratings[s.user_id].sigma)] for s in seats
    ]
    after = model().rate(teams, ranks=[seat.place for seat in seats])
    for seat, [new] in zip(seats, after, strict=True):
        rating = ratings[seat.user_id]
        rating.mu, rating.sigma, rating.games = new.mu, new.sigma, rating.games + 1
    Rating.objects.bulk_update(ratings.values(), ["mu", "sigma", "games", "updated_at"])
    return list(ratings.values())


def rate_finished(sender, table: Table, **signal) -> None:
    """``table_finished``: a rated table's accounts are rated as it ends, in a savepoint
    (a failure is logged; the finished table is stored regardless)."""
    if not table.rated:
        return
    try:
        with transaction.atomic():
            rate(table)
    except DatabaseError:
        log.exception("ratings of table %s not updated", table.pk)


@dataclass(frozen=True)
class Shown:
    """A rating as the pages show it."""

    value: float  # mu − 3 sigma: climbs as the player proves their skill
    games: int
    provisional: bool

    def __str__(self) -> str:
        """The number, or "new" before the first rated table (the start's 0.0 says
        nothing); the pages say "provisional" in words beside it while it is."""
        return gettext("new") if self.games == 0 else f"{self.value:.1f}"


def shown(rating: Rating | None) -> Shown:
    """The rating shown for an account (a newcomer's is the library's start)."""
    if rating is None:
        start = model().rating()
        return Shown(start.mu - 3 * start.sigma, 0, True)
    provisional = rating.games < settings.LOBBY_PROVISIONAL_GAMES
    return Shown(rating.value, rating.games, provisional)


def ratings_of(kind: str, user_ids) -> dict[int, Shown]:
    """The shown ratings of the accounts, by id (each account has one)."""
    found = {r.user_id: r for r in Rating.objects.filter(kind=kind, user_id__in=user_ids)}
    return {user_id: shown(found.get(user_id)) for user_id in user_ids}


def board(kind: str, size: int = 20) -> list[Rating]:
    """The game's rated board: the best ratings past their provisional tables."""
    rows = Rating.objects.filter(kind=kind, games__gte=settings.LOBBY_PROVISIONAL_GAMES)
    ordered = rows.select_related("user").order_by((F("mu") - 3 * F("sigma")).desc(), "pk")
    return list(ordered[:size])
