"""The Sanma boards: per bot strength, the players with the best total of placement
points against bots of that strength, once they have played enough games there
(docs/sanma.md#stats-and-boards). Cached like every board (docs/site.md#caching)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, QuerySet, Sum
from django.urls import reverse

from games.sanma.table_rules import BOT_LEVELS, KIND
from games.tables.models import Seat, Table

from . import cache
from .ranking import places

SIZE = 10
MIN_GAMES = 5  # finished games against a strength before a player is ranked there


@dataclass(frozen=True)
class SanmaEntry:
    place: int
    player_id: int
    name: str
    total: float
    games: int
    player_url: str

    @property
    def average(self) -> float:
        return round(self.total / self.games, 1)


@dataclass(frozen=True)
class SanmaBoard:
    level: str
    entries: tuple[SanmaEntry, ...]
    players: int  # ranked players: those with at least MIN_GAMES games


def sanma_scope(level: str) -> str:
    return f"sanma:{level}"


def counted_seats(level: str) -> QuerySet[Seat]:
    """Accounts' seats at finished tables of one human against bots of ``level``."""
    tables = Table.objects.of_kind(KIND).finished().against_bots(level).values("pk")
    return Seat.objects.filter(table__in=tables, user__isnull=False, points__isnull=False)


def sanma_board(level: str) -> SanmaBoard:
    return cache.cached(sanma_scope(level), "all", lambda: _sanma_board(level))


def _sanma_board(level: str) -> SanmaBoard:
    ranked = (
        counted_seats(level)
        .values("user")
        .annotate(total=Sum("points"), games=Count("pk"))
        .filter(games__gte=MIN_GAMES)
    )
    rows = list(ranked.order_by("-total", "user")[:SIZE])
    users = (
        get_user_model()
        .objects.only("username", "display_name")
        .in_bulk([row["user"] for row in rows])
    )
    totals = [round(row["total"], 1) for row in rows]
    entries = tuple(
        SanmaEntry(
            place,
            row["user"],
            users[row["user"]].public_name,
            total,
            row["games"],
            player_url=reverse("player", args=[row["user"]]),
        )
        for place, total, row in zip(places(totals), totals, rows, strict=True)
    )
    return SanmaBoard(level, entries, players=ranked.count())


def refresh_boards(sender, table: Table | None = None, tables=(), **signal) -> None:
    """A Sanma table finished, or guests' tables became an account's: the boards of
    their strengths are computed afresh once that commits."""
    changed = [table] if table is not None else list(tables)
    levels = {
        seat.bot_level
        for t in changed
        if t.kind == KIND and not t.is_playing
        for seat in t.seats.all()
        if seat.bot_level in BOT_LEVELS
    }
    if levels:
        scopes = [sanma_scope(level) for level in sorted(levels)]
        transaction.on_commit(lambda: cache.refresh(*scopes))
