"""From the last needed player's join to every player's page showing the new table, at a
table game's lobby (three Chromium players at Sanma, four at Classic), on loopback with
the live stream; and what the lobby's queue and the rating add to a decision.

Seating: starts the site in its production shape (gunicorn, two workers with two
threads, the stream under uvicorn; benchenv.running_site) with the lobby's polling
slowed to a minute and the bots' wait at ten minutes, so that only the stream seats
anybody. Each seating: every player opens the lobby (its stream open), all but the last
join the quick match one after another (each join seen in the last one's counts), then
the last joins. One sample per page: from the last player's click (the browsers' own
clock, one machine) to that page's table having loaded (DOMContentLoaded of the table
page); the seating's time is its slowest page's, the time until every player sees the
table. The last player's own page goes by its join's answer, the others' by the stream.
Between seatings the seated queue entries are forgotten (as the beat does) and the
rate limits' counters cleared. Budget: p95 of the seatings <= 1 s.

Decision: in process, against the same database, rated one-hand Sanma and East-round
Classic lobby tables of accounts played to their end by play.decide (each human's move
is the one a bot of the lobby's strength makes). No lobby code runs on a decision
before the game's end; the decision that ends a rated lobby table runs the rating
(rating.rate_finished) and the lobby's announcement (lobby.announce_finished), timed
here inside those decisions and put beside the decisions' own times.

    .venv/bin/python bench/lobby_seating.py [--game sanma|classic|both] [--seatings 40]
        [--games 10] [--port P]

Uses BENCH_DATABASE_URL (default: database `mahjong_bench_lobby` on the local
PostgreSQL, created if missing) and BENCH_REDIS_URL (default: Redis database 13, which
it empties between seatings). Needs Debian's chromium and Playwright (the test extras).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

from benchenv import ROOT, bench_environment, create_database, percentile, running_site

os.environ.update(bench_environment("mahjong_bench_lobby", redis_db=13))
os.environ.update(
    TABLE_DECISION_SECONDS="600",
    TABLE_BANK_SECONDS="600",
    LOBBY_WAIT_SECONDS="600",
    LOBBY_POLL_SECONDS="60",
)
# Playwright's sync API runs an event loop in this thread; the ORM calls between its
# steps are plain blocking ones all the same.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
os.environ.setdefault("PYTHONWARNINGS", "ignore::UserWarning")  # no collectstatic folder

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
SEATS = {"sanma": 3, "classic": 4}
# The shortest game of each: one hand at Sanma (offered here, not in the lobby's
# choices), the East round at Classic.
SHORTEST = {
    "sanma": {"length": "one-hand", "red_fives": True},
    "classic": {"rounds": 1, "flowers": True, "dealer_rule": "official"},
}


def _accounts(count: int):
    from django.contrib.auth import get_user_model

    users = []
    for n in range(count):
        user, _ = get_user_model().objects.get_or_create(
            username=f"bench-lobby-{n}",
            defaults={"email": f"bench-lobby-{n}@example.com", "display_name": f"Bench {n}"},
        )
        users.append(user)
    return users


def _log_in(page, base: str, user) -> None:
    """The browser carries the account's session, as after logging in."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": base}]
    )


def _between_seatings() -> None:
    """As the beat does, seated entries are forgotten (their players' lobby pages would
    send them to their tables); the rate limits start again (one address joins all)."""
    import redis
    from django.utils import timezone

    from games.tables import lobby

    lobby.forget_seated(timezone.now())
    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()


def _seatings(browser, base: str, game: str, count: int) -> dict[str, list[float]]:
    """In seconds: each seating's slowest page ("every"), the pages that learnt of the
    table by the stream ("stream") and the last player's page, by its join's answer
    ("own")."""
    from playwright.sync_api import expect

    from games.tables.models import QueueEntry

    seats = SEATS[game]
    table_url = re.compile(rf"/{game}/[0-9a-f-]{{36}}$")
    contexts = [browser.new_context(viewport={"width": 360, "height": 640}) for _ in range(seats)]
    pages = [context.new_page() for context in contexts]
    for page, user in zip(pages, _accounts(seats), strict=True):
        page.emulate_media(reduced_motion="reduce")
        _log_in(page, base, user)
    times: dict[str, list[float]] = {"every": [], "stream": [], "own": []}
    QueueEntry.objects.all().delete()  # the bench's own queue starts empty (a run stopped)
    for _ in range(count):
        _between_seatings()
        for page in pages:
            page.goto(f"{base}/{game}/lobby")
            expect(page.locator("main[data-lobby]")).to_have_attribute("data-live-state", "stream")
        last = pages[-1]
        for page in pages:
            if not page.locator("button.lobby-join-button").count():
                shown = page.inner_text("main")
                raise SystemExit(f"no quick match to join at {page.url}: {shown}")
        for joined, page in enumerate(pages[:-1], start=1):
            page.click("button.lobby-join-button")
            expect(last.locator("#lobby-counts")).to_have_attribute("data-waiting", str(joined))
        clicked = last.evaluate("Date.now()")
        last.click("button.lobby-join-button")
        shown = []
        for page in pages:
            page.wait_for_url(table_url, timeout=15_000, wait_until="domcontentloaded")
            loaded = page.evaluate(
                "performance.timeOrigin + performance.getEntriesByType('navigation')[0]"
                ".domContentLoadedEventEnd"
            )
            shown.append((loaded - clicked) / 1000)
        times["every"].append(max(shown))
        times["stream"] += shown[:-1]
        times["own"].append(shown[-1])
    for context in contexts:
        context.close()
    return times


