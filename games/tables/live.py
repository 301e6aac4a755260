"""Live updates of a table of several humans (docs/tables.md#live-updates).

Once a change of such a table has committed, it is announced on the table's Redis
channel with nothing but the table's version; the stream process
(``games/tables/stream.py``) passes that on to the table's open pages, and each page
then asks for its own seat's view.

A page learns the stream's address from ``stream_url``: it carries a signed key that
names the table, so the stream process needs neither the database nor the session.

A game's lobby is announced alike under the name ``lobby-<game>``
(docs/tables.md#lobby-and-rating): whenever its queue or its counts change, with a
version that only says "something changed"; its pages then ask for the counts, and a
waiting player's page for its entry, which takes it to the table once seated.
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import TYPE_CHECKING

import redis
from django.conf import settings
from django.core import signing
from django.db import transaction
from redis.connection import parse_url
from redis.exceptions import RedisError

if TYPE_CHECKING:  # the stream process reads keys without loading any model
    from .models import Table

log = logging.getLogger(__name__)


# + the table's public id; the message is its version. Redis's publish and subscribe
# ignore the database number, so the channels name it: sites (or parallel test workers)
# sharing one Redis server never hear each other's tables and lobbies. The number is read
# as the Redis client reads the URL.
CHANNEL_PREFIX = f"tables:{parse_url(settings.REDIS_URL or 'redis://').get('db', 0)}:changed:"
VERSION_PREFIX = "tables:version:"  # the last version announced, for a stream just opened
VERSION_TTL = 24 * 60 * 60
KEY_SALT = "tables.stream"
KEY_MAX_AGE = 24 * 60 * 60  # a page open longer than a day polls (or is reloaded)
LOBBY_PREFIX = "lobby-"  # + the game's key: the name a lobby is announced under

_client: redis.Redis | None = None


def redis_client() -> redis.Redis | None:
    """The site's Redis for the tables' announcements and open pages (one client per
    process, short timeouts); None where the site runs without Redis."""
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
    transaction.on_commit(lambda: _publish(public_id, version))


def _publish(name: str, version: str) -> None:
    client = redis_client()
    if client is None:
        return
    try:
        pipe = client.pipeline(transaction=False)
        pipe.set(VERSION_PREFIX + name, version, ex=VERSION_TTL)
        pipe.publish(CHANNEL_PREFIX + name, version)
        pipe.execute()
    except (RedisError, OSError):
        log.warning("live update of %s not announced", name)


def lobby_name(kind: str) -> str:
    return LOBBY_PREFIX + kind


def announce_lobby(kind: str) -> None:
    """Once the transaction commits (at once outside one), tell the game's lobby pages
    that its queue or its counts changed."""
    transaction.on_commit(lambda: _publish(lobby_name(kind), str(time.time_ns())))


def lobby_stream_url(kind: str) -> str:
    """The stream's address for a page of the game's lobby; "" where the site runs no
    stream. Its key names the lobby and a number drawn for the page, so that the cap of
    streams per key does not fall on a lobby's many readers (the caps per client
    address and in all do)."""
    base = settings.TABLE_STREAM_URL
    if not base:
        return ""
    name = lobby_name(kind)
    key = signing.dumps([name, secrets.randbelow(2**31)], salt=KEY_SALT, compress=False)
    return f"{base.rstrip('/')}/{name}?key={key}"


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
