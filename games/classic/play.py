"""Starting Classic tables and what a player's pages need of them
(docs/classic.md#playing-on-the-site). Decisions go through games/tables/play.py."""

from __future__ import annotations

from games.players import Player
from games.tables import play as tables
from games.tables.models import Table

from .table_rules import KIND


def start_practice(
    player: Player,
    rounds: int,
    flowers: bool,
    dealer_rule: str,
    level: str,
    seed: int | None = None,
) -> Table:
    """A table of the player against three bots of ``level``. The seed also picks the
    player's seat, so that every seat (East first or last) comes up alike. Raises
    ValueError for options or a strength Classic does not know."""
    seed = tables.new_seed() if seed is None else seed
    seats: list[Player | str] = [level, level, level, level]
    seats[seed % 4] = player
    options = {"rounds": rounds, "flowers": flowers, "dealer_rule": dealer_rule}
    return tables.start_table(KIND, options, seats, seed=seed)
