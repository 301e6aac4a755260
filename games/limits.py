"""Rate limits, per client address and per target (docs/site.md#rate-limits): sign-up
and password resets (accounts), room codes tried and rooms and tables opened (the table
games). Counted by the `limits` library in Redis (in memory without Redis, as under
`make run`). Log-ins are django-axes', by the same client address (``client_ip``).

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
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from limits import RateLimitItem, parse, storage, strategies
from limits.errors import StorageError

from .addresses import address_key, client_ip
from .players import Player

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


def player_key(player: Player) -> str:
    """A player as a key: an account by its id, a guest by a hash of its id (the guest's
    id itself is not stored in Redis)."""
    if player.user is not None:
        return f"user:{player.user.pk}"
    return f"guest:{target_key(player.guest_id)}"


def hit(rule: str, key: str) -> Refusal | None:
    """Count one try of ``rule`` for ``key``; a Refusal once the rule's limit is reached
    (the refused try is not counted)."""
    return _refusal(rule, key, count=True)


def _refusal(rule: str, key: str, count: bool) -> Refusal | None:
    """A Refusal if ``rule`` is reached for ``key`` (counting this try when ``count``);
    None, and a warning, when the limit cannot be counted."""
    item = _rule(rule)
    limiter = _limiter(settings.RATE_LIMIT_STORAGE)
    try:
        if (limiter.hit if count else limiter.test)(item, rule, key):
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


def exceeded(rule: str, key: str) -> Refusal | None:
    """Whether ``rule`` is reached for ``key`` already, without counting a try: a
    Refusal if so."""
    return _refusal(rule, key, count=False)


def too_many(request: HttpRequest, message: str, refusal: Refusal) -> HttpResponse:
    """The 429 page: which limit was reached (``message``) and when to try again."""
    context = {"message": message, "minutes": refusal.minutes}
    response = render(request, "too_many.html", context, status=429)
    response["Retry-After"] = str(refusal.seconds)
    return response
