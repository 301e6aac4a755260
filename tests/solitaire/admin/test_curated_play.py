"""A layout made in the admin is played like any other; retiring it breaks no game."""

import pytest

from games.solitaire.models import Game, Layout
from tests.solitaire.web.helpers import solution, tap

from .helpers import WALL_GRID, add_layout, change_url

pytestmark = pytest.mark.django_db


def _new_game(client, user, letter: str) -> Game:
    response = client.post("/new", {"layout": letter})
    assert response.status_code == 302, response
    return Game.objects.get(user=user, status=Game.Status.PLAYING)


def _play_to_the_end(client, game: Game, pairs) -> None:
    for first, second in pairs:
        tap(client, game, first)
        assert tap(client, game, second).status_code == 200


def test_a_layout_made_in_the_admin_plays_to_the_win(admin_client, alice_client, alice):
    add_layout(admin_client, WALL_GRID, name="Wall")
    layout = Layout.objects.get(name="Wall")
    assert f'value="{layout.letter}"' in alice_client.get("/", follow=True).content.decode()

    game = _new_game(alice_client, alice, layout.letter)
    assert game.code.endswith(f"-{layout.letter}") and game.positions == layout.positions
    _play_to_the_end(alice_client, game, solution(game))
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.occupied_mask == 0 and game.verified


def test_a_deactivated_layout_keeps_its_old_games_playable(
    admin_client, alice_client, alice, bob_client
):
    add_layout(admin_client, WALL_GRID, name="Wall")
    layout = Layout.objects.get(name="Wall")
    game = _new_game(alice_client, alice, layout.letter)
    pairs = solution(game)
    _play_to_the_end(alice_client, game, pairs[:2])

    data = {"name": "Wall", "grid": WALL_GRID, "_save": "Save"}  # "active" unticked
    assert admin_client.post(change_url(layout), data).status_code == 302
    layout.refresh_from_db()
    assert not layout.active

    # Hidden for new games: not in the menu, not dealt, no link to a new deal...
    menu = bob_client.get("/", follow=True).content.decode()
    assert f'name="layout" value="{layout.letter}"' not in menu
    assert bob_client.post("/new", {"layout": layout.letter}).status_code == 400
    assert bob_client.get(f"/play/{game.code}").status_code == 404
    # ...but the player who has a game on it keeps it to the win,
    assert alice_client.get(f"/game/{game.public_id}").status_code == 200
    _play_to_the_end(alice_client, game, pairs[2:])
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.verified
    # and may deal it again from its link.
    again = alice_client.get(f"/play/{game.code}")
    assert again.status_code == 302 and again["Location"] != f"/game/{game.public_id}"
    assert Game.objects.get(user=alice, status=Game.Status.PLAYING).code == game.code
