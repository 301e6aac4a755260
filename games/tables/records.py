"""Storing a finished table's figures per seat for the stats (docs/tables.md#finishing-a-table):
each game counts its own figures (``GameKind.hand_figures``) into its own record;
storing them is the same for all."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, models, transaction

from .models import Table
from .registry import State, game_kind
from .states import hand_ends

log = logging.getLogger(__name__)


def store(table: Table, record: type[models.Model], figures: Callable[[], list[dict]]) -> None:
    """One ``record`` per seat of the finished ``table``, from the game's ``figures``
    (one dict per seat). In a savepoint: the finished table is stored regardless, and a
    failure is logged, not raised."""
    try:
        counted = figures()
        with transaction.atomic():
            record.objects.bulk_create(
                record(seat=seat, **counted[seat.index]) for seat in table.seats.all()
            )
    except (DatabaseError, ValueError):
        log.exception("figures of table %s not recorded", table.pk)


def record_finished(sender, table: Table, state: State, **signal) -> None:
    """``table_finished``: the game's figures of each seat, in its own record."""
    try:
        kind = game_kind(table.kind)
    except KeyError:  # a kind without pages keeps no figures
        return
    store(
        table,
        kind.record_model,
        lambda: kind.hand_figures(hand_ends(table, state), table.log),
    )
