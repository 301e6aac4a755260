"""Server-side time per tap on Hoher Turm against PostgreSQL, and answer sizes.

Plays whole games on layout c through Django's test client (the full request path:
middleware, view, play.py with its row lock and commit, templates) and reports
p50/p99 per tap and the size of the answers to a select tap and to a removal.

    .venv/bin/python bench/taps.py [--games 5]

Uses BENCH_DATABASE_URL (default: database `mahjong_bench` on the local PostgreSQL,
created if missing) and REDIS_URL (default: the local Redis).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
DATABASE_URL = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/mahjong_bench"
)
os.environ.update(
    DATABASE_URL=DATABASE_URL,
    REDIS_URL=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
    SECRET_KEY="bench-only-secret-key",
    DEBUG="0",
    SECURE_SSL_REDIRECT="0",
    SECURE_COOKIES="0",
    STATIC_MANIFEST="0",
    ALLOWED_HOSTS="testserver",
    DJANGO_SETTINGS_MODULE="config.settings",
)


def _create_database() -> None:
    import psycopg

    name = DATABASE_URL.rsplit("/", 1)[-1]
    with psycopg.connect(DATABASE_URL.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()

    _create_database()
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from games import engine
    from games.models import Game

    call_command("migrate", verbosity=0)
    hx = {"HTTP_HX_REQUEST": "true"}
    tap_times: list[float] = []
    select_sizes: list[int] = []
    removal_sizes: list[int] = []
    for _ in range(args.games):
        client = Client()
        response = client.post("/new", {"layout": "c"})
        game = Game.objects.get(public_id=response["Location"].rsplit("/", 1)[-1])
        geometry = engine.geometry_for(game.positions)
        order = engine.solve(geometry, engine.Board(tuple(game.faces), game.occupied_mask), 10)
        for version, (a, b) in enumerate(order.order):
            for position, sizes in ((a, select_sizes), (b, removal_sizes)):
                url = f"/game/{game.public_id}/tap"
                started = time.perf_counter()
                response = client.post(url, {"position": position, "version": version}, **hx)
                tap_times.append(time.perf_counter() - started)
                assert response.status_code == 200, response.status_code
                sizes.append(len(response.content))
    ms = [t * 1000 for t in tap_times]
    print(f"taps: {len(ms)} on layout c (144 tiles), {args.games} games, PostgreSQL")
    print(
        f"tap p50 {percentile(ms, 0.5):.2f} ms   p99 {percentile(ms, 0.99):.2f} ms   "
        f"mean {statistics.mean(ms):.2f} ms   (budget p50 <= 5, p99 <= 20)"
    )
    print(
        f"select answer: median {statistics.median(select_sizes):.0f} B, "
        f"max {max(select_sizes)} B (budget <= 2048)"
    )
    print(
        f"removal answer: median {statistics.median(removal_sizes):.0f} B, "
        f"max {max(removal_sizes)} B"
    )


if __name__ == "__main__":
    main()
