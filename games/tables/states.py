"""The engine's state of a table at any point of its log: from a cache, else rebuilt
from seed and log (docs/tables.md#states-are-rebuilt-from-the-log).

A committed log only ever grows, so the state after its first ``n`` decisions never
changes: it is cached under the table and ``n``, and stored only once the decision that
made it has committed. Without the cache (Redis away) every state is replayed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.db import transaction
from redis.exceptions import RedisError

from .registry import State, TableRules, rules_for

if TYPE_CHECKING:  # the tables ask their states whether an offer is open
    from .models import Table

log = logging.getLogger(__name__)

CACHE_ERRORS = (RedisError, OSError)
TIMEOUT = 6 * 60 * 60
SCHEMA = "t4"  # bump when an engine's state changes shape


def _key(table: Table, index: int) -> str:
    return f"{SCHEMA}:table:{table.public_id}:{index}"


def _cached(table: Table, index: int) -> State | None:
    try:
        return cache.get(_key(table, index))
    except CACHE_ERRORS:
        log.warning("state cache unavailable, replaying table %s", table.pk)
        return None
    except Exception:  # an unpickling error after an engine change: replay instead
        log.exception("cached state of table %s unreadable", table.pk)
        return None


def remember(table: Table, state: State, index: int) -> None:
    """Cache the state after ``index`` decisions once the transaction commits."""

    def store() -> None:
        try:
            cache.set(_key(table, index), state, timeout=TIMEOUT)
        except CACHE_ERRORS:
            log.warning("state cache unavailable, table %s not cached", table.pk)

    transaction.on_commit(store)


def state_at(table: Table, index: int | None = None) -> State:
    """The state after the log's first ``index`` decisions (all of them by default)."""
    log_ = table.log
    index = len(log_) if index is None else max(0, min(index, len(log_)))
    rules = rules_for(table.kind)
    state = _cached(table, index)
    if state is None:
        state = _made(table, rules, index)
    if index == len(log_):
        table.note_answering(rules.answering(state))
    return state


def _made(table: Table, rules: TableRules, index: int) -> State:
    log_ = table.log
    before = _cached(table, index - 1) if index > 0 else None
    if before is not None:  # stepping on by one, as a replay does
        state = rules.apply(before, log_[index - 1])
    else:
        state = rules.replay(table.options, table.seed, log_[:index])
    remember(table, state, index)
    return state
