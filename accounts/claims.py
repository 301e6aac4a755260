"""A guest's games become the account's on sign-up and log-in (A2).

The guest's games are found by the id kept in the session (games.solitaire.views.owner_of).
Django's login() keeps the session's data (it only changes the key), and sends
user_logged_in last, so the id is still there when the receiver runs.
"""

from __future__ import annotations

from django.contrib.auth.signals import user_logged_in
from django.db import transaction
from django.db.models import F, Max
from django.dispatch import receiver
from django.http import HttpRequest

from games.solitaire.models import Game
from leaderboards.services import record_win

from .models import User

GUEST_ID = "guest_id"  # the session key games.solitaire.views.owner_of keeps the guest's id in


@receiver(user_logged_in, dispatch_uid="accounts.claim_guest_games")
def claim_on_log_in(sender, request: HttpRequest | None, user: User, **kwargs) -> None:
    session = getattr(request, "session", None)
    guest_id = session.pop(GUEST_ID, None) if session is not None else None
    if guest_id:
        claim_guest_games(user, guest_id)


@transaction.atomic
def claim_guest_games(user: User, guest_id: str) -> int:
    """Give the guest's games to the account; how many. Wins verified while playing as a
    guest enter the boards now. One game stays current (see keep_one_current)."""
    games = list(Game.objects.select_for_update().filter(user__isnull=True, guest_id=guest_id))
    if not games:
        return 0
    claimed = Game.objects.filter(pk__in=[game.pk for game in games])
    claimed.update(user=user, guest_id="")
    # A daily puzzle played as a guest while the account already existed is no try of
    # the day: else a few guest windows would give a few tries, the best one logged in.
    claimed.filter(daily_date__isnull=False, created_at__gt=user.date_joined).update(
        daily_date=None
    )
    for game in games:
        game.user, game.guest_id = user, ""
        if game.created_at > user.date_joined:
            game.daily_date = None
        record_win(game)
    keep_one_current(user)
    return len(games)


def keep_one_current(user: User) -> Game | None:
    """Of the account's unfinished games, keep the one played last; the others are
    abandoned (they stay stored). A deal nobody has moved on yet loses to any game with
    moves, so the untouched deal a returning player gets as a guest on a new device
    never pushes aside the game they were in the middle of."""
    playing = Game.objects.filter(user=user).playing()
    current = (
        playing.annotate(last_move=Max("log__created_at"))
        .order_by(F("last_move").desc(nulls_last=True), "-created_at")
        .first()
    )
    if current is not None:
        playing.exclude(pk=current.pk).update(status=Game.Status.ABANDONED)
    return current
