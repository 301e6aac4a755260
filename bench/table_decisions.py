"""Where a table decision's time goes, against its floor measured in the same run.

Plays ``--games`` East games of ``--game`` (Sanma against two bots, Classic against
three; ``--level`` Normal by default) through Django's test client with HTMX, as the
page posts, against PostgreSQL and Redis: every decision the human takes (a discard, a
win, a pass, the next hand) is one sample. Each request is split into phases, each
counted exclusively (a phase inside another is taken out of the outer one), in wall
clock and in the process's CPU time:

- ``read``: the locked read of the table with its seats (query, prefetch, decoding);
- ``state``: the engine's state of the log, from the cache or replayed;
- ``bots``: the bots' decisions;
- ``engine``: the rest of the decision (the rules applying the moves, the clocks);
- ``write``: the table's UPDATE, the commit and what runs on it (the state cached);
- ``render``: the seat's view, its presentation and the templates;
- ``rest``: the request path around it (middleware, session, form, the client).

The floor, in the same run: ``/ping`` (a trivial view through the same middleware and
client), plus the decision's own SQL sent again at once with psycopg on a twin table
(the same seed, options and owner, so the same states), plus its own bots' time. Each
figure is printed as a ratio too: a decision's p50 over its floor's p50, and each
phase's share of the decision, so that other work on a shared machine, which stretches
everything alike, moves the ratios far less than the milliseconds. ``trips`` counts the
round trips to PostgreSQL per decision (statements, BEGIN, COMMIT, the health check).

    .venv/bin/python bench/table_decisions.py [--game sanma|classic] [--level normal]
    .venv/bin/python bench/table_decisions.py --games 3 --rounds 2 --baseline ../before
    .venv/bin/python bench/table_decisions.py --profile   # a CPU profile, to stderr

``--baseline DIR`` names another checkout of this repository: the script then runs
itself ``--rounds`` times on each tree, alternately, each run in a process of its own
with its own database (the name with ``_base`` added for the baseline), on the same
games, and prints both and their ratios.

Uses BENCH_DATABASE_URL (default: database ``mahjong_bench`` on the local PostgreSQL,
created if missing) and BENCH_REDIS_URL (default: the local Redis, database 13).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import time
import uuid

from benchenv import (
    add_tree_options,
    compare_trees,
    create_database,
    enter_tree,
    percentile,
)
from table_pages import GAMES, next_move
from taps import Recorder, replay

# ``--long``: the longest game each offers (Sanma East and South, Classic a whole year).
LONG = {"sanma": {"length": "east-south"}, "classic": {"rounds": "4"}}
# The share of each game's decisions taken as its first and as its last, for the cost
# against the game's length.
EDGE = 0.2
PHASES = ("read", "state", "bots", "engine", "write", "render", "rest")
FLOOR = ("ping", "sql", "own_bots")  # each in wall clock, and with "_cpu" in CPU time


class Phases:
    """Exclusive wall and CPU time per phase: entering a phase pauses the one around it."""

    def __init__(self) -> None:
        self.stack: list[list] = []  # [phase, wall started, cpu started]
        self.wall: dict[str, float] = {}
        self.cpu: dict[str, float] = {}

    def reset(self) -> None:
        self.wall = dict.fromkeys(PHASES, 0.0)
        self.cpu = dict.fromkeys(PHASES, 0.0)

    def _stop_top(self, wall: float, cpu: float) -> None:
        if self.stack:
            phase, wall0, cpu0 = self.stack[-1]
            self.wall[phase] += wall - wall0
            self.cpu[phase] += cpu - cpu0

    def enter(self, phase: str) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        self._stop_top(wall, cpu)
        self.stack.append([phase, wall, cpu])

    def leave(self) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        self._stop_top(wall, cpu)
        self.stack.pop()
        if self.stack:
            self.stack[-1][1:] = [wall, cpu]

    def wrap(self, owner, name: str, phase: str) -> None:
        """Count ``owner.name`` (a module's function or a method) in ``phase``."""
        inner = getattr(owner, name, None)
        if inner is None:  # a tree without it
            return
        phases = self

        def timed(*args, **kwargs):
            phases.enter(phase)
            try:
                return inner(*args, **kwargs)
            finally:
                phases.leave()

        setattr(owner, name, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="sanma")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--long", action="store_true", help="the game's longest length")
    parser.add_argument("--profile", action="store_true", help="a CPU profile of the decisions")
    add_tree_options(parser)
    args = parser.parse_args()
    if args.baseline:
        compare(args)
        return
    enter_tree(args, "mahjong_bench", redis_db=13)
    samples = measure(args)
    if args.json:
        print(json.dumps(samples))
    else:
        report(args, {"this tree": samples})


def measure(args) -> dict[str, list]:
    create_database(os.environ["DATABASE_URL"])
    import django

    django.setup()
    import psycopg
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import close_old_connections, connection
    from django.test import Client

    from games.prng import SplitMix64
    from games.tables import play, registry, states, views
    from games.tables.models import Seat, Table

    call_command("migrate", verbosity=0)
    cache.clear()  # states of an earlier run's tables would answer for this one's
    with connection.cursor() as cursor:  # ids no score, count or index can equal
        for name, start in (("tables_table", 10**8), ("tables_seat", 5 * 10**8)):
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                f"GREATEST((SELECT COALESCE(MAX(id), 0) FROM {name}), {start}))"
            )
    options = connection.settings_dict.get("OPTIONS", {})
    direct = psycopg.connect(
        os.environ["DATABASE_URL"],
        autocommit=True,
        cursor_factory=psycopg.Cursor
        if options.get("server_side_binding") is True
        else psycopg.ClientCursor,
        prepare_threshold=options.get("prepare_threshold"),
    )
    recorder = Recorder(connection)
    profiler = cProfile.Profile(time.process_time)
    phases = Phases()
    phases.reset()

    kind = registry.game_kind(args.game)
    own_bots: list[tuple[float, float]] = []  # (wall, cpu) per bot decision

    class Timed(type(kind)):  # the game's kind, its bots timed
        def bot_action(self, *bot_args):
            phases.enter("bots")
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                return super().bot_action(*bot_args)
            finally:
                own_bots.append((time.perf_counter() - wall, time.process_time() - cpu))
                phases.leave()

    registry.register(Timed())  # the machinery finds the kind here
    phases.wrap(play, "decide", "engine")
    for name in ("_locked", "_locked_decision"):
        phases.wrap(play, name, "read")
    phases.wrap(states, "state_at", "state")
    phases.wrap(Table, "save", "write")
    phases.wrap(connection, "commit", "write")
    phases.wrap(connection, "run_and_clear_commit_hooks", "write")
    phases.wrap(views, "table_context", "render")
    phases.wrap(views, "render", "render")

    game_options = GAMES[args.game][0]
    hx = {"HTTP_HX_REQUEST": "true", "content_type": "application/x-www-form-urlencoded"}
    samples: dict[str, list] = {
        "decision": [],
        "decision_cpu": [],
        "trips": [],
        "size": [],
        "log": [],  # the size of the table's stored log after the decision
        "place": [],  # where in its game: 0 among its first EDGE, 2 its last, else 1
        **{f"{phase}_{clock}": [] for phase in PHASES for clock in ("wall", "cpu")},
        **{name + clock: [] for name in FLOOR for clock in ("", "_cpu")},
    }
    rng = SplitMix64(2026)
    for number in range(args.games):
        client = Client()
        data = {**game_options, **(LONG[args.game] if args.long else {}), "level": args.level}
        started = client.post(f"/{args.game}/new", data)
        table = Table.objects.get(public_id=started["Location"].rsplit("/", 1)[-1])
        # The seed is the game's number: every tree plays the same games.
        table = _restarted(play, Table, table, 7919 * (number + 1), args.game)
        twin = _twin(Table, Seat, table)
        swap = {table.pk: twin.pk, table.public_id: twin.public_id}
        for seat, copy in zip(table.seats.all(), twin.seats.all(), strict=True):
            swap[seat.pk] = copy.pk
        url = f"/{args.game}/{table.public_id}"
        html = client.get(url).content.decode()
        first = len(samples["decision"])
        while 'data-phase="game-end"' not in html:
            move, version = next_move(html, args.game, rng)

            close_old_connections()
            wall, cpu = time.perf_counter(), time.process_time()
            client.get("/ping")
            samples["ping"].append(time.perf_counter() - wall)
            samples["ping_cpu"].append(time.process_time() - cpu)

            body = f"move={move}&version={version}"
            close_old_connections()  # as the WSGI handler does at a request's start
            phases.reset()
            before = len(own_bots)
            with recorder:
                if args.profile:
                    profiler.enable()
                phases.enter("rest")
                wall, cpu = time.perf_counter(), time.process_time()
                response = client.post(f"{url}/act", body, **hx)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                phases.leave()
                profiler.disable()
            assert response.status_code == 200, response.status_code
            html = response.content.decode()
            assert "The table had moved on" not in html, "a stale answer"
            samples["decision"].append(wall)
            samples["decision_cpu"].append(cpu)
            for phase in PHASES:
                samples[f"{phase}_wall"].append(phases.wall[phase])
                samples[f"{phase}_cpu"].append(phases.cpu[phase])
            samples["size"].append(len(response.content))
            with connection.cursor() as cursor:  # the stored log's size, in bytes of JSON
                cursor.execute(
                    "SELECT octet_length(log::text) FROM tables_table WHERE id = %s", [table.pk]
                )
                samples["log"].append(cursor.fetchone()[0])
            samples["trips"].append(recorder.round_trips())
            cpu = time.process_time()
            samples["sql"].append(replay(direct, recorder.statements, swap))
            samples["sql_cpu"].append(time.process_time() - cpu)
            samples["own_bots"].append(sum(wall for wall, _cpu in own_bots[before:]))
            samples["own_bots_cpu"].append(sum(cpu for _wall, cpu in own_bots[before:]))
        count = len(samples["decision"]) - first
        samples["place"] += [
            0 if index < EDGE * count else 2 if index >= (1 - EDGE) * count else 1
            for index in range(count)
        ]
        table.refresh_from_db()
        twin.refresh_from_db()
        assert twin.log == table.log, "the twin did not follow the game"
    direct.close()
    if args.profile and os.environ.get("PROFILE_FILE"):  # for pstats' callers and callees
        profiler.dump_stats(os.environ["PROFILE_FILE"])
    if args.profile:
        pstats.Stats(profiler, stream=sys.stderr).sort_stats(
            os.environ.get("PROFILE_SORT", "cumulative")
        ).print_stats(50)
    return samples


