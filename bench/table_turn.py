"""Server-side time of a human's discard at a table game, the bots' turns included.

Plays ``--games`` East games of ``--game`` (Sanma against two bots, Classic against
three; default strength Normal) through Django's test client with HTMX, as the page
posts: the full request path with middleware, session, the row lock, the state from the
cache, the engine, the bots' decisions (and Classic's draws) until the human must decide
again, the commit and the rendered table. The human wins when it can, continues after a
hand, passes on calls and otherwise discards a seeded pick.

Reports, over the discards only: p50/p95/p99 per answer (the budget: p50 <= 40 ms at
Normal), the bots' decisions per answer and the time they took, the answer's size, and
as the baseline in the same run the plain GET of the same table page (rendering only).

    .venv/bin/python bench/table_turn.py [--game sanma|classic] [--games 4] [--level normal]

Uses BENCH_DATABASE_URL (default: database `mahjong_bench` on the local PostgreSQL,
created if missing) and BENCH_REDIS_URL (default: the local Redis, database 13).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from benchenv import bench_environment, create_database, percentile
from table_pages import GAMES, next_move

os.environ.update(bench_environment("mahjong_bench", redis_db=13))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="sanma")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--level", default="normal")
    args = parser.parse_args()

    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client

    from games.prng import SplitMix64
    from games.tables import registry
    from games.tables.models import Table

    call_command("migrate", verbosity=0)

    options, _first_moves, discard = GAMES[args.game]
    # Time the bots' decisions inside the requests.
    kind = registry.game_kind(args.game)
    bot_times: list[float] = []

    class Timed(type(kind)):  # the game's kind, its bots timed
        def bot_action(self, *bot_args):
            started = time.perf_counter()
            text = super().bot_action(*bot_args)
            bot_times.append(time.perf_counter() - started)
            return text

    registry.register(Timed())  # the machinery finds the kind here

    hx = {"HTTP_HX_REQUEST": "true"}
    discard_ms: list[float] = []
    page_ms: list[float] = []
    bots_per_answer: list[int] = []
    bots_ms: list[float] = []
    sizes: list[int] = []
    rng = SplitMix64(2026)
    for _ in range(args.games):
        client = Client()
        started = client.post(f"/{args.game}/new", {**options, "level": args.level})
        table = Table.objects.get(public_id=started["Location"].rsplit("/", 1)[-1])
        url = f"/{args.game}/{table.public_id}"
        html = client.get(url).content.decode()
        while 'data-phase="game-end"' not in html:
            move, version = next_move(html, args.game, rng)
            before = len(bot_times)
            t0 = time.perf_counter()
            response = client.post(f"{url}/act", {"move": move, "version": version}, **hx)
            elapsed = (time.perf_counter() - t0) * 1000
            assert response.status_code == 200, response.status_code
            html = response.content.decode()
            if move.startswith(discard):
                discard_ms.append(elapsed)
                bots_per_answer.append(len(bot_times) - before)
                bots_ms.append(sum(bot_times[before:]) * 1000)
                sizes.append(len(response.content))
                t0 = time.perf_counter()
                client.get(url)
                page_ms.append((time.perf_counter() - t0) * 1000)

    p50 = percentile(discard_ms, 0.5)
    base = percentile(page_ms, 0.5)
    print(
        f"{args.game} discards: {len(discard_ms)} answers in {args.games} East games against "
        f"{args.level} bots, PostgreSQL + Redis"
    )
    print(
        f"discard answer p50 {p50:.1f} ms   p95 {percentile(discard_ms, 0.95):.1f} ms   "
        f"p99 {percentile(discard_ms, 0.99):.1f} ms   (budget p50 <= 40 ms)"
    )
    print(
        f"bots per answer: mean {statistics.mean(bots_per_answer):.1f} decisions, "
        f"p50 {percentile(bots_ms, 0.5):.1f} ms of bot time"
    )
    print(f"baseline, GET of the same table page: p50 {base:.1f} ms")
    print(f"discard answer / page render: {p50 / base:.1f}x")
    print(
        f"answer size: median {statistics.median(sizes) / 1024:.1f} KB, "
        f"max {max(sizes) / 1024:.1f} KB"
    )


if __name__ == "__main__":
    main()
