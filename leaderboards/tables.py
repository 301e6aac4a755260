"""The boards of the table games (Sanma, Classic): per game and bot strength, the
players with the best total of results against bots of that strength, once they have
played enough games there (docs/tables.md#boards). Cached like every board
(docs/site.md#caching)."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, QuerySet, Sum
from django.urls import reverse

from games.tables.models import Seat, Table
from games.tables.registry import game_kinds

from . import cache
from .ranking import places

SIZE = 10
MIN_GAMES = 5  # finished games against a strength before a player is ranked there


@dataclass(frozen=True)
class TableEntry:
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
class TableBoard:
    kind: str
    level: str
    entries: tuple[TableEntry, ...]
    players: int  # ranked players: those with at least MIN_GAMES games


def table_scope(kind: str, level: str) -> str:
    return f"{kind}:{level}"


def counted_seats(kind: str, level: str) -> QuerySet[Seat]:
    """Accounts' seats at finished tables of ``kind``, of one human against bots of
    ``level``."""
    tables = Table.objects.of_kind(kind).finished().against_bots(level).values("pk")
    return Seat.objects.filter(table__in=tables, user__isnull=False, points__isnull=False)


def table_board(kind: str, level: str) -> TableBoard:
    return cache.cached(table_scope(kind, level), "all", lambda: _table_board(kind, level))


def _table_board(kind: str, level: str) -> TableBoard:
    ranked = (
        counted_seats(kind, level)
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
        TableEntry(
            place,
            row["user"],
            users[row["user"]].public_name,
            total,
            row["games"],
            player_url=reverse("player", args=[row["user"]]),
        )
        for place, total, row in zip(places(totals), totals, rows, strict=True)
    )
    return TableBoard(kind, level, entries, players=ranked.count())


def refresh_boards(sender, table: Table | None = None, tables=(), **signal) -> None:
    """A table finished, or guests' tables became an account's: the boards of their
    games and strengths are computed afresh once that commits."""
    changed = [table] if table is not None else list(tables)
    levels = {kind.key: kind.bot_levels for kind in game_kinds()}
    scopes = {
        table_scope(t.kind, seat.bot_level)
        for t in changed
        if t.kind in levels and not t.is_playing
        for seat in t.seats.all()
        if seat.bot_level in levels[t.kind]
    }
    if scopes:
        transaction.on_commit(lambda: cache.refresh(*sorted(scopes)))
