"""Fixtures for the Celery tests: a test app on the real Redis broker (TEST_REDIS_URL),
and small factories for daily games."""

from __future__ import annotations

from datetime import date

import pytest
from celery.signals import task_postrun
from django.conf import settings
from django.db import connections
from django.utils import timezone

from games.solitaire import daily
from games.solitaire.models import Game
from tests.factories import finished_game


@pytest.fixture(scope="session")
def celery_config() -> dict:
    """celery.contrib.pytest's apps use Redis as broker and result store, never eager
    unless a test's ``celery`` mark says so."""
    if not settings.REDIS_URL:
        pytest.skip("the Celery tests need Redis: set REDIS_URL (make test does)")
    return {
        "broker_url": settings.REDIS_URL,
        "result_backend": settings.REDIS_URL,
        "task_always_eager": False,
        "task_ignore_result": False,
        "result_expires": 300,
        "broker_connection_retry_on_startup": False,
        "broker_connection_max_retries": 1,
        "worker_hijack_root_logger": False,
    }


@pytest.fixture(scope="session")
def celery_includes() -> list[str]:
    return ["games.solitaire.tasks"]


@pytest.fixture(scope="session")
def celery_worker_parameters() -> dict:
    # Short waits: a broken worker fails the test in seconds, not minutes.
    return {"ping_task_timeout": 10.0, "shutdown_timeout": 10.0}


@pytest.fixture
def worker_closes_connections():
    """The worker thread's database connection must not outlive its task, or the test
    database could not be flushed and dropped afterwards."""

    def close(**kwargs) -> None:
        connections.close_all()

    task_postrun.connect(close, weak=False)
    yield
    task_postrun.disconnect(close)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    # alice and bob get passwords; the real hasher would take most of these tests' time
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def twin_peaks():
    return daily.daily_layout()


@pytest.fixture
def daily_win(twin_peaks):
    """Record a verified daily win for a player (without playing it through)."""

    def win(user, day: date, *, guest_id: str = "", verified: bool = True) -> Game:
        return finished_game(
            user,
            300.0,
            letter=twin_peaks.letter,
            seed=daily.seed_for(day),
            daily_date=day,
            verified=verified,
            guest_id=guest_id,
            finished_at=timezone.now(),
            record=False,
        )

    return win
