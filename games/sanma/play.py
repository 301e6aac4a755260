"""Starting Sanma tables and what a player's pages need of them
(docs/sanma.md#practice-against-bots). Decisions go through games/tables/play.py."""

from __future__ import annotations

from games.players import Player
from games.tables import play as tables
from games.tables.models import Table

from .table_rules import KIND


def start_practice(
    player: Player, length: str, red_fives: bool, level: str, seed: int | None = None
) -> Table:
    """A table of the player against two bots of ``level``. The seed also picks the
    player's seat, so that every seat (dealer first or last) comes up alike. Raises
    ValueError for options or a strength Sanma does not know."""
    seed = tables.new_seed() if seed is None else seed
    seats: list[Player | str] = [level, level, level]
    seats[seed % 3] = player
    options = {"length": length, "red_fives": red_fives}
    return tables.start_table(KIND, options, seats, seed=seed)
