"""The coming days' puzzles are dealt, verified by the solver and measured ahead of
time by a Celery task; idempotent; a missing day is computed on the spot."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from config.celery import app as project_app
from games.solitaire import daily, engine
from games.solitaire.models import DailyPuzzle
from games.solitaire.tasks import precompute_daily_puzzles

# Imported above, the shared task is registered with every Celery app, the test apps too.
TASK = precompute_daily_puzzles.name
START = date(2026, 3, 1)

pytestmark = pytest.mark.django_db


def _snapshot() -> list[tuple]:
    return list(DailyPuzzle.objects.order_by("date").values_list())


def test_a_puzzle_is_dealt_from_its_date_and_verified_by_the_solver(twin_peaks):
    puzzle = daily.assess(START, twin_peaks)

    assert puzzle.code == daily.code_for(START)
    assert puzzle.status == DailyPuzzle.Status.VERIFIED
    geometry = engine.geometry_for(twin_peaks.positions)
    board = engine.Board(engine.deal(geometry, daily.seed_for(START)), geometry.full_mask)
    for first, second in puzzle.solution:  # the stored order really clears the deal
        board = engine.apply_removal(geometry, board, first, second)
    assert board.occupied == 0
    assert len(puzzle.solution) == geometry.n // 2


def test_a_puzzle_carries_its_difficulty_figures(twin_peaks):
    puzzle = daily.assess(START, twin_peaks)

    geometry = engine.geometry_for(twin_peaks.positions)
    assert puzzle.free_at_start == len(geometry.free_indices(geometry.full_mask)) > 0
    assert puzzle.solver_nodes > 0
    assert 0.0 <= puzzle.greedy_win_share <= 1.0
    assert (puzzle.greedy_win_share * daily.PLAYOUTS).is_integer()
    # the playouts are seeded: the figures of a day can be computed again exactly
    assert daily.assess(START, twin_peaks).greedy_win_share == puzzle.greedy_win_share


def test_precomputing_stores_the_next_days():
    done = daily.precompute(START, days=5)

    assert done == [START + timedelta(days=k) for k in range(5)]
    stored = DailyPuzzle.objects.order_by("date")
    assert [p.date for p in stored] == done
    assert {p.status for p in stored} == {DailyPuzzle.Status.VERIFIED}
    assert [p.code for p in stored] == [daily.code_for(day) for day in done]


def test_precomputing_twice_changes_nothing():
    daily.precompute(START, days=4)
    before = _snapshot()

    assert daily.precompute(START, days=4) == []
    assert _snapshot() == before


def test_precomputing_keeps_a_verified_row_and_only_adds_missing_days():
    daily.precompute(START, days=2)
    kept = DailyPuzzle.objects.get(date=START)
    DailyPuzzle.objects.filter(pk=kept.pk).update(free_at_start=99)  # mark it

    assert daily.precompute(START, days=3) == [START + timedelta(days=2)]
    assert DailyPuzzle.objects.get(date=START).free_at_start == 99


def test_an_undecided_day_is_tried_again():
    DailyPuzzle.objects.create(date=START, code=daily.code_for(START), status="undecided")

    assert daily.precompute(START, days=1) == [START]
    assert DailyPuzzle.objects.get(date=START).status == DailyPuzzle.Status.VERIFIED


def test_a_missing_day_is_computed_on_the_spot_with_no_worker_running():
    assert not DailyPuzzle.objects.exists()

    puzzle = daily.puzzle_for(START)

    assert puzzle.pk is not None
    assert puzzle.status == DailyPuzzle.Status.VERIFIED
    assert daily.puzzle_for(START) == puzzle  # and stored, not computed again
    assert DailyPuzzle.objects.count() == 1


@pytest.mark.celery(task_always_eager=True)
def test_the_task_runs_eagerly_in_process(celery_app):
    result = celery_app.tasks[TASK].delay(start=START.isoformat(), days=3)

    assert result.get() == [(START + timedelta(days=k)).isoformat() for k in range(3)]
    assert DailyPuzzle.objects.count() == 3


def test_the_task_defaults_to_thirty_days_from_today(monkeypatch, celery_app):
    monkeypatch.setattr(daily, "utc_today", lambda: START)
    monkeypatch.setattr(daily, "DAYS_AHEAD", 30)
    computed: list = []
    monkeypatch.setattr(
        daily, "precompute", lambda start, days: computed.append((start, days)) or []
    )

    celery_app.tasks[TASK].apply()

    assert computed == [(START, 30)]


@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_the_task_from_the_redis_broker(
    celery_app, celery_worker, worker_closes_connections
):
    assert not celery_app.conf.task_always_eager
    result = celery_app.tasks[TASK].delay(start=START.isoformat(), days=2)

    assert result.get(timeout=30) == [START.isoformat(), (START + timedelta(days=1)).isoformat()]
    assert [p.date for p in DailyPuzzle.objects.order_by("date")] == [
        START,
        START + timedelta(days=1),
    ]
    # run again through the worker: nothing left to do
    assert celery_app.tasks[TASK].delay(start=START.isoformat(), days=2).get(timeout=30) == []


def test_beat_runs_the_task_every_night():
    entry = project_app.conf.beat_schedule["precompute-daily-puzzles"]

    assert entry["task"] == TASK
    assert TASK in project_app.tasks
    assert entry["schedule"].hour == {0}


@pytest.mark.django_db
def test_stale_untouched_guest_deals_and_expired_sessions_are_cleared(client):
    from datetime import timedelta

    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from games.solitaire.models import Game
    from games.solitaire.tasks import clear_stale_guest_data
    from tests.solitaire.web.helpers import current_game, matching_free_pair, tap

    untouched = current_game(client)
    client.post("/new", {"layout": "b"})
    played = current_game(client)
    a, b = matching_free_pair(played)
    tap(client, played, a)
    tap(client, played, b)
    fresh_guest = current_game(type(client)())
    day_ago = timezone.now() - timedelta(days=2)
    Game.objects.filter(pk__in=[untouched.pk, played.pk]).update(created_at=day_ago)
    Session.objects.create(session_key="x" * 32, session_data="", expire_date=day_ago)

    assert clear_stale_guest_data() == 1
    assert set(Game.objects.values_list("pk", flat=True)) == {played.pk, fresh_guest.pk}
    assert not Session.objects.filter(session_key="x" * 32).exists()
