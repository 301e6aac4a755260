"""Load test in the production shape, on loopback only: gunicorn with several workers,
PostgreSQL, Redis; locust's simulated players (bench/locustfile.py) play whole games.

For each number of players it runs, in the same session, the baseline (a trivial
Django view, /ping), the tap's floor and then the players, and prints taps/s,
p50/p95/p99, errors and the ratio of tap throughput to the baseline and to the floor.
The floor (bench/floor_urls.py, served by the same gunicorn) is what no tap can skip:
the middleware with the post's CSRF check, the session, the tap's own two SQL
statements through Django's connection, an answer of a tap's size; posted as the
players tap (a select, then a removal), its rate is the most taps this server could
answer. `--ladder` adds two phases below the floor: the same post sending no statement
(middleware, CSRF check, session, answer) and sending one a tap (a select's read, a
removal's durable write), the least the data guarantees allow: how far a tap could get
if the site did no work at all. Every phase is bounded in time. Each phase also reports
the CPU the generator (locust), the site (gunicorn, all its processes) and PostgreSQL
used, as a share of one core and in ms a request: a generator near a whole core is the
bottleneck, and its figures say little about the site.

`--baseline DIR` runs a second site from another checkout of this repository (its own
database, the name with `_base` added, on the next port) and plays the same phases
against it, alternately, for before / after figures from one run.

    .venv/bin/pip install -e ".[bench]"
    .venv/bin/python bench/load.py --users 8,32 --seconds 20 --workers 3
    .venv/bin/python bench/load.py --users 16 --baseline ../before
    .venv/bin/python bench/load.py --users 16,16 --workers 2 --threads 4 --ladder

Uses BENCH_DATABASE_URL (default: `mahjong_load` on the local PostgreSQL, created
afresh) and BENCH_REDIS_URL (default: the local Redis, database 9).
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
from benchenv import (
    KEEP_ALIVE,
    ROOT,
    bench_environment,
    checkout,
    create_database,
    free_port,
    gunicorn_command,
)

ENV = {**os.environ, **bench_environment("mahjong_load", redis_db=9)}


def _environment(tree: Path) -> dict[str, str]:
    if tree == ROOT:
        return ENV
    return {**ENV, "DATABASE_URL": ENV["DATABASE_URL"] + "_base"}


def _site_environment(tree: Path) -> dict[str, str]:
    """The site's settings with the floor's view added (bench/floor_settings.py)."""
    bench = str(ROOT / "bench")
    path = os.pathsep.join(filter(None, [bench, os.environ.get("PYTHONPATH")]))
    return {**_environment(tree), "DJANGO_SETTINGS_MODULE": "floor_settings", "PYTHONPATH": path}


def prepare_database(tree: Path) -> None:
    env = _environment(tree)
    create_database(env["DATABASE_URL"], fresh=True)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v", "0"], cwd=tree, env=env, check=True)
    create_players = (
        "from accounts.models import User; from django.contrib.auth.hashers import make_password;"
        "p = make_password('load-test-password-1');"
        "User.objects.bulk_create([User(username=f'player{i}', password=p) for i in range(200)])"
    )
    subprocess.run([*manage, "shell", "-c", create_players], cwd=tree, env=env, check=True)


def start_site(
    tree: Path,
    port: int,
    workers: int,
    threads: int,
    keep_alive: int = KEEP_ALIVE,
    access_log: Path | None = None,
) -> subprocess.Popen:
    """gunicorn serving ``tree``; with ``access_log``, a line per request: the method,
    the path, the status and the microseconds gunicorn took over it."""
    command = gunicorn_command(port, workers, threads, keep_alive)
    if access_log is not None:
        command += ["--access-logfile", str(access_log)]
        command += ["--access-logformat", "%(m)s %(U)s %(s)s %(D)s"]
    site = subprocess.Popen(command, cwd=tree, env=_site_environment(tree), start_new_session=True)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=1)
            return site
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


def cpu_seconds(process: subprocess.Popen) -> float:
    """CPU time of a process and all its children so far."""
    parent = psutil.Process(process.pid)
    return cpu_of([parent, *parent.children(recursive=True)])


def database_cpu() -> dict[int, float]:
    """CPU time so far of each of the local PostgreSQL's processes (all its databases:
    the machine's other work on it counts too, which an idle machine keeps small)."""
    processes = [p for p in psutil.process_iter(["name"]) if p.info["name"] == "postgres"]
    return {p.pid: cpu_of([p]) for p in processes}


