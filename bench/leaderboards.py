"""Time to serve a leaderboard page, cold (just refreshed) and warm (from Redis), with
10,000 players and 200,000 games in PostgreSQL.

Loads the players and games once with COPY into its own database (kept for later
runs), fills the personal bests with `rebuild_bests`, then requests the pages through
Django's test client (the full request path: middleware, view, cache, template).
"Cold" bumps the boards' cache version before each request, as a new win does.

    .venv/bin/python bench/leaderboards.py [--requests 300] [--reload]

Uses BENCH_DATABASE_URL (default: database `mahjong_bench_lb` on the local
PostgreSQL, created if missing) and BENCH_REDIS_URL (default: Redis database 14).
The games carry empty positions and faces: the boards never read them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
import uuid
from datetime import UTC, date, datetime, timedelta

from benchenv import bench_environment, create_database, percentile

os.environ.update(bench_environment("mahjong_bench_lb", redis_db=14))

PLAYERS = 10_000
GAMES = 200_000
DAYS = 30
TODAY = date(2026, 3, 31)
# Per layout: share of the games, mean and spread of a winning time in seconds.
LAYOUTS = {"a": (0.5, 150, 40), "b": (0.35, 420, 100), "c": (0.15, 1300, 300)}


def _load(rng: random.Random) -> None:
    """Players and games by COPY: a few seconds instead of minutes of INSERTs."""
    from django.db import connection

    from games.solitaire.models import Layout
    from leaderboards.solitaire import rebuild_bests

    layout_ids = dict(Layout.objects.values_list("letter", "pk"))
    joined = datetime(2026, 1, 1, tzinfo=UTC)
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_move, leaderboards_personalbest, solitaire_game")
        cursor.execute("UPDATE games_layout SET updated_by_id = NULL")
        cursor.execute("DELETE FROM accounts_user")  # not TRUNCATE: that would take layouts
    raw = connection.connection
    with raw.cursor() as cursor:
        with cursor.copy(
            "COPY accounts_user (password, is_superuser, username, first_name, last_name, "
            "email, is_staff, is_active, date_joined, display_name) FROM STDIN"
        ) as copy:
            for k in range(PLAYERS):
                copy.write_row(
                    (
                        "!",
                        False,
                        f"player{k}",
                        "",
                        "",
                        f"player{k}@example.com",
                        False,
                        True,
                        joined,
                        f"Player {k}",
                    )
                )
        cursor.execute("SELECT id FROM accounts_user ORDER BY id")
        user_ids = [row[0] for row in cursor.fetchall()]
        letters = list(LAYOUTS)
        weights = [LAYOUTS[letter][0] for letter in letters]
        with cursor.copy(
            "COPY solitaire_game (public_id, code, seed, layout_id, positions, initial_faces, "
            "faces, occupied, user_id, guest_id, daily_date, status, version, moves, hints, "
            "undos, shuffles, created_at, started_at, paused_seconds, finished_at, "
            "elapsed_seconds, verified) FROM STDIN"
        ) as copy:
            for _ in range(GAMES):
                copy.write_row(
                    _game_row(
                        rng, rng.choice(user_ids), rng.choices(letters, weights)[0], layout_ids
                    )
                )
    raw.commit()
    rebuild_bests()
    raw.autocommit = True  # VACUUM cannot run in a transaction
    with raw.cursor() as cursor:
        # What autovacuum does on a running site: statistics and the visibility map.
        cursor.execute("VACUUM ANALYZE")


def _game_row(rng: random.Random, user_id: int, letter: str, layout_ids: dict) -> tuple:
    _, mean, spread = LAYOUTS[letter]
    seed = rng.randrange(100_000_000)
    won = rng.random() < 0.6
    helped = rng.random() < 0.7
    elapsed = max(20.0, rng.gauss(mean, spread)) if won else None
    daily = letter == "b" and rng.random() < 0.2
    day = TODAY - timedelta(days=rng.randrange(DAYS)) if daily else None
    midnight = datetime.combine(
        day or TODAY - timedelta(days=rng.randrange(90)), datetime.min.time(), UTC
    )
    finished = midnight + timedelta(seconds=rng.randrange(86_400))
    played = timedelta(seconds=elapsed or 300)
    status = "won" if won else rng.choice(["abandoned", "abandoned", "playing"])
    return (
        uuid.uuid4(),
        f"{seed}-{letter}",
        seed,
        layout_ids[letter],
        "[]",
        "[]",
        "[]",
        "0" if won else "ff",
        user_id,
        "",
        day,
        status,
        20,
        18 if won else 7,
        rng.randrange(4) if helped else 0,
        rng.randrange(3) if helped else 0,
        0,
        finished - played - timedelta(seconds=3),
        finished - played,
        0.0,
        finished if won else None,
        elapsed,
        won and rng.random() < 0.995,
    )


def _time(client, path: str, before=None) -> float:
    if before:
        before()
    started = time.perf_counter()
    response = client.get(path)
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, (path, response.status_code)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--reload", action="store_true", help="load the data again")
    args = parser.parse_args()

    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from accounts.models import User
    from games.solitaire.models import Game, Layout
    from leaderboards import cache
    from leaderboards.models import PersonalBest

    call_command("migrate", verbosity=0)
    if args.reload or User.objects.count() != PLAYERS or Game.objects.count() != GAMES:
        started = time.perf_counter()
        _load(random.Random(20260331))
        print(f"loaded in {time.perf_counter() - started:.1f} s")
    print(
        f"{User.objects.count()} players, {Game.objects.count()} games, "
        f"{Game.objects.filter(status='won', verified=True).count()} verified wins, "
        f"{PersonalBest.objects.count()} personal bests"
    )

    client = Client()
    pavillon = Layout.objects.get(letter="a")
    day = TODAY - timedelta(days=3)
    pages = [
        ("layout board /leaderboards/a", "/leaderboards/a", f"layout:{pavillon.pk}"),
        ("daily board /leaderboards/daily", f"/leaderboards/daily/{day}", f"daily:{day}"),
    ]
    for name, path, scope in pages:
        _time(client, path)  # templates and connections warmed up
        cold = [
            _time(client, path, lambda s=scope: cache.refresh(s))
            for _ in range(max(10, args.requests // 10))
        ]
        warm = [_time(client, path) for _ in range(args.requests)]
        print(
            f"{name}: cold p50 {statistics.median(cold):.2f} ms  p99 "
            f"{percentile(cold, 0.99):.2f} ms | warm p50 {statistics.median(warm):.2f} ms  "
            f"p99 {percentile(warm, 0.99):.2f} ms  (aim: warm <= 5 ms)"
        )


if __name__ == "__main__":
    main()
