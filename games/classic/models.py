"""What a finished Classic table adds to a seat, for the players' stats
(docs/classic.md#stats-and-boards): the counts every table game keeps (hands dealt, draws
included), the wins on a tile of the wall and the best won hand's value."""

from __future__ import annotations

from django.db import models

from games.tables.models import TableRecord


class SeatRecord(TableRecord):
    self_drawn = models.PositiveSmallIntegerField()  # wins on a tile of the wall
    best_hand = models.PositiveSmallIntegerField()  # the highest value of a won hand
