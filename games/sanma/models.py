"""What a finished Sanma table adds to a seat, for the players' stats
(docs/sanma.md#stats-and-boards): the counts every table game keeps, hands played to a
win or a draw, and the hands in which the seat declared riichi."""

from __future__ import annotations

from django.db import models

from games.tables.models import TableRecord


class SeatRecord(TableRecord):
    riichis = models.PositiveSmallIntegerField()  # hands in which this seat declared riichi
