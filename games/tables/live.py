"""Live updates of a table of several humans (docs/tables.md#live-updates).

Once a change of such a table has committed, it is announced on the table's Redis
channel with nothing but the table's version; the stream process
(``games/tables/stream.py``) passes that on to the table's open pages, and each page
then asks for its own seat's view.

A page learns the stream's address from ``stream_url``: it carries a signed key that
names the table, so the stream process needs neither the database nor the session.
"""

from __future__ import annotations

import logging
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


def announce(table: Table) -> None:
    """Once the transaction commits, tell the table's pages its version."""
    public_id, version = str(table.public_id), table.shown_version

    def send() -> None:
        client = _redis()
        if client is None:
            return
        try:
            pipe = client.pipeline(transaction=False)
            pipe.set(VERSION_PREFIX + public_id, version, ex=VERSION_TTL)
            pipe.publish(CHANNEL_PREFIX + public_id, version)
            pipe.execute()
        except (RedisError, OSError):
            log.warning("live update of table %s not announced", public_id)

    transaction.on_commit(send)


def stream_url(table: Table, seat: int) -> str:
    """The stream's address for the seat's page; "" where the site runs no stream."""
    base = settings.TABLE_STREAM_URL
    if not base:
        return ""
    key = signing.dumps([str(table.public_id), seat], salt=KEY_SALT, compress=False)
    return f"{base.rstrip('/')}/{table.public_id}?key={key}"


def seat_of_key(key: str) -> tuple[str, int] | None:
    """The table's public id and the seat a stream key was made for, if it is good and
    fresh."""
    try:
        public_id, seat = signing.loads(key, salt=KEY_SALT, max_age=KEY_MAX_AGE)
    except (signing.BadSignature, ValueError, TypeError):
        return None
    if not isinstance(public_id, str) or type(seat) is not int:
        return None
    return public_id, seat


def table_of_key(key: str) -> str | None:
    """The public id of the table a stream key was made for, if it is good and fresh."""
    found = seat_of_key(key)
    return found[0] if found else None
