"""A player's Sanma figures (docs/sanma.md#stats-and-boards): per bot strength and in
all, games, placement rates and the average place, total placement points, and the
rates of won hands, deal-ins and riichi, with the average value of a won hand."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Avg, Case, Count, Exists, OuterRef, Q, Subquery, Sum, Value, When
from django.utils.translation import gettext as _

from games.players import Player
from games.tables.models import Seat
from games.tables.stats import rows_per_level

from .table_rules import BOT_LEVEL_NAMES, BOT_LEVELS, KIND


@dataclass(frozen=True)
class Figures:
    label: str
    games: int
    firsts: int
    seconds: int
    thirds: int
    average_place: float
    points: float
    hands: int
    wins: int
    deal_ins: int
    riichis: int
    win_points: int

    def _rate(self, part: int, whole: int) -> int | None:
        return round(100 * part / whole) if whole else None

    @property
    def place_rates(self) -> tuple[int | None, int | None, int | None]:
        return (
            self._rate(self.firsts, self.games),
            self._rate(self.seconds, self.games),
            self._rate(self.thirds, self.games),
        )

    @property
    def win_rate(self) -> int | None:
        return self._rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> int | None:
        return self._rate(self.deal_ins, self.hands)

    @property
    def riichi_rate(self) -> int | None:
        return self._rate(self.riichis, self.hands)

    @property
    def average_win(self) -> int | None:
        return round(self.win_points / self.wins) if self.wins else None


# The row of the games at tables with other humans (docs/sanma.md#rooms).
WITH_OTHERS = "rooms"


def finished_seats(player: Player):
    """The player's seats at finished Sanma tables, with the strength of their bots, or
    ``WITH_OTHERS`` where other humans sat at the table too."""
    bots = Seat.objects.filter(table=OuterRef("table")).exclude(bot_level="").values("bot_level")
    others = Seat.objects.filter(table=OuterRef("table"), bot_level="").exclude(pk=OuterRef("pk"))
    return (
        player.owned(Seat.objects)
        .filter(table__kind=KIND, place__isnull=False, sanma_record__isnull=False)
        .annotate(
            level=Case(When(Exists(others), then=Value(WITH_OTHERS)), default=Subquery(bots[:1]))
        )
    )


def _aggregates() -> dict:
    return {
        "games": Count("pk"),
        "firsts": Count("pk", filter=Q(place=1)),
        "seconds": Count("pk", filter=Q(place=2)),
        "thirds": Count("pk", filter=Q(place=3)),
        "average_place": Avg("place"),
        "points": Sum("points"),
        "hands": Sum("sanma_record__hands"),
        "wins": Sum("sanma_record__wins"),
        "deal_ins": Sum("sanma_record__deal_ins"),
        "riichis": Sum("sanma_record__riichis"),
        "win_points": Sum("sanma_record__win_points"),
    }


def player_figures(player: Player) -> list[Figures]:
    """One row per bot strength played against, one for the games with other humans,
    then one for all (when several)."""
    names = {**BOT_LEVEL_NAMES, WITH_OTHERS: _("Private rooms")}
    return rows_per_level(
        finished_seats(player), _aggregates(), names, (*BOT_LEVELS, WITH_OTHERS), _figures
    )


def _figures(label: str, row: dict) -> Figures:
    return Figures(
        label=label,
        games=row["games"],
        firsts=row["firsts"],
        seconds=row["seconds"],
        thirds=row["thirds"],
        average_place=round(row["average_place"] or 0, 2),
        points=round(row["points"] or 0, 1),
        hands=row["hands"] or 0,
        wins=row["wins"] or 0,
        deal_ins=row["deal_ins"] or 0,
        riichis=row["riichis"] or 0,
        win_points=row["win_points"] or 0,
    )
