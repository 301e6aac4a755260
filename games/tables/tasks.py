"""Celery tasks of the table machinery: thin, the work is in play.py and rooms.py."""

from __future__ import annotations

from datetime import datetime, timedelta

from celery import shared_task
from django.utils import timezone

from . import lobby, play, rooms, timers


@shared_task(name="tables.play_overdue")
def play_overdue(public_id: str, due: str = "") -> bool:
    """At a deadline (``due``, ISO): decide for the seats of the table whose time is up
    (docs/tables.md#turn-timers). A task that runs early, on a worker whose clock is
    behind, waits for the deadline again."""
    if due and timezone.now() < datetime.fromisoformat(due):
        timers.schedule_deadline(public_id, datetime.fromisoformat(due))
        return False
    return play.play_overdue(public_id)


@shared_task(name="tables.expire_rooms")
def expire_rooms() -> int:
    """Close the rooms nobody used for a while (docs/tables.md#rooms): how many."""
    return rooms.expire()


@shared_task(name="tables.play_out")
def play_out(public_id: str) -> bool:
    """Play a table on for the seats its humans left
    (docs/tables.md#every-started-table-counts)."""
    return play.play_out(public_id)


@shared_task(name="tables.finish_abandoned")
def finish_abandoned() -> int:
    """Leave the tables nobody played at for a while to the server: how many."""
    return play.finish_abandoned()


@shared_task(name="tables.match_lobbies")
def match_lobbies() -> int:
    """Seat whoever waits in a lobby and can be seated now
    (docs/tables.md#lobby-and-rating); forget seated entries after an hour: how many
    tables it seated."""
    lobby.forget_seated(timezone.now() - timedelta(hours=1))
    return lobby.match_all()
