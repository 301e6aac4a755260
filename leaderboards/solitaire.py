"""Solitaire's leaderboards: only verified wins count, each player once per board, the daily
puzzle by each player's first win of the day, cached in Redis (docs/site.md#leaderboards).

A win enters through `record_win`, the receiver of Solitaire's ``game_won`` signal: it
is sent where play.py records the win and where a guest's games are claimed by an
account (games/solitaire/claims.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, QuerySet
from django.db.models.functions import Floor
from django.urls import reverse

from games.solitaire import pace
from games.solitaire.clock import clock_text, whole_seconds
from games.solitaire.models import NO_HELP, Game, Layout

from . import cache
from .models import PersonalBest
from .ranking import places

log = logging.getLogger(__name__)

SIZE = 10  # entries per board


@dataclass(frozen=True)
class Entry:
    place: int
    player_id: int
    name: str
    seconds: int
    achieved: date
    code: str
    # Resolved once when the board is computed, not on every page served from the cache.
    player_url: str
    play_url: str

    @property
    def time(self) -> str:
        return clock_text(self.seconds)


@dataclass(frozen=True)
class Board:
    entries: tuple[Entry, ...]
    players: int  # how many players have a time on this board


def counts(game: Game) -> bool:
    """Whether a game may enter the boards: won by an account, with a log the server
    replayed to the empty board, at a human's pace (docs/site.md#plausible-wins) and a
    time the server measured."""
    return (
        game.is_ranked
        and game.user_id is not None
        and game.elapsed_seconds is not None
        and game.finished_at is not None
    )


def ranked_wins() -> QuerySet[Game]:
    """Ranked wins of accounts: verified, at a human's pace (or cleared by an admin); a
    guest's enter the boards when an account claims them."""
    return Game.objects.ranked().filter(user__isnull=False)


def first_daily_wins(day: date) -> QuerySet[Game]:
    """Each player's first ranked win of the day's puzzle: replays never count."""
    wins = ranked_wins().filter(daily_date=day)
    earlier = wins.filter(user=OuterRef("user"), finished_at__lt=OuterRef("finished_at"))
    return wins.filter(~Exists(earlier))


# --- recording a win --------------------------------------------------------------------


def record_win(game: Game, **signal) -> None:
    """Enter a won game into the player's bests, within the caller's transaction, and
    refresh the boards it changes once that commits. A failure here is logged and never
    costs the player the win."""
    if not counts(game):
        return
    try:
        with transaction.atomic():  # a savepoint: the caller's transaction survives
            improved = _improve(game, no_help=False)
            if game.no_help:
                improved = _improve(game, no_help=True) or improved
    except DatabaseError:
        log.exception("game %s could not enter the leaderboards", game.pk)
        return
    scopes = [layout_scope(game.layout_id)] if improved else []
    if game.daily_date:
        scopes.append(daily_scope(game.daily_date))
    if scopes:
        transaction.on_commit(lambda: cache.refresh(*scopes))


def _improve(game: Game, no_help: bool) -> bool:
    """Make the game the player's best of its kind if it is faster (or, at the same shown
    time, earlier); whether it became the best."""
    assert game.elapsed_seconds is not None and game.finished_at is not None
    seconds = whole_seconds(game.elapsed_seconds)
    best, created = PersonalBest.objects.select_for_update().get_or_create(
        user_id=game.user_id,
        layout_id=game.layout_id,
        no_help=no_help,
        defaults={"seconds": seconds, "game": game, "achieved_at": game.finished_at},
    )
    if created:
        return True
    if (seconds, game.finished_at) >= (best.seconds, best.achieved_at):
        return False
    best.seconds, best.game, best.achieved_at = seconds, game, game.finished_at
    best.save(update_fields=["seconds", "game", "achieved_at"])
    return True


def rebuild_bests() -> int:
    """Recompute every personal best from the games, e.g. after a bulk import or a
    restore; the number of bests stored. One pass in memory, then one bulk insert."""
    bests: dict[tuple[int, int, bool], tuple[int, datetime, int]] = {}
    wins = ranked_wins().filter(elapsed_seconds__isnull=False, finished_at__isnull=False)
    rows = wins.annotate(
        without_help=ExpressionWrapper(NO_HELP, output_field=BooleanField())
    ).values_list("pk", "user_id", "layout_id", "elapsed_seconds", "finished_at", "without_help")
    for pk, user_id, layout_id, elapsed, finished_at, without_help in rows.iterator(
        chunk_size=10_000
    ):
        # Faster first; at the same shown time, who got there first (as in _improve).
        entry = (whole_seconds(elapsed), finished_at, pk)
        for no_help in (False, True) if without_help else (False,):
            key = (user_id, layout_id, no_help)
            if key not in bests or entry < bests[key]:
                bests[key] = entry
    with transaction.atomic():
        PersonalBest.objects.all().delete()
        PersonalBest.objects.bulk_create(
            (
                PersonalBest(
                    user_id=user_id,
                    layout_id=layout_id,
                    no_help=no_help,
                    seconds=seconds,
                    achieved_at=finished_at,
                    game_id=pk,
                )
                for (user_id, layout_id, no_help), (seconds, finished_at, pk) in bests.items()
            ),
            batch_size=5000,
        )
    cache.refresh(*(layout_scope(pk) for pk in Layout.objects.values_list("pk", flat=True)))
    return len(bests)


