"""Hand-written factories for finished games, without playing them through."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from games.solitaire.models import Game, Layout
from leaderboards.services import record_win

BASE_TIME = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def layout(letter: str = "a") -> Layout:
    return Layout.objects.get(letter=letter)


def finished_game(
    user,
    seconds: float,
    *,
    letter: str = "a",
    minute: int = 0,
    status: str = Game.Status.WON,
    verified: bool = True,
    hints: int = 0,
    undos: int = 0,
    shuffles: int = 0,
    moves: int = 18,
    daily_date: date | None = None,
    record: bool = True,
) -> Game:
    """A game as play.py leaves it after a win (or not): finished `minute` minutes after
    BASE_TIME, played for `seconds` by the server's clock. Recorded for the boards like
    a real win, unless asked not to."""
    chosen = layout(letter)
    finished_at = BASE_TIME + timedelta(minutes=minute)
    won = status == Game.Status.WON
    game = Game.objects.create(
        code=f"{1000 + minute}-{letter}",
        seed=1000 + minute,
        layout=chosen,
        positions=chosen.positions,
        initial_faces=[],
        faces=[],
        occupied="0" if won else "f",
        user=user,
        guest_id="" if user else "guest",
        status=status,
        verified=verified and won,
        hints=hints,
        undos=undos,
        shuffles=shuffles,
        moves=moves,
        version=moves + undos,  # each removal, shuffle and undo is one entry of the log
        daily_date=daily_date,
        created_at=finished_at - timedelta(seconds=seconds + 5),
        started_at=finished_at - timedelta(seconds=seconds),
        finished_at=finished_at if won else None,
        elapsed_seconds=seconds if won else None,
    )
    if record:
        record_win(game)
    return game
