"""Server-side time per tap on Hoher Turm against PostgreSQL, against its floor, and
answer sizes.

Plays whole games on layout c through Django's test client (the full request path:
middleware, session, view, play.py with its row lock and commit, templates; before each
request the connection check a WSGI server runs at a request's start) and reports
p50/p99 per tap, split into select taps (their commit does not wait for the disk) and
removals (a durable commit).

The floor, measured in the same run: `/ping` (a trivial view through the same
middleware and client) plus the tap's own SQL sent directly with psycopg. Every
statement a tap sends is recorded (the connection's health check, the session, the
transaction with its BEGIN and COMMIT) and sent again at once, the same statements in
the same transactions, on a twin game (the same deal, the same owner) that therefore
goes through the same states. A tap's ratio is its p50 over (p50 of /ping + p50 of
its SQL). `cpu` is the process's own CPU time per request (p50), which other work on the
machine stretches far less than the wall clock.

    .venv/bin/python bench/taps.py [--games 5]
    .venv/bin/python bench/taps.py --games 3 --rounds 3 --baseline ../before
    .venv/bin/python bench/taps.py --games 2 --profile select   # CPU profile, to stderr

`--baseline DIR` names another checkout of this repository: the script then runs
itself `--rounds` times on each tree, alternately, each run in a process of its own
with its own database (the name with `_base` added for the baseline), and prints both
and their ratios.

Uses BENCH_DATABASE_URL (default: database `mahjong_bench` on the local PostgreSQL,
created if missing) and BENCH_REDIS_URL (default: the local Redis, database 13).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import statistics
import sys
import time
import uuid
from urllib.parse import urlencode

from benchenv import (
    add_tree_options,
    compare_trees,
    create_database,
    enter_tree,
    percentile,
)

KINDS = ("select", "removal")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--profile", choices=KINDS, help="print a CPU profile of this kind of tap")
    add_tree_options(parser)
    args = parser.parse_args()
    if args.baseline:
        compare(args)
        return
    enter_tree(args, "mahjong_bench", redis_db=13)
    samples = measure(args.games, args.profile)
    if args.json:
        print(json.dumps(samples))
    else:
        report({"this tree": samples})


def measure(games: int, profile: str | None = None) -> dict[str, list]:
    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    import psycopg
    from django.core.management import call_command
    from django.db import close_old_connections, connection
    from django.test import Client

    from games.solitaire import engine
    from games.solitaire.models import Game

    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:  # ids no position, version or count can equal
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('solitaire_game', 'id'), "
            "GREATEST((SELECT COALESCE(MAX(id), 0) FROM solitaire_game), 1000000))"
        )
    # The floor's statements are bound and prepared as the site's are: by the server and
    # prepared after a few uses where its settings say so, by the client otherwise.
    options = connection.settings_dict.get("OPTIONS", {})
    server_binding = options.get("server_side_binding") is True
    direct = psycopg.connect(
        os.environ["DATABASE_URL"],
        autocommit=True,
        cursor_factory=psycopg.Cursor if server_binding else psycopg.ClientCursor,
        prepare_threshold=options.get("prepare_threshold"),
    )
    recorder = Recorder(connection)
    profiler = cProfile.Profile(time.process_time)
    # As HTMX posts a form: urlencoded.
    hx = {"HTTP_HX_REQUEST": "true", "content_type": "application/x-www-form-urlencoded"}
    samples: dict[str, list] = {
        "ping": [],
        "ping_cpu": [],
        **{
            f"{kind}_{what}": []
            for kind in KINDS
            for what in ("tap", "cpu", "sql", "trips", "size")
        },
    }
    for _ in range(games):
        client = Client()
        response = client.post("/new", {"layout": "c"})
        game = Game.objects.get(public_id=response["Location"].rsplit("/", 1)[-1])
        client.get(response["Location"])  # the page, as a player opens it
        twin = Game.objects.get(pk=game.pk)
        twin.pk, twin.public_id = None, uuid.uuid4()
        twin.save(force_insert=True)
        twin.refresh_from_db()
        swap = {game.pk: twin.pk, game.public_id: twin.public_id}
        geometry = engine.geometry_for(game.positions)
        order = engine.solve(geometry, engine.Board(tuple(game.faces), game.occupied_mask), 10)
        selected = ""
        for version, (a, b) in enumerate(order.order):
            for kind, position in zip(KINDS, (a, b), strict=True):
                close_old_connections()
                started, cpu = time.perf_counter(), time.process_time()
                client.get("/ping")
                samples["ping"].append(time.perf_counter() - started)
                samples["ping_cpu"].append(time.process_time() - cpu)

                data = {"position": position, "version": version, "selected": selected}
                close_old_connections()  # as the WSGI handler does at a request's start
                with recorder:
                    if kind == profile:
                        profiler.enable()
                    started, cpu = time.perf_counter(), time.process_time()
                    response = client.post(f"/game/{game.public_id}/tap", urlencode(data), **hx)
                    samples[f"{kind}_tap"].append(time.perf_counter() - started)
                    samples[f"{kind}_cpu"].append(time.process_time() - cpu)
                    profiler.disable()
                assert response.status_code == 200, response.status_code
                assert b"The board had changed" not in response.content, "a stale answer"
                samples[f"{kind}_size"].append(len(response.content))
                samples[f"{kind}_sql"].append(replay(direct, recorder.statements, swap))
                samples[f"{kind}_trips"].append(recorder.round_trips())
                selected = position if kind == "select" else ""
        game.refresh_from_db()
        twin.refresh_from_db()
        assert game.status == twin.status == Game.Status.WON, (game.status, twin.status)
        assert twin.version == game.version and twin.moves == game.moves
    direct.close()
    if profile:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats(
            os.environ.get("PROFILE_SORT", "cumulative")
        ).print_stats(40)
    return samples


class Recorder:
    """Every statement sent on the connection while active, in order, as (sql, params,
    inside a transaction); the connection's health check as "SELECT 1"."""

    def __init__(self, connection) -> None:
        self.connection = connection
        self.statements: list[tuple[str, object, bool]] = []
        self.is_usable = connection.is_usable

    def __enter__(self) -> Recorder:
        self.statements = []
        self.connection.is_usable = self._health_check
        self.wrapper = self.connection.execute_wrapper(self._execute)
        self.wrapper.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.wrapper.__exit__(*exc)
        self.connection.is_usable = self.is_usable

    def _health_check(self) -> bool:
        self.statements.append(("SELECT 1", None, False))
        return self.is_usable()

    def _execute(self, execute, sql, params, many, context):
        if many:
            raise NotImplementedError("executemany in a tap")
        self.statements.append((sql, params, self.connection.in_atomic_block))
        return execute(sql, params, many, context)

    def round_trips(self) -> int:
        """Statements, and a BEGIN and a COMMIT per transaction."""
        trips, inside = 0, False
        for _sql, _params, atomic in self.statements:
            trips += 1 + (atomic and not inside) + (inside and not atomic)
            inside = atomic
        return trips + inside


