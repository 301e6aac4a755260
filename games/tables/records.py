"""Storing a finished table's figures per seat for the stats (docs/tables.md#finishing-a-table):
each game counts its own figures; storing them is the same for all."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, models, transaction

from .models import Table

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
