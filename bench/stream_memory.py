"""Memory of the live stream process (games/tables/stream.py under uvicorn) holding
many idle Server-Sent-Events streams.

Starts uvicorn on a free loopback port, measures its resident memory (RSS) with no
stream, then opens ``--streams`` idle streams (default 1,000) spread over ``--tables``
tables (default 100), as pages would, and measures again; publishes one change per
table and checks that every stream hears it (so all were live, not merely accepted);
holds them ``--hold`` seconds (default 5) and measures once more; closes them and
measures the process after it let them go. Reports the figures and the memory per
stream. Only loopback; it stops by itself.

    .venv/bin/python bench/stream_memory.py [--streams 1000] [--tables 100]

Uses BENCH_REDIS_URL (default: the local Redis, database 12).
"""

from __future__ import annotations

import argparse
import os
import selectors
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from types import SimpleNamespace

from benchenv import ROOT, bench_environment, free_port

os.environ.update(bench_environment("mahjong_bench_rooms", redis_db=12))


def _rss_mb(pid: int) -> float:
    import psutil

    return psutil.Process(pid).memory_info().rss / 2**20


def _wait_ready(base: str) -> None:
    for _ in range(200):
        try:
            urllib.request.urlopen(base + "/health", timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the stream did not get ready")


def _read_until(sockets: list[socket.socket], marker: bytes, seconds: float) -> int:
    """How many sockets received ``marker`` within ``seconds``."""
    selector = selectors.DefaultSelector()
    buffers = {}
    for s in sockets:
        s.setblocking(False)
        selector.register(s, selectors.EVENT_READ)
        buffers[s] = b""
    heard = set()
    deadline = time.monotonic() + seconds
    while len(heard) < len(sockets) and time.monotonic() < deadline:
        for key, _ in selector.select(timeout=0.2):
            s = key.fileobj
            try:
                chunk = s.recv(4096)
            except BlockingIOError:
                continue
            buffers[s] += chunk
            if marker in buffers[s]:
                heard.add(s)
                selector.unregister(s)
    selector.close()
    return len(heard)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--hold", type=float, default=5.0)
    args = parser.parse_args()

    import django

    django.setup()
    import redis
    from django.conf import settings

    from games.tables import live

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "games.tables.stream:app",
            "--port",
            str(port),
            "--host",
            "127.0.0.1",
            "--log-level",
            "warning",
            "--no-access-log",
            "--no-proxy-headers",
        ],
        cwd=ROOT,
        # One client holds every stream here: the caps per client and per key let it.
        env={
            **os.environ,
            "TABLE_STREAM_PER_CLIENT": str(args.streams),
            "TABLE_STREAM_PER_KEY": str(args.streams),
        },
    )
    sockets: list[socket.socket] = []
    try:
        _wait_ready(base)
        time.sleep(1)
        idle = _rss_mb(process.pid)
        settings.TABLE_STREAM_URL = "/live"
        tables = [SimpleNamespace(public_id=uuid.uuid4()) for _ in range(args.tables)]
        started = time.perf_counter()
        for i in range(args.streams):
            path = live.stream_url(tables[i % len(tables)], 0)
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
            sockets.append(s)
        opened = _read_until(sockets, b"retry: ", 30)
        open_seconds = time.perf_counter() - started
        time.sleep(1)
        held = _rss_mb(process.pid)
        client = redis.Redis.from_url(settings.REDIS_URL)
        for table in tables:
            client.publish(live.CHANNEL_PREFIX + str(table.public_id), 7)
        heard = _read_until(sockets, b"data: 7", 30)
        time.sleep(args.hold)
        after_hold = _rss_mb(process.pid)
        for s in sockets:
            s.close()
        sockets = []
        time.sleep(2)
        released = _rss_mb(process.pid)
    finally:
        for s in sockets:
            s.close()
        process.terminate()
        process.wait(timeout=10)

    per_stream_kb = (held - idle) * 1024 / max(1, args.streams)
    print(
        f"streams opened: {opened}/{args.streams} in {open_seconds:.1f} s; "
        f"heard a change: {heard}/{args.streams}"
    )
    print(f"RSS idle (no stream): {idle:.1f} MB")
    print(
        f"RSS with {args.streams} idle streams: {held:.1f} MB "
        f"(+{held - idle:.1f} MB, {per_stream_kb:.1f} KB per stream)"
    )
    print(f"RSS after one change per table and {args.hold:.0f} s more: {after_hold:.1f} MB")
    print(f"RSS after the streams closed: {released:.1f} MB")


if __name__ == "__main__":
    main()