def replay(direct, statements, swap: dict) -> float:
    """Send the statements again on `direct` in the same transactions, the game's ids
    swapped for the twin's; the seconds it took."""
    started = time.perf_counter()
    inside = False
    for sql, params, atomic in statements:
        if inside and not atomic:
            direct.commit()
            direct.autocommit = True
        elif atomic and not inside:
            direct.autocommit = False  # psycopg sends BEGIN before the next statement
        inside = atomic
        if params is not None:
            if isinstance(params, dict):
                params = {key: swap.get(value, value) for key, value in params.items()}
            else:
                params = [_swapped(value, swap) for value in params]
        direct.execute(sql, params)
    if inside:
        direct.commit()
        direct.autocommit = True
    return time.perf_counter() - started


def _swapped(value, swap: dict):
    if isinstance(value, list):  # an array, as bulk inserts send them
        return [_swapped(item, swap) for item in value]
    try:
        return swap.get(value, value)
    except TypeError:  # unhashable (a JSON value)
        return value


def compare(args) -> None:
    """Run the baseline and this tree alternately, each in its own process."""
    report(compare_trees(__file__, args, ["--games", str(args.games)]))


def report(runs: dict[str, dict[str, list]]) -> None:
    def ms(values: list[float], share: float = 0.5) -> float:
        return percentile(values, share) * 1000

    any_run = next(iter(runs.values()))
    taps = len(any_run["select_tap"]) + len(any_run["removal_tap"])
    print(f"{taps} taps per tree on layout c (144 tiles), PostgreSQL; times in ms")
    print(
        f"{'tree':<10} {'kind':<8} {'p50':>6} {'p99':>6} {'/ping':>6} {'SQL':>6} {'floor':>6}"
        f" {'ratio':>6} {'trips':>5} {'bytes':>6} {'cpu':>6}"
    )
    ratios: dict[tuple[str, str], float] = {}
    for name, samples in runs.items():
        ping = ms(samples["ping"])
        every = samples["select_tap"] + samples["removal_tap"]
        for kind in KINDS:
            tap, sql = ms(samples[f"{kind}_tap"]), ms(samples[f"{kind}_sql"])
            ratio = ratios[name, kind] = tap / (ping + sql)
            print(
                f"{name:<10} {kind:<8} {tap:6.2f} {ms(samples[f'{kind}_tap'], 0.99):6.2f} "
                f"{ping:6.2f} {sql:6.2f} {ping + sql:6.2f} {ratio:6.2f} "
                f"{statistics.mean(samples[f'{kind}_trips']):5.1f} "
                f"{statistics.median(samples[f'{kind}_size']):6.0f} "
                f"{ms(samples[f'{kind}_cpu']):6.2f}"
            )
        print(
            f"{name:<10} {'/ping':<8} {ping:6.2f} {ms(samples['ping'], 0.99):6.2f}"
            + " " * 43
            + f"{ms(samples['ping_cpu']):6.2f}"
        )
        print(
            f"{name:<10} {'all':<8} {ms(every):6.2f} {ms(every, 0.99):6.2f}   "
            "(budget p50 <= 5, p99 <= 20; select <= 1.5x its floor, removal <= 2x; "
            "select answer <= 2048 B)"
        )
    if len(runs) == 2:
        base, this = runs["baseline"], runs["this tree"]
        for kind in KINDS:
            print(
                f"{kind}: this tree's p50 / baseline's p50 = "
                f"{ms(this[f'{kind}_tap']) / ms(base[f'{kind}_tap']):.2f}; "
                f"ratio to the floor {ratios['baseline', kind]:.2f} -> "
                f"{ratios['this tree', kind]:.2f}"
            )


if __name__ == "__main__":
    main()
