"""A guest is told once, when records first matter, that clearing the browser's data
loses them unless an account keeps them (docs/site.md#the-guest-notice)."""

import pytest

from tests.solitaire.web.helpers import current_game, play_pairs, solution

pytestmark = pytest.mark.django_db

NOTICE = "Clearing the browser's data loses them, unless an account keeps them."


def _win(client) -> str:
    game = current_game(client)
    assert NOTICE not in client.get(f"/game/{game.public_id}").content.decode()
    return game, play_pairs(client, game, solution(game)).content.decode()


def test_a_guest_is_told_once_at_the_first_win_with_a_one_tap_sign_up(client):
    game, answer = _win(client)
    assert "Cleared!" in answer and NOTICE in answer
    assert f'href="/accounts/signup?next=/game/{game.public_id}"' in answer
    # Once: the won game's page shown again, and the next win, say nothing more.
    assert NOTICE not in client.get(f"/game/{game.public_id}").content.decode()
    client.post("/new", {"layout": "a"})
    _, second = _win(client)
    assert "Cleared!" in second and NOTICE not in second


def test_the_sign_up_comes_back_to_the_game_now_the_accounts(client, django_user_model):
    game, _ = _win(client)
    response = client.post(
        f"/accounts/signup?next=/game/{game.public_id}",
        {
            "username": "fenna",
            "password1": "lantern-orchid-49",
            "password2": "lantern-orchid-49",
            "next": f"/game/{game.public_id}",
        },
    )
    assert response["Location"] == f"/game/{game.public_id}"
    game.refresh_from_db()
    assert game.user == django_user_model.objects.get(username="fenna")


def test_an_account_is_never_told(alice_client):
    _, answer = _win(alice_client)
    assert "Cleared!" in answer and NOTICE not in answer
