"""Celery tasks: thin, dates in, the work is in games/solitaire/daily.py."""

from __future__ import annotations

from datetime import date, timedelta

from celery import shared_task
from django.core.management import call_command
from django.utils import timezone

from . import daily, sightings
from .models import Game


@shared_task(name="solitaire.precompute_daily_puzzles")
def precompute_daily_puzzles(start: str | None = None, days: int = daily.DAYS_AHEAD) -> list[str]:
    """Deal and verify the daily puzzles of ``days`` days from ``start`` (an ISO
    date; today, UTC, when not given). Run by beat every night; safe to run again."""
    first = date.fromisoformat(start) if start else daily.utc_today()
    return [day.isoformat() for day in daily.precompute(first, days)]


@shared_task(name="solitaire.clear_stale_guest_data")
def clear_stale_guest_data() -> int:
    """Delete guests' deals nobody ever moved on after a day, the sightings of deals
    that no game in play can be judged by any more, and expired sessions (every visitor
    without a cookie gets all three). Returns how many deals went."""
    cutoff = timezone.now() - timedelta(days=1)
    deleted, _ = Game.objects.untouched_guest_deals(cutoff).delete()
    sightings.forget_the_past()
    call_command("clearsessions")
    return deleted
