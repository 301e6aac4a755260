"""Rate limits on sign-up and password resets, per address and per target
(docs/site.md#rate-limits), counted by the `limits` library in Redis (in memory
without Redis, as under `make run`). Log-ins are django-axes' (config/settings.py).

A limit that cannot be counted (Redis away) lets the request through and logs it: the
site keeps working in an outage, as everywhere else.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from limits import RateLimitItem, parse, storage, strategies
from limits.errors import StorageError

from games.addresses import address_key

from .throttle import client_ip

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Refusal:
    """A limit reached: which, and how long until the next try is let through."""

    rule: str
    seconds: int

    @property
    def minutes(self) -> int:
        return max(1, math.ceil(self.seconds / 60))


@functools.cache
def _limiter(uri: str) -> strategies.MovingWindowRateLimiter:
    options = {"wrap_exceptions": True}
    if uri.startswith("redis"):
        options |= {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
    return strategies.MovingWindowRateLimiter(storage.storage_from_string(uri, **options))


def _rule(name: str) -> RateLimitItem:
    return parse(settings.RATE_LIMITS[name])


def address_of(request: HttpRequest) -> str:
    """The client's address; an IPv6 client by its /64 (games/addresses.py)."""
    return address_key(client_ip(request))


def target_key(text: str) -> str:
    """An e-mail address as a key: case and spaces do not make another target, and the
    address itself is not stored in Redis."""
    return hashlib.sha256(text.strip().casefold().encode()).hexdigest()


def hit(rule: str, key: str) -> Refusal | None:
    """Count one try of ``rule`` for ``key``; a Refusal once the rule's limit is reached
    (the refused try is not counted)."""
    item = _rule(rule)
    limiter = _limiter(settings.RATE_LIMIT_STORAGE)
    try:
        if limiter.hit(item, rule, key):
            return None
        reset_at = limiter.get_window_stats(item, rule, key).reset_time
    except StorageError:
        log.warning("rate limit %s cannot be counted: letting the request through", rule)
        return None
    return Refusal(rule, max(1, math.ceil(reset_at - time.time())))


def first_refusal(*tries: tuple[str, str]) -> Refusal | None:
    """Count each (rule, key) in turn; the first refusal stops the counting."""
    for rule, key in tries:
        refusal = hit(rule, key)
        if refusal is not None:
            return refusal
    return None
