"""What a finished Classic table adds to a seat, for the players' stats
(docs/classic.md#stats-and-boards): the counts that the stats page turns into rates."""

from __future__ import annotations

from django.db import models

from games.tables.models import Seat


class SeatRecord(models.Model):
    seat = models.OneToOneField(Seat, on_delete=models.CASCADE, related_name="classic_record")
    hands = models.PositiveSmallIntegerField()  # hands dealt, draws included
    wins = models.PositiveSmallIntegerField()
    self_drawn = models.PositiveSmallIntegerField()  # wins on a tile of the wall
    deal_ins = models.PositiveSmallIntegerField()  # hands this seat's discard won
    win_points = models.PositiveIntegerField()  # the won hands' values, before settlement
    best_hand = models.PositiveSmallIntegerField()  # the highest value of a won hand

    def __str__(self) -> str:
        return f"{self.seat}: {self.wins}/{self.hands}"
