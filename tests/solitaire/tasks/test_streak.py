"""A player's streak of consecutive days with a solved daily puzzle."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from games.players import Player
from games.solitaire import daily
from tests.factories import finished_game

pytestmark = pytest.mark.django_db


def _days(first: date, last: date) -> list[date]:
    return [first + timedelta(days=k) for k in range((last - first).days + 1)]


def test_a_player_who_never_solved_one_has_no_streak(alice):
    assert daily.streak(Player(alice), today=date(2026, 3, 1)) == 0


def test_the_streak_runs_across_the_end_of_a_month(alice, daily_win):
    for day in _days(date(2026, 2, 25), date(2026, 3, 2)):
        daily_win(alice, day)

    assert daily.streak(Player(alice), today=date(2026, 3, 2)) == 6


def test_the_streak_runs_across_the_end_of_a_year_and_a_leap_day(alice, daily_win):
    for day in _days(date(2023, 12, 30), date(2024, 1, 2)):
        daily_win(alice, day)
    for day in _days(date(2024, 2, 27), date(2024, 3, 1)):
        daily_win(alice, day)

    assert daily.streak(Player(alice), today=date(2024, 1, 2)) == 4
    assert daily.streak(Player(alice), today=date(2024, 3, 1)) == 4  # 27, 28, 29 Feb, 1 Mar


def test_a_missed_day_ends_the_streak(alice, daily_win):
    for day in (date(2026, 1, 28), date(2026, 1, 29), date(2026, 1, 31), date(2026, 2, 1)):
        daily_win(alice, day)  # 30 January missed

    assert daily.streak(Player(alice), today=date(2026, 2, 1)) == 2


def test_the_streak_still_counts_while_todays_puzzle_is_open(alice, daily_win):
    for day in _days(date(2026, 4, 28), date(2026, 4, 30)):
        daily_win(alice, day)

    assert daily.streak(Player(alice), today=date(2026, 5, 1)) == 3  # May 1st not solved yet
    assert daily.streak(Player(alice), today=date(2026, 5, 2)) == 0  # a whole day missed


def test_a_player_ahead_of_utc_may_have_solved_tomorrows_already(alice, daily_win):
    for day in _days(date(2026, 3, 1), date(2026, 3, 3)):
        daily_win(alice, day)

    assert daily.streak(Player(alice), today=date(2026, 3, 2)) == 3


def test_only_verified_wins_count(alice, daily_win):
    daily_win(alice, date(2026, 3, 1))
    daily_win(alice, date(2026, 3, 2), verified=False)

    assert daily.streak(Player(alice), today=date(2026, 3, 2)) == 1


def test_a_replayed_day_counts_once(alice, daily_win):
    first = daily_win(alice, date(2026, 3, 1))
    finished_game(alice, 100.0, letter="b", seed=first.seed)  # "Play it again"

    assert daily.streak(Player(alice), today=date(2026, 3, 1)) == 1


def test_the_streak_is_each_players_own(alice, bob, daily_win):
    daily_win(alice, date(2026, 3, 1))
    daily_win(bob, date(2026, 2, 28))
    daily_win(bob, date(2026, 3, 1))

    assert daily.streak(Player(alice), today=date(2026, 3, 1)) == 1
    assert daily.streak(Player(bob), today=date(2026, 3, 1)) == 2


def test_a_guest_has_a_streak_too(daily_win):
    daily_win(None, date(2026, 3, 1), guest_id="guest-1")
    daily_win(None, date(2026, 3, 2), guest_id="guest-1")

    assert daily.streak(Player(guest_id="guest-1"), today=date(2026, 3, 2)) == 2
    assert daily.streak(Player(guest_id="guest-2"), today=date(2026, 3, 2)) == 0


def test_the_streak_counts_from_the_servers_date_by_default(alice, daily_win, monkeypatch):
    monkeypatch.setattr(daily, "utc_today", lambda: date(2026, 3, 2))
    daily_win(alice, date(2026, 3, 1))
    daily_win(alice, date(2026, 3, 2))

    assert daily.streak(Player(alice)) == 2
