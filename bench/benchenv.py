"""What the benchmarks share: a database of their own and the environment that points
Django at it (production settings, less HTTPS, which loopback does not have)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
