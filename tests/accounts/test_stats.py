"""The stats page against a hand-computed fixture (docs/site.md#stats)."""

import re
from datetime import timedelta

import pytest

from accounts.stats import player_stats
from games.solitaire.daily import utc_today
from games.solitaire.models import Game
from tests.factories import finished_game

pytestmark = pytest.mark.django_db

WON, PLAYING, ABANDONED = Game.Status.WON, Game.Status.PLAYING, Game.Status.ABANDONED


@pytest.fixture
def alices_games(alice):
    """Pavillon: 5 started (the untouched deal does not count), 2 verified wins."""
    today = utc_today()
    return {
        "a1": finished_game(alice, 100.4, minute=1),  # no help
        "a2": finished_game(alice, 80.9, minute=2, hints=2, undos=1),
        "a3": finished_game(alice, 10, minute=3, verified=False),  # its log did not replay
        "a4": finished_game(alice, 0, minute=4, status=ABANDONED, moves=3, hints=1),
        "a5": finished_game(alice, 0, minute=5, status=ABANDONED, moves=0),  # untouched
        "a6": finished_game(alice, 0, minute=6, status=PLAYING, moves=2, shuffles=1),
        # Doppelgipfel: three daily puzzles, two of them on the last two days.
        "b1": finished_game(alice, 300, letter="b", minute=7, daily_date=today),
        "b2": finished_game(
            alice, 240, letter="b", minute=8, hints=1, daily_date=today - timedelta(days=1)
        ),
        "b3": finished_game(
            alice, 200, letter="b", minute=9, daily_date=today - timedelta(days=3)
        ),
    }


def test_the_figures_per_layout_are_right(alice, alices_games):
    stats = player_stats(alice)
    pavillon, twin_peaks = stats.layouts
    assert pavillon.layout.letter == "a" and twin_peaks.layout.letter == "b"
    assert (pavillon.started, pavillon.won, pavillon.win_rate) == (5, 2, 40)
    assert (pavillon.best_time, pavillon.best_no_help_time, pavillon.average_time) == (
        "1:20",
        "1:40",
        "1:30",
    )
    assert (pavillon.hints, pavillon.undos, pavillon.shuffles) == (3, 1, 1)
    assert list(pavillon.top) == [alices_games["a2"], alices_games["a1"]]
    assert (twin_peaks.started, twin_peaks.won, twin_peaks.win_rate) == (3, 3, 100)
    assert (twin_peaks.best_time, twin_peaks.best_no_help_time, twin_peaks.average_time) == (
        "3:20",
        "3:20",
        "4:06",
    )
    assert (stats.started, stats.won, stats.hints, stats.undos, stats.shuffles) == (8, 5, 4, 1, 1)
    assert stats.streak == 2


def _figures(html: str, letter: str) -> dict[str, str]:
    section = re.search(rf'id="stats-{letter}".*?</section>', html, re.S).group(0)
    return dict(re.findall(r'data-figure="([\w-]+)">([^<]*)<', section))


def test_the_stats_page_shows_the_figures(alice_client, alices_games):
    html = alice_client.get("/accounts/stats").content.decode()
    assert _figures(html, "a") == {
        "started": "5",
        "won": "2",
        "win-rate": "40 %",
        "best": "1:20",
        "best-no-help": "1:40",
        "average": "1:30",
        "help": "3 · 1 · 1",
    }
    assert 'data-figure="streak">2 days<' in html
    assert 'data-figure="total-started">8<' in html
    top = re.search(r'id="stats-a".*?<ol class="top-times">(.*?)</ol>', html, re.S).group(1)
    assert re.findall(r'class="time">([^<]+)<', top) == ["1:20", "1:40"]


def test_the_chart_draws_recent_wins_as_svg_bars(alice_client, alices_games):
    html = alice_client.get("/accounts/stats").content.decode()
    section = re.search(r'id="stats-a".*?</section>', html, re.S).group(0)
    bars = re.findall(r'<rect class="chart-bar( is-best)?"[^>]*><title>([^<]+)</title>', section)
    assert bars == [("", "1:40"), (" is-best", "1:20")]  # oldest first, the best marked
    assert 'role="img"' in section and "Last 2 winning times, from 1:20 to 1:40" in section


def test_the_history_links_every_game_and_leaves_out_untouched_deals(alice_client, alices_games):
    html = alice_client.get("/accounts/stats").content.decode()
    history = html.split('id="history-title"', 1)[1]
    for key, game in alices_games.items():
        assert (f'href="/play/{game.code}"' in history) == (key != "a5")
    assert f'href="/game/{alices_games["a6"].public_id}"' in history  # resume the one in play


def test_the_history_is_paginated(alice_client, alice):
    for minute in range(25):
        finished_game(alice, 60 + minute, minute=minute)

    def rows(page):
        html = alice_client.get("/accounts/stats", {"page": page}).content.decode()
        return html.split('id="history-title"', 1)[1].count("<tr>") - 1  # minus the head

    assert rows(1) == 20 and rows(2) == 5
    assert rows("abc") == 20 and rows(99) == 5  # bad pages get a real page, not an error


def test_others_see_the_figures_under_the_display_name_but_not_the_history(
    client, bob_client, alice, alices_games
):
    for viewer in (client, bob_client):
        response = viewer.get(f"/accounts/players/{alice.pk}")
        html = response.content.decode()
        assert response.status_code == 200 and "<h1>Alice</h1>" in html
        assert _figures(html, "a")["best"] == "1:20"
        assert "history-title" not in html and "alice@example.com" not in html
        assert "alice</" not in html  # the username is not shown either


def test_a_new_player_gets_an_empty_page_not_an_error(bob_client):
    html = bob_client.get("/accounts/stats").content.decode()
    assert "Play a game and your figures show up here." in html


def test_stats_need_a_log_in_and_unknown_players_are_not_found(client):
    assert client.get("/accounts/stats")["Location"] == "/accounts/login/?next=/accounts/stats"
    assert client.get("/accounts/players/999999").status_code == 404