def database_cpu_since(before: dict[int, float]) -> float:
    """What PostgreSQL's processes used since `before` (a process that ended since is
    lost, one that began counts whole: a connection lives for many requests)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in database_cpu().items())


def cpu_of(processes) -> float:
    total = 0.0
    for each in processes:
        try:
            times = each.cpu_times()
        except psutil.NoSuchProcess:
            continue
        total += times.user + times.system
    return total


def _phase(
    site: subprocess.Popen, host: str, user_class: str, users: int, seconds: int, login_share: str
) -> tuple[dict[str, dict], tuple[float, float, float]]:
    """Locust's figures, and the CPU of the generator, the site and the database per
    second of the phase."""
    generator = resource.getrusage(resource.RUSAGE_CHILDREN)
    site_before, database_before = cpu_seconds(site), database_cpu()
    started = time.monotonic()
    stats = _run_locust(host, user_class, users, seconds, login_share)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    generator_cpu = after.ru_utime + after.ru_stime - generator.ru_utime - generator.ru_stime
    site_cpu = cpu_seconds(site) - site_before
    db_cpu = database_cpu_since(database_before)
    return stats, (generator_cpu / wall, site_cpu / wall, db_cpu / wall)


def _run_locust(
    host: str, user_class: str, users: int, seconds: int, login_share: str
) -> dict[str, dict]:
    # Players arrive over about four seconds, and the figures count only once all have
    # arrived (--reset-stats): the steady state, not the ramp.
    options = f"--headless -u {users} -r {max(1, users // 4)} -t {seconds}s --reset-stats"
    with tempfile.TemporaryDirectory() as folder:
        prefix = str(Path(folder) / "run")
        command = [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locustfile.py")]
        command += options.split()
        command += ["--host", host, "--csv", prefix, "--only-summary", "--stop-timeout", "5"]
        command += ["--loglevel", "ERROR", user_class]
        subprocess.run(
            command,
            cwd=ROOT,
            env={**os.environ, "LOGIN_SHARE": login_share},
            check=False,
            timeout=seconds + 60,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        with open(prefix + "_stats.csv") as stats:
            return {row["Name"]: row for row in csv.DictReader(stats)}


def _floor_rate(stats: dict[str, dict]) -> float:
    """Taps a second of a floor phase: its selects and its removals."""
    names = ("floor select", "floor removal")
    return sum(float(stats[name]["Requests/s"]) for name in names if name in stats)


# The floor's ladder (--ladder): a tap's post without a statement, and with one.
LADDER = (("no SQL", "BarePost"), ("one stmt", "OneStatement"))


def _row(label: str, stats: dict, cpu: tuple[float, float, float] | None = None) -> str:
    rate = float(stats["Requests/s"])
    row = (
        f"{label:<10} {rate:>9.1f} {stats['50%']:>7} {stats['95%']:>7} "
        f"{stats['99%']:>7} {stats['Failure Count']:>7}"
    )
    if cpu is None:
        return row
    shares = ", ".join(f"{name} {share:.2f}" for name, share in zip(CPU_NAMES, cpu, strict=True))
    per_request = ", ".join(f"{1000 * share / rate:.2f}" for share in cpu) if rate else "-"
    return row + f"   cpu: {shares} (ms a request: {per_request})"


CPU_NAMES = ("locust", "site", "database")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", default="8,32", help="players per phase, comma-separated")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--login-share", default="0.5", help="share of players with accounts")
    parser.add_argument(
        "--players",
        default="Player",
        help="Player (taps, hints, undos), Tapper (taps only) or Solver (a solution's taps)",
    )
    parser.add_argument("--port", type=int, help="the site's port (default: a free one)")
    parser.add_argument("--baseline", type=Path, help="another checkout, on the next port")
    parser.add_argument(
        "--ladder",
        action="store_true",
        help="also the floor's post without a statement and with one statement a tap",
    )
    args = parser.parse_args()

    port = args.port or free_port()
    trees = {"this tree": (ROOT, port)}
    if args.baseline:
        trees["baseline"] = (checkout(args.baseline), port + 1 if args.port else free_port())
    sites: dict[str, tuple[subprocess.Popen, str]] = {}
    try:
        for name, (tree, tree_port) in trees.items():
            prepare_database(tree)
            site = start_site(tree, tree_port, args.workers, args.threads)
            sites[name] = (site, f"http://127.0.0.1:{tree_port}")
        print(
            f"gunicorn: {args.workers} workers x {args.threads} threads; "
            f"{args.seconds} s per phase; loopback only; cpu in cores (1.00 = one core busy)"
        )
        print(
            f"{'phase':<10} {'req/s':>9} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'errors':>7}"
        )
        ratios: dict[str, list[tuple[float, ...]]] = {}
        for round_, users in enumerate(int(u) for u in args.users.split(",")):
            names = list(sites) if round_ % 2 == 0 else list(sites)[::-1]
            for name in names:
                site, host = sites[name]

                def phase(user_class: str, site=site, host=host, users=users):
                    return _phase(site, host, user_class, users, args.seconds, args.login_share)

                baseline, ping_cpu = phase("Ping")
                ladder = {label: phase(user) for label, user in LADDER if args.ladder}
                floor, floor_cpu = phase("Floor")
                players, play_cpu = phase(args.players)
                baseline = baseline["ping"]
                taps = players["tap"]
                total = players["Aggregated"]
                pings = float(baseline["Requests/s"])
                print(f"-- {name}: {users} simulated players ({args.players})")
                print(_row("ping", baseline, ping_cpu))
                steps = []
                for label, (stats, cpu) in ladder.items():
                    print(_row(label, stats["Aggregated"], cpu))
                    steps.append(f"{label} / baseline = {_floor_rate(stats) / pings:.2f}")
                floor_taps = _floor_rate(floor)
                print(_row("floor", floor["Aggregated"], floor_cpu))
                for label in sorted(set(players) - {"Aggregated"}):
                    print(_row(label[:10], players[label]))
                print(_row("all", total, play_cpu))
                tap_rate = float(taps["Requests/s"])
                ratio = tap_rate / pings
                ratios.setdefault(name, []).append(
                    (ratio, floor_taps / pings, tap_rate / floor_taps)
                )
                if steps:
                    print("ladder: " + "; ".join(steps))
                print(
                    f"tap throughput / baseline = {ratio:.2f}; floor / baseline = "
                    f"{floor_taps / pings:.2f}; taps / floor = {tap_rate / floor_taps:.2f}; "
                    f"all game requests / baseline = {float(total['Requests/s']) / pings:.2f}"
                )
        for name, values in ratios.items():
            shown = "; ".join(f"{a:.2f}, {b:.2f}, {c:.2f}" for a, b, c in values)
            print(f"{name}: per phase, taps / ping, floor / ping, taps / floor: {shown}")
    finally:
        for site, _host in sites.values():
            os.killpg(site.pid, signal.SIGTERM)
            site.wait(timeout=30)


if __name__ == "__main__":
    main()
