"""What the benchmarks share: a database of their own and the environment that points
Django at it (production settings, less HTTPS, which loopback does not have); the site
in its production shape on loopback."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def checkout(tree: Path) -> Path:
    """Another checkout of this repository (a baseline for before / after figures), with
    its solver core compiled in place by its own ``scripts/build-core`` if it has one
    (docs/solitaire.md#the-solvers-core), so that it never runs with this tree's."""
    tree = tree.resolve()
    build = tree / "scripts" / "build-core"
    if build.is_file():
        command = [sys.executable, str(build), str(tree)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return tree


def bench_environment(database: str, redis_db: int) -> dict[str, str]:
    """The environment for a benchmark; BENCH_DATABASE_URL / BENCH_REDIS_URL override."""
    return {
        "DATABASE_URL": os.environ.get(
            "BENCH_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{database}"
        ),
        "REDIS_URL": os.environ.get("BENCH_REDIS_URL", f"redis://127.0.0.1:6379/{redis_db}"),
        "SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuv",
        "DEBUG": "0",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "ALLOWED_HOSTS": "testserver,127.0.0.1,localhost",
        "STATIC_MANIFEST": "0",
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }


def create_database(database_url: str, fresh: bool = False) -> None:
    """Create the benchmark's database if missing (or anew, when `fresh`)."""
    import psycopg

    server, name = database_url.rsplit("/", 1)
    with psycopg.connect(server + "/postgres", autocommit=True) as conn:
        if fresh:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def add_tree_options(parser: argparse.ArgumentParser) -> None:
    """``--baseline`` (another checkout) and ``--rounds``, and the hidden options by which
    ``compare_trees`` runs one tree's measurement in a process of its own."""
    parser.add_argument("--rounds", type=int, default=2, help="runs per tree with --baseline")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare with")
    parser.add_argument("--code", type=Path, help=argparse.SUPPRESS)  # the tree to measure
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)


def enter_tree(args: argparse.Namespace, database: str, redis_db: int) -> None:
    """Point this process at its database and, with ``--code``, at that tree (with a
    database of its own): before anything of the site is imported."""
    os.environ.update(bench_environment(database, redis_db=redis_db))
    if args.code:
        os.environ["DATABASE_URL"] += "_base"
        sys.path.insert(0, str(args.code.resolve()))
        os.chdir(args.code)


def compare_trees(script: str, args: argparse.Namespace, options: list[str]) -> dict:
    """Run ``script`` with ``options`` on the baseline and on this tree alternately,
    ``--rounds`` times each, each run in a process of its own; the samples by tree."""
    runs: dict[str, dict[str, list]] = {"baseline": {}, "this tree": {}}
    checkout(args.baseline)
    for round_ in range(args.rounds):
        trees = [("baseline", ["--code", str(args.baseline)]), ("this tree", [])]
        for name, extra in trees if round_ % 2 == 0 else trees[::-1]:
            print(f"round {round_ + 1}: {name} ...", file=sys.stderr)
            command = [sys.executable, script, "--json", *options, *extra]
            output = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT)
            for key, values in json.loads(output.stdout.splitlines()[-1]).items():
                runs[name].setdefault(key, []).extend(values)
    return runs


KEEP_ALIVE = 75  # seconds, as in production (README)


def gunicorn_command(
    port: int, workers: int = 2, threads: int = 2, keep_alive: int = KEEP_ALIVE
) -> list[str]:
    """gunicorn serving the site as in production (README), on loopback. The keep-alive
    outlasts the client's idle connections, as behind a load balancer: at gunicorn's
    default of 2 s, a player's next request 2 s later raced the close."""
    return [
        *(sys.executable, "-m", "gunicorn", "config.wsgi", "-b", f"127.0.0.1:{port}"),
        *("-w", str(workers), "--threads", str(threads), "--log-level", "warning"),
        *("--keep-alive", str(keep_alive)),
    ]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{url} did not answer")


@contextlib.contextmanager
def running_site(stream: bool, port: int | None = None, stream_port: int | None = None):
    """The site as production runs it, on loopback, from this process's environment:
    gunicorn with two workers of two threads and, with ``stream``, the live stream
    under uvicorn (TABLE_STREAM_URL pointing at it). Yields the site's address; the
    ports are free ones unless given."""
    processes = []
    env = dict(os.environ)
    if stream:
        env["TABLE_STREAM_URL"] = f"http://127.0.0.1:{stream_port or free_port()}"
        processes.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "uvicorn",
                    "games.tables.stream:app",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    env["TABLE_STREAM_URL"].rsplit(":", 1)[1],
                    "--log-level",
                    "warning",
                    "--no-access-log",
                ],
                cwd=ROOT,
                env=env,
            )
        )
        wait_for(env["TABLE_STREAM_URL"] + "/health")
    else:
        env.pop("TABLE_STREAM_URL", None)
    port = port or free_port()
    processes.append(subprocess.Popen(gunicorn_command(port), cwd=ROOT, env=env))
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(base + "/ping")
        yield base
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:  # a stream still open keeps uvicorn waiting
                process.kill()
                process.wait()
