"""Boards are cached in Redis, refreshed by a new win, and served without Redis."""

import pytest
from django.core.cache import cache

from leaderboards.models import PersonalBest
from tests.factories import finished_game, layout
from tests.solitaire.web.helpers import current_game, play_through

pytestmark = pytest.mark.django_db

NOWHERE = {  # a real connection failure: nothing listens on port 1
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",
        "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
    }
}


def _board(client) -> str:
    """The page's boards, without the header (which names who is logged in)."""
    response = client.get("/leaderboards/a")
    assert response.status_code == 200
    return response.content.decode().split("<main", 1)[1]


def test_a_board_is_served_from_the_cache_until_a_new_win_lands(
    client, alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        finished_game(alice, 70, minute=1)
    assert "Alice" in _board(client)
    assert any("lb3:layout" in key.decode() for key in cache._cache.get_client().keys("*"))
    # Written behind the boards' back: the cached board does not see it.
    ghost = finished_game(bob, 60, minute=2, record=False)
    PersonalBest.objects.create(
        user=bob,
        layout=layout("a"),
        no_help=False,
        seconds=60,
        game=ghost,
        achieved_at=ghost.finished_at,
    )
    assert "Bob" not in _board(client)
    with django_capture_on_commit_callbacks(execute=True):
        finished_game(alice, 65, minute=3)  # a new verified win refreshes the board
    html = _board(client)
    assert html.index("Bob") < html.index("Alice") and "1:05" in html


def test_a_win_played_through_refreshes_the_board(
    alice_client, bob, django_capture_on_commit_callbacks
):
    finished_game(bob, 5000)
    assert "Alice" not in _board(alice_client)
    game = current_game(alice_client)
    with django_capture_on_commit_callbacks(execute=True):
        play_through(alice_client, game)
    html = _board(alice_client)
    assert html.index("Alice") < html.index("Bob")


def test_boards_and_wins_work_with_redis_down(alice_client, alice, bob, settings):
    finished_game(bob, 5000)
    settings.CACHES = NOWHERE
    with pytest.raises(Exception):  # noqa: B017 (whatever redis raises: it is down)
        cache.get("anything")
    assert "Bob" in _board(alice_client)
    game = current_game(alice_client)
    response = play_through(alice_client, game)
    assert "Place 1 of 2 on the leaderboard" in response.content.decode()
    html = _board(alice_client)
    assert html.index("Alice") < html.index("Bob")
    assert alice_client.get("/leaderboards/daily/2026-03-01").status_code == 200
