"""The daily puzzle: one Doppelgipfel a calendar day, the same for everybody
(docs/solitaire.md#the-daily-puzzle).

The seed of a day is a function of the date alone, so that the page can name today's
code without asking anybody (``static/solitaire/js/daily.js`` computes exactly the
same, with BigInt). Written out, for the date 2026-03-01:

    n    = year * 10_000 + month * 100 + day              # 20260301
    z    = (n + 0x9E3779B97F4A7C15)            mod 2**64   # one SplitMix64 step
    z    = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64
    z    = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64
    z    = z ^ (z >> 31)
    seed = z mod 100_000_000                               # code "<seed>-b"

That is the first output of the engine's SplitMix64 seeded with ``n``. Golden tests pin
it in both languages: changing it would change every past daily puzzle.

Precomputed and verified: ``precompute`` deals the coming days, has the solver clear
each deal on its own (it never sees how the deal was built) and replays the solver's
order through the rules, and stores difficulty figures as ``DailyPuzzle`` rows.
Verified rows are never touched again; a day nobody precomputed is computed on the spot
by ``puzzle_for``, so the page works with no worker and with Redis down.

The streak: consecutive days with a verified daily win (``streak``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.players import Player

from . import engine
from .models import DailyPuzzle, Game, Layout

LAYOUT_LETTER = "b"  # Doppelgipfel, always (docs/solitaire.md#the-seed-of-a-day)
DAYS_AHEAD = 30
PLAYOUTS = 200
# Seconds the solver may take per deal; reverse-built 72-tile deals take milliseconds.
SOLVER_BUDGET = 10.0
ON_THE_SPOT_BUDGET = 2.0  # while a player waits for the page
_SEED_MODULUS = 100_000_000
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# Seeds the greedy playouts, so that a day's figures can be computed again exactly.
_PLAYOUT_SALT = 0x5EED_DA11


class InvalidDay(ValueError):
    """A requested day that is not a date or not playable now; the message is for the
    player."""


# --- the date, its seed and its code ----------------------------------------------------


def seed_for(day: date) -> int:
    """The seed of ``day``'s puzzle (see the module's docstring for the formula)."""
    n = day.year * 10_000 + day.month * 100 + day.day
    return engine.SplitMix64(n).next_u64() % _SEED_MODULUS


def code_for(day: date) -> str:
    return str(engine.GameCode(seed_for(day), LAYOUT_LETTER))


def utc_today() -> date:
    """The server's calendar date. The site runs on UTC (settings.TIME_ZONE)."""
    return timezone.now().date()


def playable_day(text: str, today: date) -> date:
    """The day a player asks for as ``YYYY-MM-DD``, their local date.

    Time zones run from UTC-12 to UTC+14, so a player's date is the server's UTC date
    or one day either side: anything further is refused, so nobody plays ahead.
    """
    try:
        if not _ISO_DATE.fullmatch(text):
            raise ValueError
        day = date.fromisoformat(text)
    except ValueError:
        shown = text if len(text) <= 20 else text[:19] + "…"
        raise InvalidDay(
            _("“%(text)s” is not a date: expected year-month-day, like 2026-03-01.")
            % {"text": shown}
        ) from None
    if abs((day - today).days) > 1:
        raise InvalidDay(
            _(
                "The daily puzzle of %(day)s cannot be opened now: only today's puzzle can "
                "be played (your date may differ from ours by one day)."
            )
            % {"day": day.isoformat()}
        )
    return day


@dataclass(frozen=True)
class DayOpened:
    """The daily page of a day: the puzzle, and the player's first win of it (then the
    page shows the result) or the game to play now."""

    puzzle: DailyPuzzle
    won: Game | None = None
    game: Game | None = None