def _restarted(play, Table, table, seed: int, game: str):
    """The same table started again with a fixed seed (the seat it gives the human)."""
    from games.players import Player

    seats = list(table.seats.all())
    human = next(seat for seat in seats if not seat.is_bot)
    level = next(seat.bot_level for seat in seats if seat.is_bot)
    player = Player(human.user) if human.user_id else Player(guest_id=human.guest_id)
    kind = play.rules_for(game)
    seat = seed % kind.seats
    who: list = [level] * kind.seats
    who[seat] = player
    table.delete()
    return play.start_table(game, table.options, who, seed=seed)


def _twin(Table, Seat, table):
    """A copy of the table and its seats (the same owner), for the floor's SQL."""
    seats = list(Seat.objects.filter(table=table))  # its own copies, not the table's
    twin = Table.objects.get(pk=table.pk)
    twin.pk, twin.public_id = None, uuid.uuid4()
    twin.save(force_insert=True)
    for seat in seats:
        seat.pk, seat.table = None, twin
    Seat.objects.bulk_create(seats)
    return Table.objects.get(pk=twin.pk)


def compare(args) -> None:
    """Run the baseline and this tree alternately, each in its own process."""
    options = ["--games", str(args.games), "--game", args.game, "--level", args.level]
    report(args, compare_trees(__file__, args, options + (["--long"] if args.long else [])))


