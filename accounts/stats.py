"""A player's figures (docs/site.md#stats): per layout started, won, win rate, best,
best "Ohne Hilfe", average, top ten and recent winning times; the daily streak; help
used. Times come from ranked wins only (docs/site.md#plausible-wins): a win too fast for
a human counts as won, but never as a best."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Avg, Count, Min, QuerySet, Sum

from games.players import Player
from games.solitaire import daily
from games.solitaire.clock import clock_text
from games.solitaire.models import NO_HELP, RANKED, VERIFIED_WIN, Game, Layout

from .charts import Chart, time_chart
from .models import User

TOP = 10  # personal top times per layout
CHART_WINS = 20  # recent wins in the chart
LISTED = (
    "public_id",
    "code",
    "layout_id",
    "status",
    "elapsed_seconds",
    "finished_at",
    "created_at",
    "hints",
    "undos",
    "shuffles",
    "daily_date",
    "verified",
    "implausible",
    "cleared_at",
)


def started_games(user: User) -> QuerySet[Game]:
    return Game.objects.of(Player(user)).started()


def history(user: User) -> QuerySet[Game]:
    """The player's started games, newest first, for the paginated list."""
    return (
        started_games(user)
        .select_related("layout")
        .only(
            *LISTED,
            "layout__letter",
            "layout__name",
            "layout__name_de",
            "layout__name_fi",
            "layout__name_da",
        )
        .order_by("-created_at", "-pk")
    )


def _wins(user: User, layout: Layout) -> QuerySet[Game]:
    return Game.objects.of(Player(user)).ranked().filter(layout=layout).only(*LISTED)


@dataclass(frozen=True)
class LayoutStats:
    layout: Layout
    started: int
    won: int
    best: float | None
    best_no_help: float | None
    average: float | None
    hints: int
    undos: int
    shuffles: int
    top: tuple[Game, ...]
    chart: Chart | None

    @property
    def name(self) -> str:
        return self.layout.display_name

    @property
    def win_rate(self) -> int | None:
        return round(100 * self.won / self.started) if self.started else None

    @property
    def best_time(self) -> str:
        return clock_text(self.best)

    @property
    def best_no_help_time(self) -> str:
        return clock_text(self.best_no_help)

    @property
    def average_time(self) -> str:
        return clock_text(self.average)


@dataclass(frozen=True)
class PlayerStats:
    layouts: tuple[LayoutStats, ...]
    streak: int

    @property
    def started(self) -> int:
        return sum(figures.started for figures in self.layouts)

    @property
    def won(self) -> int:
        return sum(figures.won for figures in self.layouts)

    @property
    def hints(self) -> int:
        return sum(figures.hints for figures in self.layouts)

    @property
    def undos(self) -> int:
        return sum(figures.undos for figures in self.layouts)

    @property
    def shuffles(self) -> int:
        return sum(figures.shuffles for figures in self.layouts)


def player_stats(user: User) -> PlayerStats:
    rows = (
        started_games(user)
        .values("layout")
        .annotate(
            started=Count("pk"),
            won=Count("pk", filter=VERIFIED_WIN),
            best=Min("elapsed_seconds", filter=RANKED),
            best_no_help=Min("elapsed_seconds", filter=RANKED & NO_HELP),
            average=Avg("elapsed_seconds", filter=RANKED),
            hints=Sum("hints"),
            undos=Sum("undos"),
            shuffles=Sum("shuffles"),
        )
        .order_by()
    )
    by_layout = {row.pop("layout"): row for row in rows}
    layouts = Layout.objects.filter(pk__in=by_layout).order_by("letter")
    return PlayerStats(
        layouts=tuple(_layout_stats(user, layout, by_layout[layout.pk]) for layout in layouts),
        streak=daily.streak(Player(user)),
    )


def _layout_stats(user: User, layout: Layout, figures: dict) -> LayoutStats:
    wins = _wins(user, layout)
    top = tuple(wins.order_by("elapsed_seconds", "finished_at")[:TOP]) if figures["won"] else ()
    recent = list(wins.order_by("-finished_at")[:CHART_WINS]) if figures["won"] else []
    return LayoutStats(
        layout=layout,
        top=top,
        chart=time_chart([game.elapsed_seconds for game in reversed(recent)]),
        **figures,
    )
