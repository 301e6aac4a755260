"""Boards cached in Redis, recomputed after a new verified win, served from the database
when Redis is away (docs/site.md#caching).

Each scope (a layout, a day) has a version that a new win replaces. A cached board is
stored with the version it was computed under and is served only while that is still
the scope's version: a board computed from data read just before a win can never be
served after it. Version and board come back in one round trip (MGET).
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable

from django.core.cache import cache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

SCHEMA = "lb3"  # bump when the cached shape changes
TIMEOUT = 10 * 60  # bounds staleness if a refresh was missed while Redis was away
CACHE_ERRORS = (RedisError, OSError)


def _version_key(scope: str) -> str:
    return f"{SCHEMA}:version:{scope}"


def cached[T](scope: str, name: str, compute: Callable[[], T]) -> T:
    """The cached value of `name` in `scope`, computed and stored when missing or stale."""
    version_key, value_key = _version_key(scope), f"{SCHEMA}:{scope}:{name}"
    try:
        found = cache.get_many([version_key, value_key])
    except CACHE_ERRORS:
        log.warning("leaderboard cache unavailable, reading %s %s from the database", scope, name)
        return compute()
    version, stored = found.get(version_key), found.get(value_key)
    if version is not None and stored is not None and stored[0] == version:
        return stored[1]
    value = compute()
    try:
        if version is None:
            version = uuid.uuid4().hex
            if not cache.add(version_key, version, timeout=None):
                return value  # another process started the scope meanwhile
        cache.set(value_key, (version, value), timeout=TIMEOUT)
    except CACHE_ERRORS:
        log.warning("leaderboard cache unavailable, %s %s not stored", scope, name)
    return value


def refresh(*scopes: str) -> None:
    """A new win landed: the boards of these scopes are computed afresh when next asked."""
    try:
        cache.set_many({_version_key(scope): uuid.uuid4().hex for scope in scopes}, timeout=None)
    except CACHE_ERRORS:
        log.warning("leaderboard cache unavailable, boards of %s not refreshed", scopes)
