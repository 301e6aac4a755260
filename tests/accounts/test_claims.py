"""A guest's games become the account's on sign-up and log-in."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.players import Player
from games.solitaire.claims import keep_one_current
from games.solitaire.models import Game, Move
from leaderboards.models import PersonalBest
from tests.factories import SIGN_UP, finished_game
from tests.solitaire.web.helpers import (
    current_game,
    matching_free_pair,
    play_through,
    solution,
    tap,
)

pytestmark = pytest.mark.django_db


def _move_once(client, game):
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    game.refresh_from_db()


def test_sign_up_claims_the_guests_games_with_the_unfinished_one(client, django_user_model):
    won = current_game(client)
    play_through(client, won)
    client.post("/new", {"layout": "b"})
    unfinished = current_game(client)
    _move_once(client, unfinished)

    assert client.post("/accounts/signup", SIGN_UP).status_code == 302
    newcomer = django_user_model.objects.get(username=SIGN_UP["username"])
    assert set(Game.objects.filter(user=newcomer)) == {won, unfinished}
    assert not Game.objects.filter(user=newcomer).exclude(guest_id="").exists()
    assert current_game(client) == unfinished  # the game goes on where it was
    assert Game.objects.get(pk=unfinished.pk).moves == 1
    assert PersonalBest.objects.get(user=newcomer, no_help=False).game == won
    assert "guest_id" not in client.session


def test_log_in_claims_the_guests_games(client, alice):
    guest_game = current_game(client)
    _move_once(client, guest_game)
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    guest_game.refresh_from_db()
    assert guest_game.user == alice and guest_game.guest_id == ""
    assert current_game(client) == guest_game


def test_another_guests_games_stay_theirs(client, alice):
    from django.test import Client

    stranger = Client()
    theirs = current_game(stranger)
    current_game(client)
    client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-battery"})
    theirs.refresh_from_db()
    assert theirs.user is None and theirs.guest_id
    assert current_game(stranger) == theirs


def test_an_untouched_guest_deal_never_pushes_aside_the_accounts_game_in_play(
    client, alice_client, alice
):
    in_play = current_game(alice_client)
    _move_once(alice_client, in_play)
    alice_client.post("/accounts/logout/")
    current_game(client)  # a new device: the start page deals a guest game unasked
    client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-battery"})
    assert current_game(client) == in_play
    assert Game.objects.filter(user=alice).playing().get() == in_play


def test_of_two_games_in_play_the_one_played_last_stays_current(alice, bob):
    older = finished_game(alice, 0, status=Game.Status.PLAYING, minute=1)
    newer = finished_game(alice, 0, status=Game.Status.PLAYING, minute=2)
    # The older game was created first but moved on last.
    Move.objects.create(
        game=newer,
        number=1,
        kind=Move.Kind.REMOVE,
        first=0,
        second=1,
        created_at=timezone.now() - timedelta(hours=1),
    )
    Move.objects.create(game=older, number=1, kind=Move.Kind.REMOVE, first=0, second=1)
    bobs = finished_game(bob, 0, status=Game.Status.PLAYING, minute=3)
    assert keep_one_current(alice) == older
    newer.refresh_from_db()
    bobs.refresh_from_db()
    assert newer.status == Game.Status.ABANDONED and bobs.status == Game.Status.PLAYING


def test_a_daily_puzzle_won_as_a_guest_is_no_try_of_an_existing_account(client, alice):
    from games.solitaire import daily

    today = daily.utc_today()
    client.get(f"/daily/{today}")
    game = Game.objects.get(user__isnull=True, daily_date=today)
    for a, b in solution(game):
        tap(client, game, a)
        tap(client, game, b)
    client.post("/accounts/login/", {"username": "alice", "password": "correct-horse-battery"})
    game.refresh_from_db()
    assert game.user == alice and game.status == Game.Status.WON
    assert game.daily_date is None and daily.first_win(Player(alice), today) is None
