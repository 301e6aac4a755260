"""Human-paced Sanma players against the production shape, ramped: how many players the
site serves, and what a decision costs under load.

gunicorn (``--workers`` × ``--threads``, 2 × 2 by default) serves the site with
PostgreSQL and Redis, behind a load balancer as in production (``BEHIND_PROXY``: each
player has an address of its own). For each number of players in ``--players`` (100,
200, 300, 400, 500 by default) locust (bench/table_locustfile.py) brings them in over
``--ramp`` seconds, each starting a practice table against Normal bots and then taking
one decision every 2 s, and counts the next ``--seconds`` seconds only: decisions/s
against the pace asked for, p50/p95/p99 of a decision, errors, and the CPU of gunicorn
(all its processes), PostgreSQL (all its processes: other work on the machine's
PostgreSQL counts too) and the generator (locust), each as a share of one core and in
ms per decision. A generator near a whole core is the bottleneck, and its figures say
little about the site. Beside the players' p50/p95, gunicorn's own time over each
decision (its access log): where the players wait much longer than gunicorn works, the
wait lies outside the request's handling. Each level starts from new players (and new
tables).

    .venv/bin/pip install -e ".[bench]"
    nice -n 10 .venv/bin/python bench/table_load.py
    .venv/bin/python bench/table_load.py --players 100,200 --seconds 30 --workers 2
    .venv/bin/python bench/table_load.py --players 200,300 --keep-alive 2   # gunicorn's default

Uses BENCH_DATABASE_URL (default: ``mahjong_table_load`` on the local PostgreSQL,
created afresh) and BENCH_REDIS_URL (default: the local Redis, database 9).
"""

from __future__ import annotations

import argparse
import csv
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import load
import psutil
from benchenv import KEEP_ALIVE, ROOT, bench_environment, free_port, percentile

CPU_NAMES = ("gunicorn", "postgres", "locust")


def _cpu(site: subprocess.Popen, generator: subprocess.Popen) -> tuple[float, float, float]:
    """CPU seconds so far: the site's processes, PostgreSQL's, the generator's."""
    database = sum(load.database_cpu().values())
    try:
        locust = psutil.Process(generator.pid)
        generator_cpu = load.cpu_of([locust, *locust.children(recursive=True)])
    except psutil.NoSuchProcess:
        generator_cpu = 0.0
    return load.cpu_seconds(site), database, generator_cpu


def _server_ms(access_log: Path, start: int) -> list[float]:
    """The milliseconds gunicorn took over each decision logged after byte ``start``."""
    with open(access_log) as log:
        log.seek(start)
        lines = [line.split() for line in log]
    return [int(line[3]) / 1000 for line in lines if len(line) == 4 and line[1].endswith("/act")]