# --- the boards -------------------------------------------------------------------------


def layout_scope(layout_id: int) -> str:
    return f"layout:{layout_id}"


def daily_scope(day: date) -> str:
    return f"daily:{day.isoformat()}"


@dataclass(frozen=True)
class LayoutBoards:
    all_wins: Board
    no_help_wins: Board


def layout_boards(layout: Layout) -> LayoutBoards:
    """The layout's two boards, cached together: one round trip to Redis per page."""
    return cache.cached(
        layout_scope(layout.pk),
        "boards",
        lambda: LayoutBoards(_top_times(layout, no_help=False), _top_times(layout, no_help=True)),
    )


def top_times(layout: Layout, no_help: bool = False) -> Board:
    """The layout's top ten, each player's best once; "Ohne Hilfe" wins only if asked."""
    boards = layout_boards(layout)
    return boards.no_help_wins if no_help else boards.all_wins


def _top_times(layout: Layout, no_help: bool) -> Board:
    bests = PersonalBest.objects.board(layout, no_help)
    rows = list(
        bests.select_related("user", "game").only(
            "seconds", "achieved_at", "user__username", "user__display_name", "game__code"
        )[:SIZE]
    )
    return _board(
        [(best.user, best.seconds, best.achieved_at, best.game.code) for best in rows],
        players=bests.count(),
    )


def daily_board(day: date) -> Board:
    """The day's board: each player's first verified win of the daily puzzle."""
    return cache.cached(daily_scope(day), "all", lambda: _daily_board(day))


def _daily_board(day: date) -> Board:
    firsts = first_daily_wins(day)
    games = list(
        firsts.only("user_id", "elapsed_seconds", "finished_at", "code").order_by(
            Floor("elapsed_seconds"), "finished_at"
        )[:SIZE]
    )
    # The ten players apart: joined in the query, PostgreSQL would hash every account.
    users = (
        get_user_model()
        .objects.only("username", "display_name")
        .in_bulk([g.user_id for g in games])
    )
    return _board(
        [
            (users[g.user_id], whole_seconds(g.elapsed_seconds), g.finished_at, g.code)
            for g in games
        ],
        players=firsts.count(),
    )


def _board(rows: list[tuple], players: int) -> Board:
    ranks = places([seconds for _, seconds, _, _ in rows])
    entries = tuple(
        Entry(
            place,
            user.pk,
            user.public_name,
            seconds,
            achieved.date(),
            code,
            player_url=reverse("player", args=[user.pk]),
            play_url=reverse("play", args=[code]),
        )
        for place, (user, seconds, achieved, code) in zip(ranks, rows, strict=True)
    )
    return Board(entries, players)


# --- the win summary ---------------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    """Where the player's best stands after this win."""

    is_this_game: bool  # this win is (now) the player's best
    time: str
    place: int
    players: int


def summary_for(game: Game) -> dict:
    """What the win summary adds: personal bests and places, or why there are none."""
    if game.status != Game.Status.WON:
        return {}
    if not game.is_verified_win:
        return {"unverified": True}
    if not game.is_ranked:
        return {"unranked": pace.explain(game)}
    if game.user_id is None:
        return {"guest": True}  # a sign-up claims the win, and it enters the boards then
    if not counts(game):
        return {"unverified": True}
    return {
        "best": _standing(game, no_help=False),
        "no_help_best": _standing(game, no_help=True) if game.no_help else None,
        "daily": _daily_standing(game) if game.daily_date else None,
        "board_url": reverse("leaderboards:layout", args=[game.layout.letter]),
    }


def _standing(game: Game, no_help: bool) -> Standing | None:
    best = PersonalBest.objects.filter(
        user_id=game.user_id, layout_id=game.layout_id, no_help=no_help
    ).first()
    if best is None:
        return None
    everyone = PersonalBest.objects.filter(layout_id=game.layout_id, no_help=no_help)
    return Standing(
        is_this_game=best.game_id == game.pk,
        time=clock_text(best.seconds),
        place=PersonalBest.objects.faster_than(best).count() + 1,
        players=everyone.count(),
    )


def _daily_standing(game: Game) -> Standing | None:
    """This win on the day's board, if it is the player's first of the day."""
    assert game.daily_date is not None and game.elapsed_seconds is not None
    firsts = first_daily_wins(game.daily_date)
    if not firsts.filter(pk=game.pk).exists():
        return None
    seconds = whole_seconds(game.elapsed_seconds)
    return Standing(
        is_this_game=True,
        time=clock_text(seconds),
        place=firsts.filter(elapsed_seconds__lt=seconds).count() + 1,
        players=firsts.count(),
    )