def report(args, runs: dict[str, dict[str, list]]) -> None:
    def ms(values: list[float], share: float = 0.5) -> float:
        return percentile(values, share) * 1000

    def mean_ms(values: list[float]) -> float:
        return sum(values) / len(values) * 1000

    any_run = next(iter(runs.values()))
    print(
        f"{args.game} against {args.level} bots: {len(any_run['decision'])} decisions per tree "
        f"in {args.games} {'long' if args.long else 'East'} games a run, PostgreSQL + Redis; "
        "times in ms"
    )
    print(
        f"{'tree':<10} {'':<6} {'p50':>6} {'p95':>6} {'p99':>6} {'/ping':>6} {'SQL':>6} "
        f"{'bots':>6} {'floor':>6} {'ratio':>6} {'trips':>5} {'KB':>5}"
    )
    ratios = {}
    for name, s in runs.items():
        for clock, key, suffix in (("wall", "decision", ""), ("cpu", "decision_cpu", "_cpu")):
            ping, sql, bots = (ms(s[part + suffix]) for part in FLOOR)
            floor = ping + sql + bots
            p50 = ms(s[key])
            ratios[name, clock] = p50 / floor
            print(
                f"{name:<10} {clock:<6} {p50:6.2f} {ms(s[key], 0.95):6.2f} "
                f"{ms(s[key], 0.99):6.2f} {ping:6.2f} {sql:6.2f} "
                f"{bots:6.2f} {floor:6.2f} {p50 / floor:6.2f} "
                f"{sum(s['trips']) / len(s['trips']):5.1f} "
                f"{sum(s['size']) / len(s['size']) / 1024:5.1f}"
            )
    print("\nper phase: mean ms per decision (share of the decision's mean), wall / cpu")
    print(f"{'tree':<10} " + " ".join(f"{phase:>17}" for phase in PHASES))
    for name, s in runs.items():
        cells = []
        for phase in PHASES:
            wall, cpu = mean_ms(s[f"{phase}_wall"]), mean_ms(s[f"{phase}_cpu"])
            share = wall / mean_ms(s["decision"])
            cells.append(f"{wall:5.2f}/{cpu:5.2f} ({share:4.0%})")
        print(f"{name:<10} " + " ".join(f"{cell:>17}" for cell in cells))
    print(
        f"\nagainst the game's length: its first {EDGE:.0%} of decisions and its last "
        f"(p50 / p95 ms, the log's mean size in KB), late p95 / early p95"
    )
    for name, s in runs.items():
        for clock, key in (
            ("wall", "decision"),
            ("cpu", "decision_cpu"),
            ("wall", "write_wall"),
            ("cpu", "write_cpu"),
            ("wall", "read_wall"),
        ):
            cells, p95s = [], []
            for place in (0, 2):
                values = [v for v, at in zip(s[key], s["place"], strict=True) if at == place]
                sizes = [v for v, at in zip(s["log"], s["place"], strict=True) if at == place]
                p95s.append(ms(values, 0.95))
                cells.append(
                    f"{ms(values):6.2f} / {ms(values, 0.95):6.2f} "
                    f"({sum(sizes) / len(sizes) / 1024:4.1f} KB)"
                )
            print(
                f"{name:<10} {key.split('_')[0]:<8} {clock:<4} first {cells[0]}  "
                f"last {cells[1]}  last / first p95 {p95s[1] / p95s[0]:.2f}"
            )
    if len(runs) == 2:
        base, this = runs["baseline"], runs["this tree"]
        print()
        for clock, key in (("wall", "decision"), ("cpu", "decision_cpu")):
            print(
                f"{clock}: this tree's p50 / baseline's p50 = "
                f"{ms(this[key]) / ms(base[key]):.2f}; ratio to the floor "
                f"{ratios['baseline', clock]:.2f} -> {ratios['this tree', clock]:.2f}"
            )
        for phase in PHASES:
            b, t = mean_ms(base[f"{phase}_cpu"]), mean_ms(this[f"{phase}_cpu"])
            print(f"  {phase:<7} cpu mean {b:5.2f} -> {t:5.2f} ms ({t / b if b else 0:.2f}x)")


if __name__ == "__main__":
    main()
