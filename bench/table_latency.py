"""What a human-paced Sanma player waits for a decision, measured by a generator that
adds no wait of its own: one thread per player, each with its own HTTP session, against
the production shape (gunicorn ``--workers`` × ``--threads``, PostgreSQL, Redis).

bench/table_load.py drives its players with locust, whose single gevent process added
80-100 ms at p50 from 50 players on while using 2 % of a core: its latencies are not the
site's (bench/README.md). Here each player plays as bench/table_locustfile.py's does (a
practice table against Normal bots, a win, the next hand or a pass when offered, else a
random discard, one decision every ``--pace`` seconds, an address of its own) and only
decisions after ``--warm-up`` seconds count. For each number of players in ``--players``:
decisions/s, p50/p95/p99 (ms) and gunicorn's CPU over the level (cores).

    .venv/bin/pip install -e ".[bench]"
    .venv/bin/python bench/table_latency.py --players 10,50,100,200

Uses BENCH_DATABASE_URL (default: ``mahjong_table_load`` on the local PostgreSQL,
created afresh) and BENCH_REDIS_URL (default: the local Redis, database 9).
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
import threading
import time
from urllib.parse import urlencode

import load
import requests
from benchenv import KEEP_ALIVE, free_port, percentile
from table_load import start_site, stop_site

# What bench/table_locustfile.py's players read and choose (importing it would import
# locust, which patches threads into gevent's).
MOVE = re.compile(r'<button[^>]*name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
TABLE = re.compile(r"/sanma/([0-9a-f-]{36})")
FIRST_MOVES = ("tsumo", "ron", "next", "pass")
OPTIONS = {"length": "east", "red_fives": "on", "level": "normal"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
_addresses = itertools.count(1)


class Player:
    """One player: a session, an address, the table it plays and what its page offers."""

    def __init__(self, host: str) -> None:
        number = next(_addresses)
        self.host = host
        self.headers = {
            "X-Forwarded-For": f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"
        }
        self.session = requests.Session()
        self.session.get(f"{host}/sanma/", headers=self.headers)
        self.new_table()

    def _post(self, path: str, data: dict[str, str], **headers: str) -> requests.Response:
        data = {**data, "csrfmiddlewaretoken": self.session.cookies.get("csrftoken", "")}
        return self.session.post(
            self.host + path, data=urlencode(data), headers={**self.headers, **FORM, **headers}
        )

    def new_table(self) -> None:
        answer = self._post("/sanma/new", OPTIONS)
        self.table = TABLE.search(answer.url).group(1)
        self.html = answer.text

    def decide(self) -> float | None:
        """The milliseconds one decision took, or None when a new table was started."""
        moves, version = MOVE.findall(self.html), VERSION.search(self.html)
        if 'data-phase="game-end"' in self.html or not moves or version is None:
            self.new_table()
            return None
        move = next((m for m in FIRST_MOVES if m in moves), None)
        move = move or random.choice([m for m in moves if m.startswith("d:")] or moves)
        data = {"move": move, "version": version.group(1), "seen": version.group(1)}
        started = time.monotonic()
        answer = self._post(f"/sanma/{self.table}/act", data, **{"HX-Request": "true"})
        took = (time.monotonic() - started) * 1000
        if answer.status_code != 200:
            raise RuntimeError(f"decision answered {answer.status_code}")
        self.html = answer.text
        return took


def _level(host: str, players: int, pace: float, warm_up: float, seconds: float):
    """Each player's thread starts within one pace of the others and decides every
    ``pace`` seconds; the decisions after ``warm_up`` seconds count."""
    took: list[float] = []
    lock = threading.Lock()
    start = time.monotonic()
    counted_from, stop = start + warm_up, start + warm_up + seconds

    def play(offset: float) -> None:
        time.sleep(offset)
        player = Player(host)
        due = time.monotonic()
        while due < stop:
            due += pace
            ms = player.decide()
            if ms is not None and time.monotonic() > counted_from:
                with lock:
                    took.append(ms)
            time.sleep(max(0.0, due - time.monotonic()))

    threads = [threading.Thread(target=play, args=(i * pace / players,)) for i in range(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="10,50,100,200")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between decisions")
    parser.add_argument("--warm-up", type=float, default=10.0, help="seconds not counted")
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds counted")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    port = free_port()
    site = start_site(port, args.workers, args.threads, KEEP_ALIVE)
    try:
        print(
            f"gunicorn: {args.workers} workers x {args.threads} threads; Sanma against "
            f"Normal bots, a decision every {args.pace:g} s a player, a thread each; "
            f"{args.warm_up:g} s warm-up, {args.seconds:g} s counted; times in ms"
        )
        print(f"{'players':>7} {'dec/s':>7} {'p50':>6} {'p95':>6} {'p99':>6} {'cores':>6}")
        for players in (int(each) for each in args.players.split(",")):
            before, started = load.cpu_seconds(site), time.monotonic()
            host = f"http://127.0.0.1:{port}"
            took = _level(host, players, args.pace, args.warm_up, args.seconds)
            cores = (load.cpu_seconds(site) - before) / (time.monotonic() - started)
            print(
                f"{players:>7} {len(took) / args.seconds:>7.1f} {percentile(took, 0.5):>6.0f} "
                f"{percentile(took, 0.95):>6.0f} {percentile(took, 0.99):>6.0f} {cores:>6.2f}",
                flush=True,
            )
    finally:
        stop_site(site)


if __name__ == "__main__":
    main()
