"""What a finished Sanma table adds to a seat, for the players' stats
(docs/sanma.md#stats-and-boards): the counts that the stats page turns into rates."""

from __future__ import annotations

from django.db import models

from games.tables.models import Seat


class SeatRecord(models.Model):
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="sanma_record")
    hands = models.PositiveSmallIntegerField()  # hands played to a win or a draw
    wins = models.PositiveSmallIntegerField()
    deal_ins = models.PositiveSmallIntegerField()  # hands this seat dealt into a ron
    riichis = models.PositiveSmallIntegerField()  # hands in which this seat declared riichi
    win_points = models.PositiveIntegerField()  # the won hands' values, before honba and sticks

    def __str__(self) -> str:
        return f"{self.seat}: {self.wins}/{self.hands}"
