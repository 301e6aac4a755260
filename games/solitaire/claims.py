"""A guest's Solitaire games become an account's when the guest signs up or logs in
(docs/site.md#guests-and-claiming)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import F, Max

from .models import Game
from .signals import game_won


@transaction.atomic
def claim_guest_games(user: AbstractBaseUser, guest_id: str) -> int:
    """Give the guest's games to the account; how many. Wins verified while playing as a
    guest enter the boards now. One game stays current (see keep_one_current)."""
    games = list(Game.objects.select_for_update().filter(user__isnull=True, guest_id=guest_id))
    if not games:
        return 0
    claimed = Game.objects.filter(pk__in=[game.pk for game in games])
    # A daily puzzle played as a guest while the account already existed is no try of
    # the day: else a few guest windows would give a few tries, the best one logged in.
    # Nor is one of a day the account has its own daily game of (one a day, held unique).
    days_taken = set(
        Game.objects.filter(user=user, daily_date__isnull=False).values_list(
            "daily_date", flat=True
        )
    )

    def no_try(game: Game) -> bool:
        return game.created_at > user.date_joined or game.daily_date in days_taken

    claimed.filter(pk__in=[g.pk for g in games if g.daily_date and no_try(g)]).update(
        daily_date=None
    )
    claimed.update(user=user, guest_id="")
    for game in games:
        game.user, game.guest_id = user, ""
        if game.daily_date and no_try(game):
            game.daily_date = None
        if game.status == Game.Status.WON:
            game_won.send(Game, game=game)
    keep_one_current(user)
    return len(games)


def keep_one_current(user: AbstractBaseUser) -> Game | None:
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
