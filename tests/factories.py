"""Hand-written factories shared by the tests: a sign-up form, finished games without
playing them through, and games on hand-made boards."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from games.players import Player
from games.solitaire.models import Game, Layout
from games.solitaire.signals import game_won

BASE_TIME = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

# What a newcomer types into the sign-up form.
SIGN_UP = {
    "username": "carol",
    "display_name": "Carol K",
    "email": "carol@example.com",
    "password1": "lantern-orchid-49",
    "password2": "lantern-orchid-49",
}


def check_in_on(user, day: date, offset: int = 0):
    """The player's check-in made at noon UTC of ``day`` (a past day's, to collect coins
    or a streak); the account is made older if it did not exist yet that day."""
    from accounts import coins

    noon = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=12)
    if user.date_joined > noon - timedelta(days=1):
        user.date_joined = noon - timedelta(days=1)
        user.save(update_fields=["date_joined"])
    return coins.check_in(user, offset, now=noon)


def layout(letter: str = "a") -> Layout:
    return Layout.objects.get(letter=letter)


def finished_game(
    user,
    seconds: float,
    *,
    letter: str = "a",
    minute: int = 0,
    seed: int | None = None,
    status: str = Game.Status.WON,
    verified: bool = True,
    hints: int = 0,
    undos: int = 0,
    shuffles: int = 0,
    moves: int = 18,
    daily_date: date | None = None,
    guest_id: str = "guest",
    finished_at: datetime | None = None,
    record: bool = True,
) -> Game:
    """A game as play.py leaves it after a win (or not): finished `minute` minutes after
    BASE_TIME (or at `finished_at`), played for `seconds` by the server's clock. A win
    is announced to the boards like a real one, unless asked not to."""
    chosen = layout(letter)
    finished_at = finished_at or BASE_TIME + timedelta(minutes=minute)
    won = status == Game.Status.WON
    player = Player(user) if user else Player(guest_id=guest_id)
    game = Game.laid_out(player, chosen, 1000 + minute if seed is None else seed, [])
    game.occupied = "0" if won else "f"
    game.status = status
    game.verified = verified and won
    game.hints, game.undos, game.shuffles, game.moves = hints, undos, shuffles, moves
    game.version = moves + undos  # each removal, shuffle and undo is one entry of the log
    game.daily_date = daily_date
    game.created_at = finished_at - timedelta(seconds=seconds + 5)
    game.started_at = finished_at - timedelta(seconds=seconds)
    game.finished_at = finished_at if won else None
    game.elapsed_seconds = seconds if won else None
    game.save(force_insert=True)
    if record and won:
        game_won.send(Game, game=game)
    return game


def craft_game(user, positions, faces, letter: str = "z") -> Game:
    """A game of the user on a hand-made layout with hand-picked faces (not a deal)."""
    positions = [list(p) for p in positions]
    made = Layout.objects.create(letter=letter, name="Test", positions=positions)
    game = Game.laid_out(Player(user), made, 1, faces)
    game.save(force_insert=True)
    return game
