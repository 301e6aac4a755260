"""Which seats of a table have a page of it open (docs/tables.md#turn-timers): a seat
is away only when its player missed decisions *and* has no page open, so that a slow
reader is never taken for gone.

A page counts as open while its stream is connected (the stream process notes it when
the stream opens and at each ping, and forgets it when it closes) or while it asked
for the table within ``TABLE_PAGE_OPEN_SECONDS`` (a poll, the page itself, a post at a
deadline). Each table has one sorted set in Redis, ``tables:open:<table>``: a member
per page (``<seat>:<what>``) scored by the time until which it counts as open. Plain
Python and Redis only: the stream process imports it without any model.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from redis.exceptions import RedisError

from .live import redis_client

log = logging.getLogger(__name__)

PREFIX = "tables:open:"  # + the table's public id
KEY_TTL = 24 * 60 * 60  # a table nobody looks at any more forgets its pages


def key(public_id: str) -> str:
    return PREFIX + str(public_id)


def member(seat: int, what: str) -> str:
    """One page's entry: its seat, and what keeps it (``poll``, or one stream)."""
    return f"{seat}:{what}"


def seat_of_member(name: bytes | str) -> int | None:
    text = name.decode() if isinstance(name, bytes) else name
    head = text.split(":", 1)[0]
    return int(head) if head.isdigit() else None


def note_request(public_id, seat: int) -> None:
    """The seat's page asked for the table: it counts as open for a while."""
    client = redis_client()
    if client is None:
        return
    now = time.time()
    try:
        pipe = client.pipeline(transaction=False)
        pipe.zremrangebyscore(key(public_id), "-inf", now)  # pages gone long since
        pipe.zadd(key(public_id), {member(seat, "poll"): now + settings.TABLE_PAGE_OPEN_SECONDS})
        pipe.expire(key(public_id), KEY_TTL)
        pipe.execute()
    except (RedisError, OSError):
        log.warning("page of table %s not noted", public_id)


def open_seats(public_id) -> set[int] | None:
    """The seats with a page open now; None when Redis cannot say (then no seat counts
    as open, and the timers make a seat away as they did without this)."""
    client = redis_client()
    if client is None:
        return None
    try:
        names = client.zrangebyscore(key(public_id), time.time(), "+inf")
    except (RedisError, OSError):
        return None
    return {seat for name in names if (seat := seat_of_member(name)) is not None}
