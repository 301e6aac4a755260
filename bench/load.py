"""Load test in the production shape, on loopback only: gunicorn with several workers,
PostgreSQL, Redis; locust's simulated players (bench/locustfile.py) play whole games.

For each number of players it runs, in the same session, the baseline (a trivial
Django view, /ping) and then the players, and prints taps/s, p50/p95/p99, errors and
the ratio of tap throughput to the baseline. Every phase is bounded in time.

    .venv/bin/pip install -e ".[bench]"
    .venv/bin/python bench/load.py --users 8,32 --seconds 20 --workers 3

Uses BENCH_DATABASE_URL (default: `mahjong_load` on the local PostgreSQL, created
afresh) and BENCH_REDIS_URL (default: the local Redis, database 9).
"""

from __future__ import annotations

import argparse
import csv
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from benchenv import ROOT, bench_environment, create_database

ENV = {**os.environ, **bench_environment("mahjong_load", redis_db=9)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


PORT = _free_port()
HOST = f"http://127.0.0.1:{PORT}"


def _prepare_database() -> None:
    create_database(ENV["DATABASE_URL"], fresh=True)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v", "0"], cwd=ROOT, env=ENV, check=True)
    create_players = (
        "from accounts.models import User; from django.contrib.auth.hashers import make_password;"
        "p = make_password('load-test-password-1');"
        "User.objects.bulk_create([User(username=f'player{i}', password=p) for i in range(200)])"
    )
    subprocess.run([*manage, "shell", "-c", create_players], cwd=ROOT, env=ENV, check=True)


def _start_site(workers: int, threads: int) -> subprocess.Popen:
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "config.wsgi",
        "-b",
        f"127.0.0.1:{PORT}",
        "-w",
        str(workers),
        "--threads",
        str(threads),
        "--log-level",
        "warning",
    ]
    site = subprocess.Popen(command, cwd=ROOT, env=ENV, start_new_session=True)
    for _ in range(100):
        try:
            urllib.request.urlopen(HOST + "/ping", timeout=1)
            return site
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


def _run_locust(user_class: str, users: int, seconds: int, login_share: str) -> dict[str, dict]:
    # Players arrive over about four seconds, and the figures count only once all have
    # arrived (--reset-stats): the steady state, not the ramp.
    options = f"--headless -u {users} -r {max(1, users // 4)} -t {seconds}s --reset-stats"
    with tempfile.TemporaryDirectory() as folder:
        prefix = str(Path(folder) / "run")
        command = [sys.executable, "-m", "locust", "-f", str(ROOT / "bench" / "locustfile.py")]
        command += options.split()
        command += ["--host", HOST, "--csv", prefix, "--only-summary", "--stop-timeout", "5"]
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


def _row(label: str, stats: dict) -> str:
    return (
        f"{label:<10} {float(stats['Requests/s']):>9.1f} {stats['50%']:>7} {stats['95%']:>7} "
        f"{stats['99%']:>7} {stats['Failure Count']:>7}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", default="8,32", help="players per phase, comma-separated")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--login-share", default="0.5", help="share of players with accounts")
    args = parser.parse_args()

    _prepare_database()
    site = _start_site(args.workers, args.threads)
    try:
        print(
            f"gunicorn: {args.workers} workers x {args.threads} threads; "
            f"{args.seconds} s per phase; loopback only"
        )
        print(
            f"{'phase':<10} {'req/s':>9} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} {'errors':>7}"
        )
        for users in [int(u) for u in args.users.split(",")]:
            baseline = _run_locust("Ping", users, args.seconds, args.login_share)["ping"]
            players = _run_locust("Player", users, args.seconds, args.login_share)
            taps = players["tap"]
            total = players["Aggregated"]
            print(f"-- {users} simulated players")
            print(_row("ping", baseline))
            for name in sorted(set(players) - {"Aggregated"}):
                print(_row(name[:10], players[name]))
            print(_row("all", total))
            ratio = float(taps["Requests/s"]) / float(baseline["Requests/s"])
            print(
                f"tap throughput / baseline = {ratio:.2f}; "
                f"all game requests / baseline = "
                f"{float(total['Requests/s']) / float(baseline['Requests/s']):.2f}"
            )
    finally:
        os.killpg(site.pid, signal.SIGTERM)
        site.wait(timeout=30)


if __name__ == "__main__":
    main()
