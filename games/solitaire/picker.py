"""The layout picker: a card for every layout offered, with its figures and the
player's best time there, filtered by size and by fitting a phone
(docs/solitaire.md#the-layout-picker)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Min
from django.utils.translation import gettext_lazy as _

from games.players import Player

from . import engine
from .clock import clock_text
from .models import RANKED, Game, Layout

# The sizes the picker filters by: a key, its label and its tiles, smallest to largest.
SIZES = {
    "small": (_("Small"), 0, 50),
    "medium": (_("Medium"), 51, 99),
    "full": (_("Large"), 100, engine.MAX_TILES),
}


def size_choices() -> list[tuple[str, str, str]]:
    """Key, label and the range of tiles (as the picker shows it) of every size."""
    return [
        (key, label, f"≤ {high}" if not low else f"{low + low % 2}–{high - high % 2}")
        for key, (label, low, high) in SIZES.items()
    ]


@dataclass(frozen=True)
class LayoutCard:
    layout: Layout
    tiles: int
    free_at_start: int
    fits_phone: bool
    greedy_win_share: float | None  # built-in layouts only: the stored figure
    best: float | None  # the player's best ranked time there, seconds

    @property
    def name(self) -> str:
        return self.layout.display_name

    @property
    def letter(self) -> str:
        return self.layout.letter

    @property
    def size(self) -> str:
        return next(key for key, (_label, low, high) in SIZES.items() if low <= self.tiles <= high)

    @property
    def greedy_percent(self) -> int | None:
        share = self.greedy_win_share
        return None if share is None else round(share * 100)

    @property
    def best_time(self) -> str:
        return clock_text(self.best)


def _figures(layout: Layout) -> tuple[int, int, float | None]:
    """Tiles, free at the start and the difficulty figure: stored for a built-in layout,
    counted for a curated one (whose figure nobody measured)."""
    stored = engine.LAYOUT_FIGURES.get(layout.letter) if layout.builtin else None
    if stored is not None:
        return stored.tiles, stored.free_at_start, stored.greedy_win_share
    geometry = engine.geometry_for(layout.positions)
    return geometry.n, geometry.free_mask(geometry.full_mask).bit_count(), None


def card_of(layout: Layout, best: float | None = None) -> LayoutCard:
    tiles, free, share = _figures(layout)
    return LayoutCard(layout, tiles, free, not layout.wide, share, best)


def best_times(player: Player | None) -> dict[int, float]:
    """The player's best ranked time per layout id; a best counts as on the stats page
    (docs/site.md#plausible-wins)."""
    if player is None:
        return {}
    rows = (
        Game.objects.of(player)
        .filter(RANKED)
        .values("layout")
        .annotate(best=Min("elapsed_seconds"))
        .order_by()
    )
    return {row["layout"]: row["best"] for row in rows}


def cards(player: Player | None, size: str = "", phone: bool = False) -> list[LayoutCard]:
    """The active layouts as cards, those of ``size`` (a key of SIZES, "" for any) and,
    with ``phone``, only those whole on an upright phone; in the order of their letters."""
    bests = best_times(player)
    shown = []
    # Positions are read only for a curated layout: a built-in one has its figures stored.
    for layout in Layout.objects.active().defer("positions"):
        card = card_of(layout, bests.get(layout.pk))
        if (not size or card.size == size) and (card.fits_phone or not phone):
            shown.append(card)
    return shown