def open_day(player: Player, day: date) -> DayOpened:
    """The player's daily puzzle of ``day`` (a playable day): their first win of it, or
    their one game of it (docs/solitaire.md#opening-the-daily-puzzle).

    A player has one daily game a day, however many tabs open it at once (the database
    holds it unique): dealt once, its clock started once. Left for a new game, it comes
    back into play as it was, its clock still running from its deal, so that no second
    try starts afresh.
    """
    layout = daily_layout()
    if layout is None:
        raise LookupError("the daily puzzle's layout is not loaded")
    puzzle = puzzle_for(day, layout)
    won = first_win(player, day)
    if won is not None:
        return DayOpened(puzzle, won=won)
    game = Game.objects.of(player).filter(daily_date=day).first()
    if game is None:
        try:
            game = Game.objects.deal(player, layout, seed=seed_for(day), daily_date=day)
        except IntegrityError:  # another tab dealt it a moment ago
            game = Game.objects.of(player).get(daily_date=day)
    if game.status == Game.Status.ABANDONED:
        Game.objects.filter(pk=game.pk).update(status=Game.Status.PLAYING)
        game.status = Game.Status.PLAYING
    return DayOpened(puzzle, game=game)


def daily_layout() -> Layout | None:
    """Doppelgipfel, even if an admin has retired it from the layout menu."""
    return Layout.objects.filter(letter=LAYOUT_LETTER).first()


# --- precompute, verify, measure -------------------------------------------------------


def precompute(start: date, days: int = DAYS_AHEAD) -> list[date]:
    """Make sure ``days`` puzzles from ``start`` on are stored; the days (re)computed.

    Idempotent: verified and failed rows are kept as they are (the same deal would give
    the same answer); only missing and undecided days are worked on.
    """
    layout = daily_layout()
    if layout is None:
        raise LookupError(f"no layout {LAYOUT_LETTER!r}: the built-in layouts are not loaded")
    wanted = [start + timedelta(days=k) for k in range(days)]
    settled = set(
        DailyPuzzle.objects.filter(date__in=wanted)
        .exclude(status=DailyPuzzle.Status.UNDECIDED)
        .values_list("date", flat=True)
    )
    done = []
    for day in wanted:
        if day not in settled:
            _store(assess(day, layout))
            done.append(day)
    return done


def puzzle_for(day: date, layout: Layout | None = None) -> DailyPuzzle:
    """The stored puzzle of ``day``, computed on the spot when nobody precomputed it."""
    existing = DailyPuzzle.objects.filter(date=day).first()
    if existing is not None:
        return existing
    layout = layout or daily_layout()
    if layout is None:
        raise LookupError(f"no layout {LAYOUT_LETTER!r}: the built-in layouts are not loaded")
    return _store(assess(day, layout, budget=ON_THE_SPOT_BUDGET))


def _store(puzzle: DailyPuzzle) -> DailyPuzzle:
    """Insert the day's row, or update it while it is undecided; a settled row that
    another process stored meanwhile is kept."""
    fields = {
        name: getattr(puzzle, name)
        for name in (
            "code",
            "status",
            "solution",
            "solver_seconds",
            "solver_nodes",
            "free_at_start",
            "greedy_win_share",
            "computed_at",
        )
    }
    with transaction.atomic():
        # get_or_create survives a concurrent insert of the same day (unique date).
        stored, created = DailyPuzzle.objects.select_for_update().get_or_create(
            date=puzzle.date, defaults=fields
        )
        if not created and stored.status == DailyPuzzle.Status.UNDECIDED:
            for name, value in fields.items():
                setattr(stored, name, value)
            stored.save()
    return stored