def _ms(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values) * 1000:6.1f} ms"
        f"  p95 {percentile(values, 0.95) * 1000:6.1f} ms  max {max(values) * 1000:6.1f} ms"
    )


def _play_to_the_end(game: str, users) -> tuple[list[float], float]:
    """A rated lobby table of the accounts played to its end by their decisions (each
    the lobby's bots' choice): each decision's time, and the last one's (the one that
    ends the game)."""
    from games.players import Player
    from games.tables import lobby, play
    from games.tables.models import Table
    from games.tables.registry import rules_for

    rules = rules_for(game)
    level = lobby.bot_level(rules)
    players = [Player(user=user) for user in users]
    table = play.start_table(game, SHORTEST[game], players, lobby=True, rated=True)
    times = []
    while True:
        table = Table.objects.with_seats().get(pk=table.pk)
        if not table.is_playing:
            break
        state = play.current_state(table)
        seat = min(rules.waiting_for(state))
        text = rules.bot_action(state, seat, level, table.seed, len(table.log))
        started = time.perf_counter()
        play.decide(players[seat], table.public_id, table.shown_version, text.split(" ", 1)[1])
        times.append(time.perf_counter() - started)
    return times, times[-1]


def _decisions(game: str, games: int) -> None:
    """Time the lobby's receivers inside the decisions that end rated tables."""
    from games.tables import lobby, rating
    from games.tables.signals import table_finished

    timed: dict[str, list[float]] = {"rating": [], "announce": []}

    def timing(name, receiver):
        def timed_receiver(sender, **signal):
            started = time.perf_counter()
            receiver(sender, **signal)
            timed[name].append(time.perf_counter() - started)

        return timed_receiver

    receivers = {"rating": rating.rate_finished, "announce": lobby.announce_finished}
    uids = {"rating": "tables.rate_finished", "announce": "tables.lobby_finished"}
    wrapped = {name: timing(name, receiver) for name, receiver in receivers.items()}
    for name in receivers:
        table_finished.disconnect(dispatch_uid=uids[name])
        table_finished.connect(wrapped[name], dispatch_uid=uids[name])
    users = _accounts(SEATS[game])
    decisions: list[float] = []
    ending: list[float] = []
    for _ in range(games):
        times, last = _play_to_the_end(game, users)
        decisions += times[:-1]
        ending.append(last)
    added = [r + a for r, a in zip(timed["rating"], timed["announce"], strict=True)]
    print(
        f"{game}: {games} rated lobby tables, {len(decisions)} decisions before their ends\n"
        f"  a decision (server side, bots' turns included): {_ms(decisions)}\n"
        f"  the decision that ends the game:                {_ms(ending)}\n"
        f"  of which the rating:                            {_ms(timed['rating'])}\n"
        f"  of which the lobby's announcement:              {_ms(timed['announce'])}\n"
        f"  rating + announcement, share of the ending decision's p50: "
        f"{statistics.median(added) / statistics.median(ending) * 100:.1f} %"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*sorted(SEATS), "both"], default="both")
    parser.add_argument(
        "--seatings", type=int, default=40, help="seatings per game (0: the decisions only)"
    )
    parser.add_argument("--games", type=int, default=10, help="rated tables per game, in process")
    parser.add_argument("--port", type=int, help="the site's port (the stream's is the next)")
    args = parser.parse_args()
    # Stopped by a signal, it still stops the site it started (the ``finally`` runs).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    games = sorted(SEATS) if args.game == "both" else [args.game]
    create_database(os.environ["DATABASE_URL"])
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True
    )
    import django

    django.setup()
    from playwright.sync_api import sync_playwright

    results = {}
    ports = {"port": args.port, "stream_port": args.port + 1} if args.port else {}
    if args.seatings:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            with running_site(stream=True, **ports) as base:
                for game in games:
                    results[game] = _seatings(browser, base, game, args.seatings)
            browser.close()
        for game in games:
            times = results[game]
            p95 = percentile(times["every"], 0.95)
            print(
                f"{game}, {SEATS[game]} browsers, {len(times['every'])} seatings\n"
                f"  every page showing the table: {_ms(times['every'])}"
                f"  | budget p95 <= 1 s: {'met' if p95 <= 1 else 'MISSED'}\n"
                f"  the pages told by the stream: {_ms(times['stream'])}\n"
                f"  the last player's own page:   {_ms(times['own'])}"
            )
    for game in games:
        _decisions(game, args.games)


if __name__ == "__main__":
    main()
