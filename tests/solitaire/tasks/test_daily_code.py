"""The daily seed is a function of the date alone, the same in Python and in the
page's JavaScript."""

from __future__ import annotations

import json
import shutil
import subprocess
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from games.solitaire import daily

DAILY_JS = Path(__file__).resolve().parents[3] / "static" / "solitaire" / "js" / "daily.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: cannot run daily.js")

# Pinned forever: changing the function would change every past daily puzzle.
GOLDEN = {
    date(2000, 1, 1): "54325993-b",
    date(2024, 2, 29): "7196042-b",
    date(2026, 3, 1): "39216050-b",
    date(2026, 12, 31): "64617602-b",
    date(1999, 12, 31): "35399799-b",
}


def _documented_formula(day: date) -> int:
    """The formula exactly as the docstring of games/solitaire/daily.py writes it."""
    n = day.year * 10_000 + day.month * 100 + day.day
    z = (n + 0x9E3779B97F4A7C15) % 2**64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
    z = z ^ (z >> 31)
    return z % 100_000_000


def _run_js(script: str, tz: str = "UTC") -> str:
    completed = subprocess.run(
        [NODE, "-e", f"const daily = require({json.dumps(str(DAILY_JS))});\n{script}"],
        capture_output=True,
        text=True,
        timeout=20,
        check=True,
        env={"TZ": tz},
    )
    return completed.stdout


@pytest.mark.parametrize(("day", "code"), GOLDEN.items())
def test_the_code_of_a_day_is_pinned(day, code):
    assert daily.code_for(day) == code


def test_the_seed_follows_the_documented_formula():
    start = date(2020, 1, 1)
    for offset in range(0, 3000, 7):
        day = start + timedelta(days=offset)
        assert daily.seed_for(day) == _documented_formula(day)


def test_the_daily_puzzle_is_always_twin_peaks_with_an_eight_digit_seed_at_most():
    for offset in range(400):
        code = daily.code_for(date(2026, 1, 1) + timedelta(days=offset))
        seed, letter = code.split("-")
        assert letter == "b"
        assert 0 <= int(seed) < 100_000_000


def test_neighbouring_days_get_different_puzzles():
    days = [date(2026, 1, 1) + timedelta(days=k) for k in range(366)]
    assert len({daily.seed_for(day) for day in days}) == len(days)


@needs_node
def test_the_javascript_names_the_same_code_as_python_for_many_days():
    days = [date(1999, 12, 1) + timedelta(days=k) for k in range(0, 12_000, 3)]
    script = (
        f"const days = {json.dumps([d.isoformat() for d in days])};\n"
        "console.log(JSON.stringify(days.map(daily.dailyCode)));"
    )
    assert json.loads(_run_js(script)) == [daily.code_for(day) for day in days]


@needs_node
def test_the_javascript_pins_the_golden_codes():
    script = (
        f"const days = {json.dumps([d.isoformat() for d in GOLDEN])};\n"
        "console.log(JSON.stringify(days.map(daily.dailyCode)));"
    )
    assert json.loads(_run_js(script)) == list(GOLDEN.values())


@needs_node
@pytest.mark.parametrize(
    ("tz", "utc_offset"),
    [("Pacific/Kiritimati", 14), ("Etc/GMT+12", -12), ("Etc/GMT-14", 14), ("UTC", 0)],
)
def test_the_page_takes_the_players_local_date(tz, utc_offset):
    # 10:30 UTC on the last day of February, and late on New Year's Eve.
    instants = [
        datetime(2026, 2, 28, 10, 30, tzinfo=UTC),
        datetime(2026, 12, 31, 11, 59, tzinfo=UTC),
    ]
    script = (
        f"const instants = {json.dumps([i.timestamp() * 1000 for i in instants])};\n"
        "console.log(JSON.stringify(instants.map((t) => daily.localDate(new Date(t)))));"
    )
    expected = [(i + timedelta(hours=utc_offset)).date().isoformat() for i in instants]
    assert json.loads(_run_js(script, tz=tz)) == expected
    # and the server accepts each of those dates as "today" for that instant
    for instant, local in zip(instants, expected, strict=True):
        assert daily.playable_day(local, instant.date()) == date.fromisoformat(local)


@needs_node
def test_the_page_points_its_daily_links_at_the_players_date():
    # A stand-in for the DOM: one link as _daily_link.html renders it, solved yesterday.
    script = """
    const part = (dataset) => ({ dataset, textContent: "" });
    const code = part({}), mark = part({ solvedText: " ✓ solved" });
    const link = {
      dataset: { dailyBase: "/daily", solved: "2026-02-28" },
      querySelector: (selector) => (selector === "[data-daily-code]" ? code : mark),
    };
    const root = { querySelectorAll: () => [link] };
    const seen = [];
    for (const today of ["2026-03-01", "2026-02-28"]) {
      daily.updateDailyLinks(root, today);
      seen.push([link.href, code.textContent, mark.textContent]);
    }
    console.log(JSON.stringify(seen));
    """
    assert json.loads(_run_js(script)) == [
        ["/daily/2026-03-01", daily.code_for(date(2026, 3, 1)), ""],
        ["/daily/2026-02-28", daily.code_for(date(2026, 2, 28)), " ✓ solved"],
    ]
