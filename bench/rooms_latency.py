"""From one player's decision to the other players' updated tables, at one room of a table
game (three browsers at Sanma, four at Classic), on loopback: with the live stream, and
with polling only.

Starts the site in its production shape (gunicorn, two workers with two threads, and
for the first run the stream process under uvicorn, TABLE_STREAM_URL pointing at it),
then drives a Chromium context per seat: one opens a short room (Sanma: one hand,
Classic: the East round, measured hand by hand), the others join by its link, the host
starts. The player whose move it is clicks (a win, pass or the drawn
tile); the time from the click to each other page's table at the new version is one
sample (two per decision), taken with the browsers' own clock (one machine). As the
baseline of the same run: the time from the click to the mover's own answer. Then the
same without the stream (pages poll every TABLE_POLL_SECONDS, 2). Budgets: p95 <= 1 s
with the stream, <= 3 s polling. Only loopback; it stops by itself.

    .venv/bin/python bench/rooms_latency.py [--game sanma|classic] [--moves 60]

Uses BENCH_DATABASE_URL (default: database `mahjong_bench_rooms` on the local
PostgreSQL, created if missing) and BENCH_REDIS_URL (default: Redis database 12).
Needs Debian's chromium and Playwright (the test extras).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

from benchenv import ROOT, bench_environment, create_database, percentile, running_site

os.environ.update(bench_environment("mahjong_bench_rooms", redis_db=12))
os.environ.update(TABLE_DECISION_SECONDS="600", TABLE_BANK_SECONDS="600")
os.environ.setdefault("PYTHONWARNINGS", "ignore::UserWarning")  # no collectstatic folder

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FIRST_CHOICES = ("tsumo", "ron", "next", "pass", "draw")
# Per game: the players' names and the room's option that makes the game short.
GAMES = {
    "sanma": (("Ann", "Ben", "Cat"), "#room_length_0"),
    "classic": (("Ann", "Ben", "Cat", "Dan"), "#room_rounds_0"),
}
# Each page notes when its table first showed each version.
WATCH = """() => {
  window.__seen = {};
  const note = () => {
    const t = document.getElementById("table");
    if (t && !(t.dataset.version in window.__seen)) window.__seen[t.dataset.version] = Date.now();
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
    attributes: true, attributeFilter: ["data-version"]});
  note();
}"""


def _choice(page):
    for action in FIRST_CHOICES:
        button = page.locator(f'#table .actions [data-action="{action}"]')
        if button.count():
            return button.first
    drawn = page.locator("#table .hand button.hand-tile.drawn[name=move]")
    if drawn.count():
        return drawn
    tiles = page.locator("#table .hand button.hand-tile[name=move]")
    return tiles.first if tiles.count() else None


def _version(page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def _seat(pages, base: str, game: str) -> None:
    names, short = GAMES[game]
    host = pages[0]
    host.goto(f"{base}/{game}/")
    host.locator(".room-options-form summary").click()
    host.check(short)
    host.click("button.open-room")
    code = host.locator(".room-code").get_attribute("data-code")
    for page, name in zip(pages[1:], names[1:], strict=True):
        page.goto(f"{base}/{game}/room/{code}")
        page.fill("input[name=name]", name)
        page.click("button.join-room")
        page.get_by_text("Waiting for the host to start.").wait_for()
    host.locator(".room-seat .who").nth(len(names) - 1).wait_for()
    host.click("button.start-room")
    for page in pages:
        page.locator("#table").wait_for(timeout=15_000)
        page.wait_for_load_state()
        page.evaluate(WATCH)


def _run(browser, base: str, game: str, moves: int) -> tuple[list[float], list[float]]:
    """(others' latencies, the movers' own answers), in seconds."""
    others: list[float] = []
    own: list[float] = []
    seats = len(GAMES[game][0])
    while len(own) < moves:
        contexts = [
            browser.new_context(viewport={"width": 360, "height": 640}) for _ in range(seats)
        ]
        pages = [context.new_page() for context in contexts]
        for page in pages:
            page.emulate_media(reduced_motion="reduce")
        _seat(pages, base, game)
        while len(own) < moves:
            if any(
                p.locator("#table").get_attribute("data-phase") in ("hand-end", "game-end")
                for p in pages
            ):
                break
            mover = next((p for p in pages if _choice(p) is not None), None)
            if mover is None:
                time.sleep(0.05)
                continue
            target = _choice(mover)
            before = _version(mover)
            # As a player taps (docs/tables.md#taps-that-cannot-misfire): once the table
            # was there to be seen, and a hand tile twice, the first tap raising it.
            mover.wait_for_selector('#table:not([data-guarded="1"])')
            if "hand-tile" in (target.get_attribute("class") or ""):
                target.click()
            clicked = mover.evaluate("() => Date.now()")
            target.click()
            deadline = time.monotonic() + 15
            while _version(mover) == before and time.monotonic() < deadline:
                time.sleep(0.01)
            after = _version(mover)
            if after == before:  # a pass that leaves the offer open to others moves none
                continue
            own.append((mover.evaluate(f"() => window.__seen['{after}']") - clicked) / 1000)
            for page in pages:
                if page is mover:
                    continue
                seen = None
                while seen is None and time.monotonic() < deadline:
                    seen = page.evaluate(f"() => window.__seen['{after}']")
                    if seen is None:
                        time.sleep(0.02)
                if seen is None:
                    raise SystemExit("a page never showed the move")
                others.append((seen - clicked) / 1000)
        for context in contexts:
            context.close()
    return others, own


def _report(name: str, others: list[float], own: list[float], budget: float) -> None:
    p95 = percentile(others, 0.95)
    print(
        f"{name:>12}: {len(others)} samples  others p50 {statistics.median(others) * 1000:6.0f} ms"
        f"  p95 {p95 * 1000:6.0f} ms  max {max(others) * 1000:6.0f} ms"
        f"  | own answer p50 {statistics.median(own) * 1000:5.0f} ms"
        f" p95 {percentile(own, 0.95) * 1000:5.0f} ms"
        f"  | p95 / own p95 {p95 / percentile(own, 0.95):4.1f}"
        f"  | budget p95 <= {budget:.0f} s: {'met' if p95 <= budget else 'MISSED'}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="sanma")
    parser.add_argument("--moves", type=int, default=60, help="decisions per run")
    args = parser.parse_args()
    create_database(os.environ["DATABASE_URL"])
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, check=True
    )
    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        for name, stream in (("stream", True), ("polling", False)):
            with running_site(stream) as base:
                results[name] = _run(browser, base, args.game, args.moves)
        browser.close()
    print(f"{args.game}, {len(GAMES[args.game][0])} browsers")
    _report("stream", *results["stream"], budget=1)
    _report("polling only", *results["polling"], budget=3)


if __name__ == "__main__":
    main()
