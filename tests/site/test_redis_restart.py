"""A Redis restart, for real (docs/site.md#redis-restarted): a Celery worker holding
scheduled turn deadlines, and a beat, each on a Redis server of the test's own, live
through the server being killed and started again on the same port, and go on working."""

from __future__ import annotations

import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
import redis
from django.utils import timezone

from config.celery import app as celery_app
from games.tables.models import Room

from .servers import free_port, kill, running_celery, start_redis

HELD = 3  # deadline tasks the worker holds when Redis goes


def _wait_for(condition, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


def _log_after(log: Path, offset: int) -> str:
    return log.read_bytes()[offset:].decode(errors="replace")


@pytest.mark.django_db(transaction=True)
def test_a_worker_holding_deadlines_rides_out_a_redis_restart_and_runs_tasks(tmp_path):
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    log = tmp_path / "worker.log"
    redis_server = start_redis(port)
    try:
        with running_celery(["-A", "config", "worker", "-c", "1"], url, log) as worker:
            _wait_for(lambda: " ready." in log.read_text(), "the worker is ready")
            # Turn deadlines far enough ahead that the worker holds them, unacknowledged,
            # while Redis goes away (the tables need not exist).
            eta = timezone.now() + timedelta(minutes=5)
            with celery_app.connection_for_write(url) as connection:
                for _ in range(HELD):
                    celery_app.send_task(
                        "tables.play_overdue",
                        (str(uuid.uuid4()), eta.isoformat()),
                        eta=eta,
                        connection=connection,
                    )
            _wait_for(
                lambda: log.read_text().count("] received") == HELD,
                "the worker holds the deadlines",
            )

            offset = log.stat().st_size
            kill(redis_server)
            _wait_for(
                lambda: "Connection to broker lost" in _log_after(log, offset),
                "the worker notices",
            )
            redis_server = start_redis(port)
            _wait_for(
                lambda: "Connected to" in _log_after(log, offset) or worker.poll() is not None,
                "the worker reconnects",
            )
            assert worker.poll() is None, _log_after(log, offset)[-3000:]

            # It runs what it is sent now: here the task that closes idle rooms.
            room = Room.objects.create(code="RDS1", kind="sanma", bot_level="beginner")
            Room.objects.filter(pk=room.pk).update(used_at=timezone.now() - timedelta(days=1))
            with celery_app.connection_for_write(url) as connection:
                celery_app.send_task("tables.expire_rooms", connection=connection)
            _wait_for(
                lambda: not Room.objects.filter(pk=room.pk).exists(),
                "the idle room is closed after the restart",
            )
            assert worker.poll() is None
    finally:
        kill(redis_server)


def test_beat_rides_out_a_redis_restart_and_sends_its_tasks_again(tmp_path):
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    log = tmp_path / "beat.log"
    # Beat with the site's app, its rounds every second (tests/site/celery_every_second.py).
    command = ["-A", "tests.site.celery_every_second", "beat", "-s", str(tmp_path / "beat")]
    queue = redis.Redis(port=port)  # no worker: what beat sends waits in the queue
    redis_server = start_redis(port)
    try:
        with running_celery(command, url, log) as beat:
            _wait_for(lambda: queue.llen("celery") > 0, "beat sends")
            offset = log.stat().st_size
            kill(redis_server)
            _wait_for(
                lambda: "Couldn't apply scheduled task" in _log_after(log, offset),
                "beat finds Redis gone",
            )
            redis_server = start_redis(port)  # empty: nothing is kept on disk
            _wait_for(lambda: queue.llen("celery") > 0, "beat sends again after the restart")
            assert beat.poll() is None, _log_after(log, offset)[-3000:]
    finally:
        queue.close()
        kill(redis_server)
