"""Celery tasks of the table machinery: thin, the work is in play.py and rooms.py."""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.utils import timezone

from . import play, rooms, timers


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
