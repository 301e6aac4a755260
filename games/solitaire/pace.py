"""Whether a verified win was played at a human's pace (docs/site.md#plausible-wins).

Replaying the move log proves every move legal, not that a person made it: a script
that solves the deal it is shown and taps at machine speed wins in no time. So a win
also needs a pace a person can play at, judged from what the server itself measured:
the game's clock (paused time left out) and the times it logged each move at
(``Move.created_at``). Two floors, both far below how fast people play (a pair every
second or so):

- per game: the clock must show at least ``SECONDS_PER_PAIR`` for each pair of the
  layout: a pair is two aimed taps on two tiles found on the board;
- per removal: at most one removal in ``QUICK_SHARE`` may come sooner than
  ``REMOVAL_FLOOR`` after the move before it (or after the deal). Two taps at two places
  in a quarter of a second is beyond anybody; the few allowed absorb taps that a
  stalled connection delivers at once.

A win that fails either is kept and shown to its player, marked "not ranked" with the
reason, and stays off the boards unless an admin clears it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Protocol

from django.db import models
from django.utils.translation import gettext_lazy as _

SECONDS_PER_PAIR = 0.6
REMOVAL_FLOOR = 0.25
QUICK_SHARE = 10  # one removal in ten


class Implausible(models.TextChoices):
    """Why a win does not rank; empty for a win at a human's pace."""

    FAST_GAME = "fast_game", _("faster than the floor per game")
    QUICK_REMOVALS = "quick_removals", _("too many removals faster than two taps")
    # Not a pace, but the same verdict: docs/site.md#a-deal-open-elsewhere.
    SEEN_ELSEWHERE = "seen_elsewhere", _("paused while its deal was open elsewhere")


class LoggedMove(Protocol):
    kind: str
    created_at: datetime


def floor_seconds(pairs: int) -> float:
    """The least time on the clock a human win of ``pairs`` pairs needs."""
    return SECONDS_PER_PAIR * pairs


def quick_removals(started_at: datetime, log: Iterable[LoggedMove]) -> tuple[int, int]:
    """(removals sooner than the floor after the move before them, all removals)."""
    quick = removals = 0
    previous = started_at
    for move in log:
        if move.kind == "remove":
            removals += 1
            quick += (move.created_at - previous).total_seconds() < REMOVAL_FLOOR
        previous = move.created_at
    return quick, removals


def judge(
    elapsed_seconds: float, pairs: int, started_at: datetime, log: Iterable[LoggedMove]
) -> str:
    """Why a win of ``pairs`` pairs, ``elapsed_seconds`` on the clock, with this log, is
    no human's (an ``Implausible`` value), or "" when it is plausible."""
    if elapsed_seconds < floor_seconds(pairs):
        return Implausible.FAST_GAME
    quick, removals = quick_removals(started_at, log)
    if quick > removals // QUICK_SHARE:
        return Implausible.QUICK_REMOVALS
    return ""


def explain(game) -> str:
    """Why this won game does not rank, in the player's words; "" when it does (a deal
    open elsewhere too: docs/site.md#a-deal-open-elsewhere)."""
    from django.utils.translation import gettext

    from .clock import clock_text

    if not game.implausible or game.cleared_at is not None:
        return ""
    pairs = len(game.positions) // 2
    if game.implausible == Implausible.FAST_GAME:
        return gettext(
            "Not ranked: %(pairs)d pairs in %(time)s is faster than anybody can clear them; "
            "a win here needs at least %(floor)s on the clock."
        ) % {
            "pairs": pairs,
            "time": clock_text(game.elapsed_seconds),
            "floor": clock_text(floor_seconds(pairs) + 0.999),
        }
    if game.implausible == Implausible.SEEN_ELSEWHERE:
        return gettext(
            "Not ranked: this game was paused, and while it ran its deal was open "
            "elsewhere, in another browser or for another player, where it could be "
            "studied off the clock. A game that is not paused ranks however many open "
            "its code."
        )
    quick, removals = quick_removals(game.started_at, game.log.only("kind", "created_at"))
    return gettext(
        "Not ranked: %(quick)d of its %(removals)d removals came less than a quarter of a "
        "second after the move before, faster than two taps can be made."
    ) % {"quick": quick, "removals": removals}
