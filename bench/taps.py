"""Server-side time per tap on Hoher Turm against PostgreSQL, and answer sizes.

Plays whole games on layout c through Django's test client (the full request path:
middleware, view, play.py with its row lock and commit, templates) and reports
p50/p99 per tap and the size of the answers to a select tap and to a removal.

    .venv/bin/python bench/taps.py [--games 5]

Uses BENCH_DATABASE_URL (default: database `mahjong_bench` on the local PostgreSQL,
created if missing) and BENCH_REDIS_URL (default: the local Redis, database 13).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from benchenv import bench_environment, create_database, percentile

os.environ.update(bench_environment("mahjong_bench", redis_db=13))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()

    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from games.solitaire import engine
    from games.solitaire.models import Game

    call_command("migrate", verbosity=0)
    hx = {"HTTP_HX_REQUEST": "true"}
    tap_times: list[float] = []
    select_times: list[float] = []
    removal_times: list[float] = []
    select_sizes: list[int] = []
    removal_sizes: list[int] = []
    for _ in range(args.games):
        client = Client()
        response = client.post("/new", {"layout": "c"})
        game = Game.objects.get(public_id=response["Location"].rsplit("/", 1)[-1])
        geometry = engine.geometry_for(game.positions)
        order = engine.solve(geometry, engine.Board(tuple(game.faces), game.occupied_mask), 10)
        for version, (a, b) in enumerate(order.order):
            for position, sizes, times in (
                (a, select_sizes, select_times),
                (b, removal_sizes, removal_times),
            ):
                url = f"/game/{game.public_id}/tap"
                started = time.perf_counter()
                response = client.post(url, {"position": position, "version": version}, **hx)
                tap_times.append(time.perf_counter() - started)
                times.append(tap_times[-1] * 1000)
                assert response.status_code == 200, response.status_code
                sizes.append(len(response.content))
    ms = [t * 1000 for t in tap_times]
    print(f"taps: {len(ms)} on layout c (144 tiles), {args.games} games, PostgreSQL")
    print(
        f"tap p50 {percentile(ms, 0.5):.2f} ms   p99 {percentile(ms, 0.99):.2f} ms   "
        f"mean {statistics.mean(ms):.2f} ms   (budget p50 <= 5, p99 <= 20)"
    )
    for kind, times in (("select", select_times), ("removal", removal_times)):
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        print(f"  {kind} taps: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
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
