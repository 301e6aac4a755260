"""A player's figures at one table game (docs/tables.md#finishing-a-table): one row per
bot strength played against, in the strengths' order, one for the games with other
humans, then one for all: games, placement rates and the average place, the total of
the game's results, won hands, deal-ins, the average won hand, and the figures the game
adds of its own (``GameKind.extra_figures``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Avg, Case, Count, Exists, Max, OuterRef, Q, Subquery, Sum, Value, When
from django.utils.translation import gettext as _

from games.players import Player

from .models import Seat
from .registry import ExtraFigure, GameKind

# The row of the games at tables with other humans (docs/tables.md#rooms).
WITH_OTHERS = "rooms"


def _rate(part: int, whole: int) -> int | None:
    return round(100 * part / whole) if whole else None


@dataclass(frozen=True)
class Extra:
    figure: ExtraFigure
    value: int | None  # a rate in percent, or the best value


@dataclass(frozen=True)
class Figures:
    label: str
    games: int
    places: tuple[int, ...]  # firsts, seconds, ...
    average_place: float
    points: float  # the total of the game's results
    hands: int
    wins: int
    deal_ins: int
    win_points: int
    extras: tuple[Extra, ...]

    @property
    def place_rates(self) -> list[int | None]:
        return [_rate(n, self.games) for n in self.places]

    @property
    def win_rate(self) -> int | None:
        return _rate(self.wins, self.hands)

    @property
    def deal_in_rate(self) -> int | None:
        return _rate(self.deal_ins, self.hands)

    @property
    def average_win(self) -> int | None:
        return round(self.win_points / self.wins) if self.wins else None


def finished_seats(kind: GameKind, player: Player):
    """The player's seats at finished tables of ``kind``, each with the strength of its
    bots as ``level``, or ``WITH_OTHERS`` where other humans sat at the table too."""
    bots = Seat.objects.filter(table=OuterRef("table")).exclude(bot_level="").values("bot_level")
    others = Seat.objects.filter(table=OuterRef("table"), bot_level="").exclude(pk=OuterRef("pk"))
    return (
        player.owned(Seat.objects)
        .filter(table__kind=kind.key, place__isnull=False, **{f"{kind.key}_record__isnull": False})
        .annotate(
            level=Case(When(Exists(others), then=Value(WITH_OTHERS)), default=Subquery(bots[:1]))
        )
    )


def _aggregates(kind: GameKind) -> dict:
    record = f"{kind.key}_record__"
    found = {
        "games": Count("pk"),
        **{f"place{n}": Count("pk", filter=Q(place=n)) for n in range(1, kind.seats + 1)},
        "average_place": Avg("place"),
        "points": Sum("points"),
        **{name: Sum(record + name) for name in ("hands", "wins", "deal_ins", "win_points")},
    }
    for figure in kind.extra_figures:
        found[figure.field] = (Sum if figure.per else Max)(record + figure.field)
    return found


def player_figures(kind: GameKind, player: Player) -> list[Figures]:
    """One row per bot strength played against, one for the games with other humans,
    then one for all (when there are several)."""
    seats = finished_seats(kind, player)
    aggregates = _aggregates(kind)
    names = {**kind.level_names, WITH_OTHERS: _("Private rooms")}
    rows = {row.pop("level"): row for row in seats.values("level").annotate(**aggregates)}
    known = (*kind.bot_levels, WITH_OTHERS)
    found = [
        _figures(kind, str(names.get(level, level)), rows[level])
        for level in (*known, *sorted(set(rows) - set(known), key=str))
        if level in rows
    ]
    if len(found) > 1:
        found.append(_figures(kind, _("All"), seats.aggregate(**aggregates)))
    return found


def _figures(kind: GameKind, label: str, row: dict) -> Figures:
    counts = {name: row[name] or 0 for name in ("hands", "wins", "deal_ins", "win_points")}
    extras = []
    for figure in kind.extra_figures:
        value = row[figure.field] or 0
        if figure.per:
            extras.append(Extra(figure, _rate(value, counts[figure.per])))
        else:
            extras.append(Extra(figure, value))
    return Figures(
        label=label,
        games=row["games"],
        places=tuple(row[f"place{n}"] for n in range(1, kind.seats + 1)),
        average_place=round(row["average_place"] or 0, 2),
        points=round(row["points"] or 0, kind.points_digits),
        extras=tuple(extras),
        **counts,
    )
