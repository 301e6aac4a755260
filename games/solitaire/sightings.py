"""A deal open elsewhere (docs/site.md#a-deal-open-elsewhere): Pause stops the clock and
hides the faces, and a code is shareable, so the same deal opened in a second browser
(as a guest, or by a friend) could be studied while the game waits, off the clock. So a
game that was paused ranks only if, from its deal to its win, nobody else had its deal
open: no other player's game of that code was in play then, and no other viewer was
shown the deal then (``DealSeen``, kept by ``record`` wherever a deal is shown).

The daily puzzle is everybody's deal at once: its pause stops no clock instead (see
``play.resume`` and the docs).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Exists, OuterRef, Q
from django.utils import timezone

from games.players import Player

from . import daily
from .models import DealSeen, Game


def viewer_of(player: Player) -> str:
    return f"u{player.user.pk}" if player.user is not None else f"g{player.guest_id}"


def record(player: Player, code: str) -> None:
    """The deal of ``code`` is shown to the player now (one statement, one row per deal
    and viewer)."""
    DealSeen.objects.bulk_create(
        [DealSeen(code=code, viewer=viewer_of(player), at=timezone.now())],
        update_conflicts=True,
        unique_fields=["code", "viewer"],
        update_fields=["at"],
    )


def _owner(game: Game) -> Player:
    return Player(user=game.user) if game.user_id is not None else Player(guest_id=game.guest_id)


def is_a_daily_deal(game: Game) -> bool:
    """A daily game, or the code of a daily puzzle near the game's deal (played by
    everybody at once)."""
    if game.daily_date is not None:
        return True
    start = game.started_at.date()
    return game.code in {daily.code_for(start + timedelta(days=k)) for k in (-1, 0, 1, 2)}


def open_elsewhere(game: Game, until: datetime) -> bool:
    """Whether ``game`` was paused and, between its deal and ``until`` (its win), its
    deal was open to anybody but its owner."""
    if not (game.paused_seconds or game.paused_at) or is_a_daily_deal(game):
        return False
    if game.user_id is not None:
        owners = Q(user_id=game.user_id)
    else:
        owners = Q(user__isnull=True, guest_id=game.guest_id)
    others = Game.objects.filter(code=game.code).exclude(owners)
    meanwhile = others.filter(created_at__lte=until).filter(
        Q(created_at__gte=game.started_at)  # dealt meanwhile, whatever became of it
        | Q(status=Game.Status.PLAYING)  # or in play still, on a page left open
        | Q(finished_at__gte=game.started_at)  # or won meanwhile
    )
    if meanwhile.exists():
        return True
    return (
        DealSeen.objects.filter(code=game.code, at__gte=game.started_at, at__lte=until)
        .exclude(viewer=viewer_of(_owner(game)))
        .exists()
    )


def forget_the_past() -> int:
    """Delete the sightings no win can be judged by any more: those before the deal of
    every game of their code still in play (a game dealt later starts after them).
    How many went."""
    running = Game.objects.filter(
        code=OuterRef("code"), status=Game.Status.PLAYING, started_at__lte=OuterRef("at")
    )
    deleted, _ = DealSeen.objects.exclude(Exists(running)).delete()
    return deleted
