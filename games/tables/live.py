"""Live updates of a table of several humans (docs/tables.md#live-updates).

Once a change of such a table has committed, it is announced on the table's Redis
channel with nothing but the table's version; the stream process
(``games/tables/stream.py``) passes that on to the table's open pages, and each page
then asks for its own seat's view. The first deadline of the table's clocks goes to a
task that plays for a seat out of time even when no page asks (docs/tables.md#turn-timers).

A page learns the stream's address from ``stream_url``: it carries a signed key that
names the table, so the stream process needs neither the database nor the session.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import redis
from django.conf import settings
from django.core import signing
from django.db import transaction
from redis.exceptions import RedisError

if TYPE_CHECKING:  # the stream process reads keys without loading any model
    from .models import Table

log = logging.getLogger(__name__)

CHANNEL_PREFIX = "tables:changed:"  # + the table's public id; the message is its version
VERSION_PREFIX = "tables:version:"  # the last version announced, for a stream just opened
VERSION_TTL = 24 * 60 * 60
KEY_SALT = "tables.stream"
KEY_MAX_AGE = 24 * 60 * 60  # a page open longer than a day polls (or is reloaded)
# A task runs a little after a deadline, so that it finds the time up.
TASK_GRACE = timedelta(milliseconds=200)

_client: redis.Redis | None = None


def _redis() -> redis.Redis | None:
    global _client
    if not settings.REDIS_URL:
        return None
    if _client is None:
        _client = redis.Redis.from_url(
            settings.REDIS_URL, socket_timeout=0.5, socket_connect_timeout=0.5
        )
    return _client


def announce(table: Table, deadlines: dict[int, datetime]) -> None:
    """Once the transaction commits: tell the table's pages its version, and have the
    first deadline checked by a task (not when tasks run in-process, as under
    ``make run``: there the pages' requests at the deadline do it)."""
    public_id, version = str(table.public_id), table.version
    first = min(deadlines.values(), default=None) if table.is_playing else None

    def send() -> None:
        client = _redis()
        if client is not None:
            try:
                pipe = client.pipeline(transaction=False)
                pipe.set(VERSION_PREFIX + public_id, version, ex=VERSION_TTL)
                pipe.publish(CHANNEL_PREFIX + public_id, version)
                pipe.execute()
            except (RedisError, OSError):
                log.warning("live update of table %s not announced", public_id)
        if first is not None:
            schedule_overdue(public_id, first)

    transaction.on_commit(send)


def schedule_overdue(public_id: str, when: datetime) -> None:
    from .tasks import play_overdue

    if play_overdue.app.conf.task_always_eager:
        return
    try:
        due = when + TASK_GRACE
        play_overdue.apply_async((public_id, due.isoformat()), eta=due)
    except Exception:  # a broker away: the pages' own requests at the deadline still act
        log.warning("no task for the deadline of table %s", public_id, exc_info=True)


def stream_url(table: Table, seat: int) -> str:
    """The stream's address for the seat's page; "" where the site runs no stream."""
    base = settings.TABLE_STREAM_URL
    if not base:
        return ""
    key = signing.dumps([str(table.public_id), seat], salt=KEY_SALT, compress=False)
    return f"{base.rstrip('/')}/{table.public_id}?key={key}"


def table_of_key(key: str) -> str | None:
    """The public id of the table a stream key was made for, if it is good and fresh."""
    try:
        public_id, _seat = signing.loads(key, salt=KEY_SALT, max_age=KEY_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    return public_id if isinstance(public_id, str) else None
