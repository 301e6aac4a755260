"""A player's Classic figures (docs/classic.md#stats-and-boards): per bot strength and
in all, games, placement rates, the average place and the total score, and the rates of
won hands, of wins on a drawn tile and of deal-ins, with the average and the best value
of a won hand."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Avg, Count, Max, OuterRef, Q, Subquery, Sum

from games.players import Player
from games.tables.models import Seat
from games.tables.stats import rows_per_level

from .table_rules import BOT_LEVEL_NAMES, BOT_LEVELS, KIND


@dataclass(frozen=True)
class Figures:
    label: str
    games: int
    places: tuple[int, int, int, int]  # firsts, seconds, thirds, fourths
    average_place: float
    score: int
    hands: int
    wins: int
    self_drawn: int
    deal_ins: int
    win_points: int
    best_hand: int

    def _rate(self, part: int, whole: int) -> int | None:
        return round(100 * part / whole) if whole else None

    @property
    def place_rates(self) -> list[int | None]:
        return [self._rate(n, self.games) for n in self.places]

    @property
    def win_rate(self) -> int | None:
        return self._rate(self.wins, self.hands)

    @property
    def self_drawn_rate(self) -> int | None:
        return self._rate(self.self_drawn, self.wins)

    @property
    def deal_in_rate(self) -> int | None:
        return self._rate(self.deal_ins, self.hands)

    @property
    def average_win(self) -> int | None:
        return round(self.win_points / self.wins) if self.wins else None


def finished_seats(player: Player):
    """The player's seats at finished Classic tables, with the strength of their bots."""
    bots = Seat.objects.filter(table=OuterRef("table")).exclude(bot_level="").values("bot_level")
    return (
        player.owned(Seat.objects)
        .filter(table__kind=KIND, place__isnull=False, classic_record__isnull=False)
        .annotate(level=Subquery(bots[:1]))
    )


def _aggregates() -> dict:
    return {
        "games": Count("pk"),
        **{f"place{n}": Count("pk", filter=Q(place=n)) for n in range(1, 5)},
        "average_place": Avg("place"),
        "score": Sum("score"),
        "hands": Sum("classic_record__hands"),
        "wins": Sum("classic_record__wins"),
        "self_drawn": Sum("classic_record__self_drawn"),
        "deal_ins": Sum("classic_record__deal_ins"),
        "win_points": Sum("classic_record__win_points"),
        "best_hand": Max("classic_record__best_hand"),
    }


def player_figures(player: Player) -> list[Figures]:
    """One row per bot strength played against, then one for all (when several)."""
    return rows_per_level(
        finished_seats(player), _aggregates(), BOT_LEVEL_NAMES, BOT_LEVELS, _figures
    )


def _figures(label: str, row: dict) -> Figures:
    return Figures(
        label=label,
        games=row["games"],
        places=tuple(row[f"place{n}"] for n in range(1, 5)),  # type: ignore[arg-type]
        average_place=round(row["average_place"] or 0, 2),
        score=row["score"] or 0,
        hands=row["hands"] or 0,
        wins=row["wins"] or 0,
        self_drawn=row["self_drawn"] or 0,
        deal_ins=row["deal_ins"] or 0,
        win_points=row["win_points"] or 0,
        best_hand=row["best_hand"] or 0,
    )
