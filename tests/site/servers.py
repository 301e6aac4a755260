"""The site run for real: gunicorn in its own process, and a small cookie-keeping client."""

from __future__ import annotations

import contextlib
import http.cookiejar
import os
import resource
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import redis
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
# gunicorn's caps on the request line and headers, as in the README's production
# command (a test holds the two together); bodies are capped by config/limits.py.
REQUEST_LIMITS = [
    "--limit-request-line",
    "4094",
    "--limit-request-fields",
    "50",
    "--limit-request-field_size",
    "8190",
]


def database_url_of_tests() -> str:
    """The URL of the database the tests use now, for a server process of its own."""
    s = connection.settings_dict
    return f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


def environment_of_tests(**override: str) -> dict[str, str]:
    """The environment of a server process the tests start, with the Redis database this
    test process uses (a parallel worker's own) said outright, so that the server derives
    nothing from the worker's id (docs/site.md#the-tests-in-parallel)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST_")}
    return {**env, "REDIS_URL": settings.REDIS_URL, **override}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def running_site(database_url: str | None = None, workers: int = 1, wait_for: str = "/health"):
    """Start gunicorn on a free loopback port; yield its base URL; kill it at the end."""
    port = free_port()
    env = environment_of_tests(DATABASE_URL=database_url or database_url_of_tests())
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--timeout",
            "30",
            *REQUEST_LIMITS,
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_listening(base + wait_for, process)
        yield base, process
    finally:
        kill(process)


@contextlib.contextmanager
def running_stream(
    port: int | None = None,
    redis_url: str | None = None,
    ready: bool = True,
    env: dict[str, str] | None = None,
    log: Path | None = None,
    open_files: int | None = None,
):
    """Start the live stream (uvicorn) on a free loopback port, with the tests' Redis
    (or ``redis_url``) and secret, and ``env`` besides; yield its base URL and process
    once it listens to Redis (or, without ``ready``, once it answers at all); kill it at
    the end. ``log`` takes what it writes (else the tests' stderr); ``open_files``
    lowers its limit on open files."""
    port = port or free_port()
    environment = environment_of_tests(**(env or {}))
    if redis_url is not None:
        environment["REDIS_URL"] = redis_url

    def limit_open_files() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (open_files, open_files))

    with contextlib.ExitStack() as stack:
        output = stack.enter_context(open(log, "wb")) if log is not None else None
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "games.tables.stream:app",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--log-level",
                "warning",
                "--no-access-log",
                "--no-proxy-headers",  # the stream reads X-Forwarded-For as the site does
            ],
            cwd=ROOT,
            env=environment,
            start_new_session=True,
            stdout=output,
            stderr=output,
            preexec_fn=limit_open_files if open_files else None,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            if ready:
                _wait_until_ready(base + "/health", process)
            else:
                _wait_until_listening(base + "/health", process)
            yield base, process
        finally:
            kill(process)


def start_redis(port: int) -> subprocess.Popen:
    """A Redis server of the test's own on ``port`` (nothing kept on disk), once it
    answers; stop it with ``kill``."""
    process = subprocess.Popen(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", ""]
        + ["--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        start_new_session=True,
    )
    client = redis.Redis(port=port, socket_connect_timeout=0.5)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"redis-server exited with {process.returncode}")
        try:
            client.ping()
            return process
        except redis.ConnectionError:
            time.sleep(0.05)
        finally:
            client.close()
    kill(process)
    raise RuntimeError("redis-server did not answer")


@contextlib.contextmanager
def running_celery(command: list[str], redis_url: str, log: Path):
    """Start ``celery <command>`` with the site's settings, ``redis_url`` as broker
    and the tests' database, its output in ``log``; yield the process; kill it (and
    its pool) at the end."""
    env = environment_of_tests(
        REDIS_URL=redis_url, DATABASE_URL=database_url_of_tests(), PYTHONPATH=str(ROOT)
    )
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", *command, "--loglevel=INFO"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield process
    finally:
        kill(process)


def _wait_until_ready(url: str, process: subprocess.Popen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the stream exited with {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the stream did not get ready")


def kill(process: subprocess.Popen) -> None:
    """Kill gunicorn and its workers at once, as a crash would."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


def _wait_until_listening(url: str, process: subprocess.Popen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return  # it answers, if unhappily
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start listening")


class Visitor:
    """A browser without JavaScript: keeps cookies, sends the CSRF token with posts."""

    def __init__(self, base: str):
        self.base = base
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def request(self, path: str, data: dict | None = None, htmx: bool = False):
        body = None
        headers = {"HX-Request": "true"} if htmx else {}
        if data is not None:
            token = next((c.value for c in self.cookies if c.name == "csrftoken"), "")
            body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token}).encode()
        req = urllib.request.Request(self.base + path, data=body, headers=headers)
        try:
            with self.opener.open(req, timeout=20) as response:
                return response.status, response.geturl(), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.geturl(), error.read().decode()
