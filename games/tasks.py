"""Celery tasks: thin, dates in, the work is in games/daily.py."""

from __future__ import annotations

from datetime import date

from celery import shared_task

from . import daily


@shared_task(name="games.tasks.precompute_daily_puzzles")
def precompute_daily_puzzles(start: str | None = None, days: int = daily.DAYS_AHEAD) -> list[str]:
    """Y2: deal and verify the daily puzzles of ``days`` days from ``start`` (an ISO
    date; today, UTC, when not given). Run by beat every night; safe to run again."""
    first = date.fromisoformat(start) if start else daily.utc_today()
    return [day.isoformat() for day in daily.precompute(first, days)]
