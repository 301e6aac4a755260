"""The win summary shows the personal best and the place on the board."""

from datetime import date

import pytest

from games.solitaire.models import Game
from leaderboards.models import PersonalBest
from leaderboards.solitaire import summary_for
from tests.factories import finished_game
from tests.solitaire.web.helpers import as_if_earlier, current_game, play_through

pytestmark = pytest.mark.django_db


def _win(client) -> tuple[Game, str]:
    """Win a Pavillon game played for a minute and a half by the server's clock."""
    game = current_game(client)
    as_if_earlier(game, 90 - 18 * 4.0)
    response = play_through(client, game, seconds_per_pair=4.0)
    assert game.verified
    return game, response.content.decode()


def test_a_first_win_is_a_new_personal_best_with_its_place(alice_client, alice, bob):
    finished_game(bob, 1)  # bob holds a time nobody beats
    game, html = _win(alice_client)
    assert "New personal best!" in html and "New “Ohne Hilfe” best!" in html
    assert "Place 2 of 2 on the leaderboard" in html and "/leaderboards/a" in html
    page = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert "Place 2 of 2 on the leaderboard" in page


def test_a_slower_win_shows_the_best_it_did_not_beat(alice_client, alice):
    finished_game(alice, 2, minute=1)
    _, html = _win(alice_client)
    assert "New personal best!" not in html
    assert "Your best here: 0:02." in html and "Place 1 of 1 on the leaderboard" in html


def test_a_guest_win_invites_to_sign_up_and_then_counts(client):
    game, html = _win(client)
    # The first time, the guest is told what keeps a guest's records (once a session) ...
    assert "Clearing the browser" in html and "to keep this win" not in html
    assert f"/accounts/signup?next=/game/{game.public_id}" in html
    # ... and afterwards the win summary itself invites to keep the win.
    again = client.get(f"/game/{game.public_id}").content.decode()
    assert "to keep this win" in again and "Clearing the browser" not in again
    assert f"/accounts/signup?next=/game/{game.public_id}" in again
    response = client.post(
        "/accounts/signup",
        {
            "username": "gus",
            "display_name": "Gus",
            "email": "gus@example.com",
            "password1": "a-long-enough-secret",
            "password2": "a-long-enough-secret",
            "next": f"/game/{game.public_id}",
        },
    )
    assert response.status_code == 302 and response["Location"] == f"/game/{game.public_id}"
    page = client.get(response["Location"]).content.decode()
    assert "New personal best!" in page and "Place 1 of 1 on the leaderboard" in page
    assert PersonalBest.objects.get(no_help=False).game == game


def test_a_daily_win_shows_its_place_on_the_days_board_and_a_replay_none(alice, bob):
    day = date(2026, 3, 1)
    finished_game(bob, 250, letter="b", daily_date=day, minute=1)
    first = finished_game(alice, 300, letter="b", daily_date=day, minute=2)
    replay = finished_game(alice, 100, letter="b", seed=first.seed, minute=3)  # "Play it again"
    daily = summary_for(first)["daily"]
    assert (daily.place, daily.players, daily.time) == (2, 2, "5:00")
    assert summary_for(replay)["daily"] is None
    assert summary_for(replay)["best"].is_this_game  # the layout board takes any win
