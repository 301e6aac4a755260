"""The engine's state of a table at any point of its log: from a cache, else rebuilt
from seed and log (docs/tables.md#states-are-rebuilt-from-the-log).

A committed log only ever grows, so the state after its first ``n`` decisions never
changes: it is cached under the table and ``n``, and stored only once the decision that
made it has committed. Without the cache (Redis away) every state is replayed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
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
SCHEMA = "t5"  # bump when an engine's state changes shape


def _key(table: Table, index: int) -> str:
    return f"{SCHEMA}:table:{table.public_id}:{index}"


def read_cache[T](read: Callable[[], T], table: Table, what: str) -> T | None:
    """What ``read`` reads from the cache, or None when Redis is away or the entry cannot
    be read (an engine change made it unpicklable): the caller then makes it afresh."""
    try:
        return read()
    except CACHE_ERRORS:
        log.warning("cache unavailable for the %s of table %s", what, table.pk)
    except Exception:
        log.exception("cached %s of table %s unreadable", what, table.pk)
    return None


def _cached(table: Table, index: int) -> State | None:
    return read_cache(lambda: cache.get(_key(table, index)), table, "state")


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


def hand_ends(table: Table, now: State | None = None) -> list[tuple[int, State]]:
    """Each hand's end, in the order played, as the log's length then and the state then
    (docs/tables.md#each-hands-end-without-a-replay); ``now``: the state after the whole
    log, when the caller has it. A hand ended where the next decision began a new hand
    (``begins_hand``), and the state now is one more end when it is at a hand's end, or
    at the game's, that no such decision has followed. A human continues after every
    hand, so each of those states ended a decision and was cached then: they are read
    in one ask, and one not found is replayed from the end before it."""
    rules = rules_for(table.kind)
    log_ = table.log
    now = state_at(table) if now is None else now
    indices = [index for index, text in enumerate(log_) if rules.begins_hand(text)]
    if _ended(rules, now) and not (log_ and rules.begins_hand(log_[-1])):
        indices.append(len(log_))
    wanted = [_key(table, index) for index in indices if index < len(log_)]
    found = (read_cache(lambda: cache.get_many(wanted), table, "states") if wanted else None) or {}
    ends: list[tuple[int, State]] = []
    at, state = 0, None
    for index in indices:
        cached = now if index == len(log_) else found.get(_key(table, index))
        if cached is None:
            cached = _replayed(rules, table, state, log_[at:index])
        ends.append((index, cached))
        at, state = index, cached
    return ends


def _ended(rules: TableRules, state: State) -> bool:
    """At a hand's result: waiting for anyone to go on, or the game over."""
    return rules.anyone_continues(state) or rules.results(state) is not None


def _replayed(rules: TableRules, table: Table, state: State | None, texts: Sequence[str]) -> State:
    """The state after ``texts`` played from ``state`` (None: the table's start)."""
    if state is None:
        return rules.replay(table.options, table.seed, texts)
    for text in texts:
        state = rules.apply(state, text)
    return state
