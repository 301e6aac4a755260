"""The boards: verified wins only, each player once, ties share a place."""

from datetime import date

import pytest
from django.test import Client

from games.solitaire.models import Game
from leaderboards.models import PersonalBest
from leaderboards.solitaire import daily_board, rebuild_bests, top_times
from tests.factories import finished_game, layout

pytestmark = pytest.mark.django_db

DAY = date(2026, 3, 1)


@pytest.fixture
def players(django_user_model):
    def make(*names):
        return [
            django_user_model.objects.create_user(
                name, f"{name}@example.com", "x", display_name=name.title()
            )
            for name in names
        ]

    return make


def _rows(board):
    return [(entry.place, entry.name, entry.time) for entry in board.entries]


def test_each_player_counts_once_with_their_best(alice, bob):
    finished_game(alice, 95, minute=1)
    finished_game(alice, 70.5, minute=2)
    finished_game(alice, 80, minute=3)
    finished_game(bob, 75, minute=4)
    board = top_times(layout("a"))
    assert _rows(board) == [(1, "Alice", "1:10"), (2, "Bob", "1:15")]
    assert board.players == 2


def test_equal_shown_times_share_a_place_and_the_earlier_is_listed_first(players):
    carol, dave, erin, frank = players("carol", "dave", "erin", "frank")
    finished_game(dave, 65.9, minute=2)
    finished_game(carol, 65.2, minute=3)  # faster to the tenth, but later: shown alike
    finished_game(erin, 61, minute=4)
    finished_game(frank, 70, minute=5)
    assert _rows(top_times(layout("a"))) == [
        (1, "Erin", "1:01"),
        (2, "Dave", "1:05"),
        (2, "Carol", "1:05"),
        (4, "Frank", "1:10"),
    ]


def test_a_best_improves_only_by_a_whole_shown_second(alice):
    first = finished_game(alice, 65.9, minute=1)
    finished_game(alice, 65.1, minute=2)
    best = PersonalBest.objects.get(user=alice, no_help=False)
    assert best.game == first and best.seconds == 65


def test_the_board_shows_the_top_ten_of_more_players(players):
    many = players(*[f"player{k:02d}" for k in range(12)])
    for k, player in enumerate(many):
        finished_game(player, 100 + k, minute=k)
    board = top_times(layout("a"))
    assert [entry.place for entry in board.entries] == list(range(1, 11))
    assert board.players == 12


def test_unverified_and_guest_wins_and_unfinished_games_never_count(alice, bob):
    finished_game(alice, 50, verified=False)
    finished_game(None, 40, minute=1)
    finished_game(bob, 0, status=Game.Status.PLAYING, minute=2)
    finished_game(bob, 0, status=Game.Status.ABANDONED, minute=3)
    assert top_times(layout("a")).entries == ()
    assert not PersonalBest.objects.exists()


def test_the_ohne_hilfe_board_takes_only_wins_without_help(alice, bob, players):
    (carol,) = players("carol")
    finished_game(alice, 60, hints=1, minute=1)
    finished_game(alice, 90, minute=2)
    finished_game(bob, 70, undos=2, minute=3)
    finished_game(carol, 80, shuffles=1, minute=4)
    assert _rows(top_times(layout("a"), no_help=True)) == [(1, "Alice", "1:30")]
    assert _rows(top_times(layout("a"))) == [
        (1, "Alice", "1:00"),
        (2, "Bob", "1:10"),
        (3, "Carol", "1:20"),
    ]


def test_boards_are_per_layout(alice, bob):
    finished_game(alice, 60, letter="a")
    finished_game(bob, 300, letter="b", minute=1)
    assert _rows(top_times(layout("a"))) == [(1, "Alice", "1:00")]
    assert _rows(top_times(layout("b"))) == [(1, "Bob", "5:00")]


def test_the_daily_board_counts_each_players_first_win_of_the_day(alice, bob, players):
    (carol,) = players("carol")
    finished_game(alice, 300, letter="b", daily_date=DAY, minute=1)
    finished_game(alice, 200, letter="b", minute=5)  # "Play it again": no daily game
    finished_game(bob, 250, letter="b", daily_date=DAY, minute=2)
    finished_game(carol, 100, letter="b", daily_date=date(2026, 3, 2), minute=3)
    finished_game(carol, 90, letter="b", daily_date=DAY, minute=4, verified=False)
    board = daily_board(DAY)
    assert _rows(board) == [(1, "Bob", "4:10"), (2, "Alice", "5:00")]
    assert board.players == 2


def test_rebuilding_the_bests_from_the_games_gives_the_same_boards(alice, bob):
    finished_game(alice, 95, minute=1)
    finished_game(alice, 70, minute=2, hints=1)
    finished_game(bob, 75, minute=3, record=False)  # e.g. lost while the board was down
    assert rebuild_bests() == 4  # alice: all + no help; bob: all + no help
    assert _rows(top_times(layout("a"))) == [(1, "Alice", "1:10"), (2, "Bob", "1:15")]
    assert _rows(top_times(layout("a"), no_help=True)) == [
        (1, "Bob", "1:15"),
        (2, "Alice", "1:35"),
    ]


def test_the_board_page_shows_names_times_and_never_an_email(client, alice, bob):
    finished_game(alice, 70, minute=1)
    finished_game(bob, 75, minute=2, hints=1)
    html = client.get("/leaderboards/a").content.decode()
    assert "Alice" in html and "1:10" in html and "Bob" in html and "1:15" in html
    assert "@example.com" not in html
    assert f"/accounts/players/{alice.pk}" in html and "/play/1001-a" in html


def test_the_leaderboards_start_on_pavillon(client):
    response = client.get("/leaderboards/")
    assert response.status_code == 302 and response["Location"] == "/leaderboards/a"


@pytest.mark.parametrize(
    ("path", "status", "text"),
    [
        ("/leaderboards/z", 404, "There is no leaderboard"),
        ("/leaderboards/daily/2026-02-30", 400, "is not a date"),
        ("/leaderboards/daily/yesterday", 400, "is not a date"),
    ],
)
def test_bad_board_addresses_get_a_clear_message(client, path, status, text):
    response = client.get(path)
    assert response.status_code == status and text in response.content.decode()


def test_the_daily_page_shows_the_days_board(client, alice):
    finished_game(alice, 300, letter="b", daily_date=DAY, minute=1)
    response = client.get("/leaderboards/daily/2026-03-01")
    html = response.content.decode()
    assert response.status_code == 200 and "Alice" in html and "5:00" in html
    assert "/leaderboards/daily/2026-02-28" in html and "/leaderboards/daily/2026-03-02" in html


def test_the_daily_board_of_today_is_the_start(client):
    response = client.get("/leaderboards/daily")
    assert response.status_code == 302 and response["Location"].startswith("/leaderboards/daily/")


def test_a_player_on_the_board_sees_their_row_marked_and_nobody_else_does(
    alice_client, bob_client, alice, bob
):
    finished_game(alice, 70, minute=1)
    anonymous = Client()
    for _ in range(2):  # rendered afresh, then from the cache
        assert "(you)" not in anonymous.get("/leaderboards/a").content.decode()
        assert "(you)" not in bob_client.get("/leaderboards/a").content.decode()
        html = alice_client.get("/leaderboards/a").content.decode()
        assert html.count('class="is-you"') == 2 and "(you)" in html  # both boards
