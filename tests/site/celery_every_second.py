"""The site's Celery app with a beat that closes idle rooms every second instead of
every ten minutes, for the test of a Redis restart (test_redis_restart.py)."""

from config.celery import app

app.conf.beat_schedule = {"expire-rooms": {"task": "tables.expire_rooms", "schedule": 1.0}}

__all__ = ["app"]