def assess(day: date, layout: Layout, budget: float = SOLVER_BUDGET) -> DailyPuzzle:
    """Deal ``day``'s puzzle and judge it, without storing anything.

    The solver gets only the faces, and its removal order is then replayed through the
    rules: a deal counts as verified only when that replay empties the board.
    """
    seed = seed_for(day)
    geometry = engine.geometry_for(layout.positions)
    faces = engine.deal(geometry, seed)
    board = engine.Board(faces, geometry.full_mask)
    solved = engine.solve(geometry, board, budget=budget)
    if solved.status == "yes":
        clears = _replays_to_empty(geometry, board, solved.order)
        status = DailyPuzzle.Status.VERIFIED if clears else DailyPuzzle.Status.FAILED
    elif solved.status == "no":
        status = DailyPuzzle.Status.FAILED
    else:
        status = DailyPuzzle.Status.UNDECIDED
    return DailyPuzzle(
        date=day,
        code=str(engine.GameCode(seed, layout.letter)),
        status=status,
        solution=[list(pair) for pair in solved.order],
        solver_seconds=round(solved.seconds, 4),
        solver_nodes=solved.nodes,
        free_at_start=len(geometry.free_indices(geometry.full_mask)),
        greedy_win_share=engine.greedy_win_share(
            geometry, faces, engine.SplitMix64(seed ^ _PLAYOUT_SALT), PLAYOUTS
        ),
        computed_at=timezone.now(),
    )


def _replays_to_empty(
    geometry: engine.Geometry, board: engine.Board, order: list[tuple[int, int]]
) -> bool:
    try:
        for first, second in order:
            board = engine.apply_removal(geometry, board, first, second)
    except engine.IllegalMove:
        return False
    return board.occupied == 0


# --- who solved which day, and the streak -----------------------------------------------


def daily_wins(player: Player):
    """The player's verified wins of daily puzzles."""
    return Game.objects.of(player).verified_wins().filter(daily_date__isnull=False)


def first_win(player: Player, day: date) -> Game | None:
    """The win that counts for ``day`` (a replay never does: only the first)."""
    return daily_wins(player).filter(daily_date=day).order_by("finished_at", "pk").first()


def open_day_of(code: str, player: Player, today: date) -> date | None:
    """The day whose puzzle ``code`` is, while that puzzle is still open to the player
    (a day the page may ask for, not yet solved by them). Such a deal is played only
    through its daily page, so that nobody can practise it first under its code."""
    for day in (today - timedelta(days=1), today, today + timedelta(days=1)):
        if code_for(day) == code and first_win(player, day) is None:
            return day
    return None


# How far ahead the codes of days to come are closed: five years (a deal practised that
# long before its day is not worth guarding against).
_HORIZON_DAYS = 5 * 366


@functools.lru_cache(maxsize=2)
def _codes_to_come(today: date) -> dict[str, date]:
    """The code of every day after tomorrow up to the horizon (a few milliseconds, once a
    day per process)."""
    codes: dict[str, date] = {}
    for k in range(_HORIZON_DAYS, 1, -1):  # the nearest day wins a (rare) shared code
        day = today + timedelta(days=k)
        codes[code_for(day)] = day
    return codes


def day_to_come(code: str, today: date) -> date | None:
    """The day after tomorrow or later whose puzzle ``code`` is: such a deal is shown to
    nobody before its day, as the seed of a day follows from its date alone
    (docs/solitaire.md#opening-the-daily-puzzle)."""
    if not code.endswith(f"-{LAYOUT_LETTER}"):
        return None
    return _codes_to_come(today).get(code)


def streak(player: Player, today: date | None = None) -> int:
    """How many consecutive days up to today the player has solved the daily puzzle.

    Counted back from today, or from yesterday while today's is still open, so a streak
    lasts until a whole day is missed. "Today" is the server's UTC date unless given;
    a player ahead of UTC may have solved tomorrow's already, which counts too.
    """
    today = today or utc_today()
    solved = set(
        daily_wins(player)
        .filter(daily_date__lte=today + timedelta(days=1))
        .values_list("daily_date", flat=True)
    )
    tomorrow, yesterday = today + timedelta(days=1), today - timedelta(days=1)
    day = next((d for d in (tomorrow, today) if d in solved), yesterday)
    count = 0
    while day in solved:
        count += 1
        day -= timedelta(days=1)
    return count


def solved_days_near(player: Player, today: date) -> set[date]:
    """Which of yesterday, today and tomorrow the player has solved: one query, for the
    menu's link (the page's script picks the player's local date among them)."""
    return set(
        daily_wins(player)
        .filter(daily_date__range=(today - timedelta(days=1), today + timedelta(days=1)))
        .values_list("daily_date", flat=True)
    )