def _level(site, host: str, players: int, ramp: int, seconds: int, pace: float, access_log: Path):
    """Locust's figures for ``players``, the CPU per second of the counted part and the
    milliseconds gunicorn itself took over each decision then."""
    with tempfile.TemporaryDirectory() as folder:
        prefix = str(Path(folder) / "run")
        locustfile = str(ROOT / "bench" / "table_locustfile.py")
        command = [sys.executable, "-m", "locust", "-f", locustfile]
        command += ["--headless", "-u", str(players), "-r", f"{players / ramp:.2f}"]
        command += ["-t", f"{ramp + seconds}s", "--reset-stats", "--only-summary"]
        command += ["--host", host, "--csv", prefix, "--stop-timeout", "5", "--loglevel", "ERROR"]
        generator = subprocess.Popen(
            command,
            cwd=ROOT,
            env={**os.environ, "DECISION_SECONDS": str(pace)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(ramp)  # locust resets its figures once every player has arrived
        before, started = _cpu(site, generator), time.monotonic()
        logged = access_log.stat().st_size
        time.sleep(seconds - 1)
        after, wall = _cpu(site, generator), time.monotonic() - started
        server = _server_ms(access_log, logged)
        generator.wait(timeout=60)
        with open(prefix + "_stats.csv") as stats:
            rows = {row["Name"]: row for row in csv.DictReader(stats)}
        with open(prefix + "_failures.csv") as failures:
            failed = [
                f"{row['Occurrences']} × {row['Name']}: {row['Error']}"
                for row in csv.DictReader(failures)
            ]
    cpu = tuple((b - a) / wall for a, b in zip(before, after, strict=True))
    return rows, failed, cpu, server


def start_site(
    port: int, workers: int, threads: int, keep_alive: int, access_log: Path | None = None
) -> subprocess.Popen:
    """gunicorn serving a fresh bench database as in production, behind a load balancer
    (each player's address its own)."""
    load.ENV = {
        **os.environ,
        **bench_environment("mahjong_table_load", redis_db=9),
        "BEHIND_PROXY": "1",
    }
    load.prepare_database(ROOT)
    return load.start_site(ROOT, port, workers, threads, keep_alive, access_log)


def stop_site(site: subprocess.Popen) -> None:
    os.killpg(site.pid, signal.SIGTERM)
    try:
        site.wait(timeout=30)
    except subprocess.TimeoutExpired:  # still answering a backlog: stopped all the same
        os.killpg(site.pid, signal.SIGKILL)
        site.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="100,200,300,400,500")
    parser.add_argument("--ramp", type=int, default=20, help="seconds to bring players in")
    parser.add_argument("--seconds", type=int, default=60, help="seconds counted per level")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between decisions")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--keep-alive", type=int, default=KEEP_ALIVE, help="gunicorn's, in seconds"
    )
    parser.add_argument("--port", type=int, help="the site's port (default: a free one)")
    args = parser.parse_args()

    port = args.port or free_port()
    folder = tempfile.TemporaryDirectory()
    access_log = Path(folder.name) / "access.log"
    site = start_site(port, args.workers, args.threads, args.keep_alive, access_log)
    try:
        print(
            f"gunicorn: {args.workers} workers x {args.threads} threads, keep-alive "
            f"{args.keep_alive} s; Sanma against "
            f"Normal bots, a decision every {args.pace:g} s a player; {args.ramp} s ramp, "
            f"{args.seconds} s counted per level; loopback; cpu in cores (1.00 = one core); "
            "p50/p95/p99 in ms as the players see a decision; srv p50/p95: gunicorn's own "
            "time over it (its access log's), which leaves out any wait before a thread "
            "takes the request"
        )
        print(
            f"{'players':>7} {'asked/s':>8} {'dec/s':>7} {'p50':>6} {'p95':>6} {'p99':>6} "
            f"{'errors':>6} {'other':>6} {'srv p50':>7} {'srv p95':>7}   "
            + " ".join(f"{name:>8}" for name in CPU_NAMES)
            + "   ms a decision: "
            + " ".join(f"{name:>8}" for name in CPU_NAMES)
        )
        for players in (int(each) for each in args.players.split(",")):
            host = f"http://127.0.0.1:{port}"
            rows, failed, cpu, server = _level(
                site, host, players, args.ramp, args.seconds, args.pace, access_log
            )
            decision = rows.get("decision", {})
            rate = float(decision.get("Requests/s", 0) or 0)
            total = rows["Aggregated"]
            errors = int(total["Failure Count"])
            others = int(total["Request Count"]) - int(decision.get("Request Count", 0) or 0)
            per_decision = " ".join(
                f"{1000 * share / rate:8.2f}" if rate else f"{'-':>8}" for share in cpu
            )
            print(
                f"{players:>7} {players / args.pace:>8.1f} {rate:>7.1f} "
                f"{decision.get('50%', '-'):>6} {decision.get('95%', '-'):>6} "
                f"{decision.get('99%', '-'):>6} {errors:>6} {others:>6} "
                + (
                    f"{percentile(server, 0.5):>7.0f} {percentile(server, 0.95):>7.0f}   "
                    if server
                    else f"{'-':>7} {'-':>7}   "
                )
                + " ".join(f"{share:>8.2f}" for share in cpu)
                + f"   {'':>15}{per_decision}",
                flush=True,
            )
            for failure in failed:  # what the errors were, so that each can be looked into
                print(f"{'':>7} error: {failure}", flush=True)
    finally:
        stop_site(site)
        folder.cleanup()


if __name__ == "__main__":
    main()
