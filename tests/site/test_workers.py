"""A parallel run (pytest-xdist) gives each worker a Redis database of its own, as
pytest-django gives each a PostgreSQL database of its own: the tests flush the cache, and
two workers must never share a cache, a Celery broker or rate limits
(docs/site.md#the-tests-in-parallel)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from config.settings import redis_url_of_test_worker

from .servers import ROOT, environment_of_tests


@pytest.mark.parametrize(
    ("url", "worker", "expected"),
    [
        ("redis://127.0.0.1:6379/0", "gw0", "redis://127.0.0.1:6379/0"),
        ("redis://127.0.0.1:6379/3", "gw2", "redis://127.0.0.1:6379/5"),
        ("redis://:secret@cache:6380", "gw1", "redis://:secret@cache:6380/1"),
    ],
)
def test_worker_n_uses_the_redis_database_n_after_the_given_one(url, worker, expected):
    assert redis_url_of_test_worker(url, worker) == expected


@pytest.mark.parametrize(
    ("url", "worker"),
    [("redis://127.0.0.1:6379/0", "master"), ("redis://127.0.0.1:6379/cache", "gw1")],
)
def test_a_worker_id_or_database_it_cannot_count_on_is_refused(url, worker):
    with pytest.raises(ImproperlyConfigured, match="a test worker needs"):
        redis_url_of_test_worker(url, worker)


def test_a_process_started_as_a_worker_reads_its_own_redis_database_everywhere():
    """The cache, the broker and the rate limits all follow the worker's database."""
    script = (
        "from django.conf import settings as s; "
        "print(s.REDIS_URL, s.CACHES['default']['LOCATION'], s.CELERY_BROKER_URL, "
        "s.RATE_LIMIT_STORAGE)"
    )
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "REDIS_URL": "redis://127.0.0.1:6379/4",
        "PYTEST_XDIST_WORKER": "gw3",
    }
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["redis://127.0.0.1:6379/7"] * 4


@pytest.mark.django_db
def test_this_worker_and_the_servers_it_starts_use_its_own_databases():
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    given = os.environ.get("REDIS_URL", "")
    own = redis_url_of_test_worker(given, worker) if worker and given else given
    assert own == settings.REDIS_URL
    # A server is told the worker's database outright: it is no worker and derives nothing.
    server = environment_of_tests()
    assert server["REDIS_URL"] == own and "PYTEST_XDIST_WORKER" not in server
    if worker:
        assert connection.settings_dict["NAME"].endswith(f"_{worker}")
