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
import threading
import time
from urllib.parse import urlencode

import load
import requests
from benchenv import KEEP_ALIVE, free_port, percentile
from table_load import start_site, stop_site
from table_player import FORM, OPTIONS, STALE, Shown, next_address, table_of


class Player:
    """One player: a session, an address, the table it plays and what its page shows."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.headers = {"X-Forwarded-For": next_address()}
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
        self.table = table_of(answer.url)
        self.shown = Shown.read(answer.text)

    def decide(self) -> float | None:
        """The milliseconds one decision took, or None where the player started a new
        table or read its page again (nothing offered), as locust's players do."""
        if self.table is None or self.shown.over:
            self.new_table()
            return None
        choice = self.shown.choice()
        if choice is None:
            page = self.session.get(f"{self.host}/sanma/{self.table}", headers=self.headers)
            self.shown = Shown.read(page.text)
            return None
        started = time.monotonic()
        answer = self._post(f"/sanma/{self.table}/act", choice, **{"HX-Request": "true"})
        took = (time.monotonic() - started) * 1000
        if answer.status_code != 200 or STALE in answer.text:
            raise RuntimeError(f"decision answered {answer.status_code}: stale or refused")
        self.shown = Shown.read(answer.text)
        return took


def _level(host: str, players: int, pace: float, warm_up: float, seconds: float):
    """Each player's thread starts within one pace of the others and decides every
    ``pace`` seconds; the decisions after ``warm_up`` seconds count. Returns their times
    and the number of all decisions, the warm-up's included."""
    took: list[float] = []
    every = [0]
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
            with lock:
                every[0] += ms is not None
                if ms is not None and time.monotonic() > counted_from:
                    took.append(ms)
            time.sleep(max(0.0, due - time.monotonic()))

    threads = [threading.Thread(target=play, args=(i * pace / players,)) for i in range(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return took, every[0]


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
        print(
            f"{'players':>7} {'dec/s':>7} {'p50':>6} {'p95':>6} {'p99':>6} {'cores':>6} "
            f"{'ms/dec':>6} {'pg':>5} {'gen':>5}"
        )
        for players in (int(each) for each in args.players.split(",")):
            before, started = load.cpu_seconds(site), time.monotonic()
            database, generator = load.database_cpu(), time.process_time()
            host = f"http://127.0.0.1:{port}"
            took, decisions = _level(host, players, args.pace, args.warm_up, args.seconds)
            elapsed = time.monotonic() - started
            used = load.cpu_seconds(site) - before
            pg = load.database_cpu_since(database) / elapsed
            gen = (time.process_time() - generator) / elapsed
            print(
                f"{players:>7} {len(took) / args.seconds:>7.1f} {percentile(took, 0.5):>6.0f} "
                f"{percentile(took, 0.95):>6.0f} {percentile(took, 0.99):>6.0f} "
                f"{used / elapsed:>6.2f} {1000 * used / max(1, decisions):>6.1f} "
                f"{pg:>5.2f} {gen:>5.2f}",
                flush=True,
            )
    finally:
        stop_site(site)


if __name__ == "__main__":
    main()
