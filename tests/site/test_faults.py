"""Faults, each for real: Redis gone, the database gone or its connections cut,
a web process killed between taps."""

import re
from urllib.parse import urlsplit

import psycopg
import pytest
from django.core.cache import cache
from django.db import close_old_connections, connection

from games.solitaire.models import Game
from tests.solitaire.web.helpers import board, current_game, matching_free_pair, solution, tap

from .servers import Visitor, database_url_of_tests, kill, running_site

DEAD_PORT_REDIS = "redis://127.0.0.1:1/0"


@pytest.fixture
def redis_down(settings):
    """Cache and broker pointed at a port where nothing listens: a real refused connection."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": DEAD_PORT_REDIS,
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    with pytest.raises(Exception):  # noqa: B017 - any connection error proves it is down
        cache.get("anything")
    yield


@pytest.mark.django_db
def test_with_redis_down_a_game_is_played_to_the_win(client, redis_down, caplog):
    game = current_game(client)
    for a, b in solution(game):
        tap(client, game, a)
        assert tap(client, game, b).status_code == 200
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.verified
    for page in ("/leaderboards/", f"/game/{game.public_id}", "/daily"):
        response = client.get(page, follow=True)
        assert response.status_code == 200, page
    assert client.get("/health").json()["cache"] == "down"


def _game_id(url: str) -> str:
    return urlsplit(url).path.rstrip("/").rsplit("/", 1)[-1]


def _tile_pressed(html: str, index: int) -> bool:
    match = re.search(rf'<button id="tile-{index}"[^>]*aria-pressed="(true|false)"', html)
    assert match
    return match.group(1) == "true"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_killed_web_process_loses_nothing_and_the_game_resumes_exactly():
    with running_site() as (base, process):
        visitor = Visitor(base)
        status, url, _ = visitor.request("/")
        assert status == 200
        game = Game.objects.get(public_id=_game_id(url))
        a, b = matching_free_pair(game)
        for position, version in ((a, 0), (b, 0)):
            visitor.request(
                f"/game/{game.public_id}/tap", {"position": position, "version": version}
            )
        game.refresh_from_db()
        c = matching_free_pair(game)[0]
        visitor.request(f"/game/{game.public_id}/tap", {"position": c, "version": 1})
        kill(process)
        before = Game.objects.get(pk=game.pk)
    assert before.moves == 1 and before.selected == c

    with running_site() as (base, _):
        visitor.base = base
        status, _, html = visitor.request(f"/game/{game.public_id}")
        assert status == 200 and 'data-moves="1"' in html and _tile_pressed(html, c)
        # The selection made before the crash completes a pair after it.
        game.refresh_from_db()
        partner = next(j for i, j in [matching_free_pair(game)] if i == c)
        visitor.request(f"/game/{game.public_id}/tap", {"position": partner, "version": 1})
    game.refresh_from_db()
    assert game.moves == 2 and game.log.count() == 2
    assert board(game).occupied == before.occupied_mask & ~(1 << c | 1 << partner)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_cut_database_connections_recover_by_themselves_and_keep_every_move():
    with running_site(workers=2) as (base, _):
        visitor = Visitor(base)
        _, url, _ = visitor.request("/")
        game = Game.objects.get(public_id=_game_id(url))
        a, b = matching_free_pair(game)
        visitor.request(f"/game/{game.public_id}/tap", {"position": a, "version": 0})
        visitor.request(f"/game/{game.public_id}/tap", {"position": b, "version": 0})
        # As a restart would: the server ends every connection of the site's processes.
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            ours = cursor.fetchone()[0]
        with psycopg.connect(database_url_of_tests(), autocommit=True) as admin:
            cut = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), %s)",
                [ours],
            ).fetchone()[0]
        statuses = [visitor.request(f"/game/{game.public_id}")[0] for _ in range(4)]
    assert cut >= 1
    assert statuses[-1] == 200 and all(s in (200, 503) for s in statuses)
    game.refresh_from_db()
    assert game.moves == 1 and game.log.count() == 1


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_with_the_database_down_requests_fail_cleanly_with_a_503():
    with running_site(
        database_url="postgres://postgres@127.0.0.1:1/nowhere", wait_for="/static/css/site.css"
    ) as (base, _):
        status, _, html = Visitor(base).request("/")
    assert status == 503 and "Back in a moment" in html and "Traceback" not in html


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_ended_is_replaced_before_a_request_uses_it(client):
    game = current_game(client)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        ours = cursor.fetchone()[0]
    with psycopg.connect(database_url_of_tests(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", [ours])
        while admin.execute("SELECT 1 FROM pg_stat_activity WHERE pid = %s", [ours]).fetchone():
            pass  # until it is gone
    close_old_connections()  # as the WSGI handler does at a request's start
    assert client.get(f"/game/{game.public_id}").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_sound_connection_is_checked_without_a_round_trip(monkeypatch):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    close_old_connections()

    def round_trip():
        raise AssertionError("the health check sent a query")

    monkeypatch.setattr(connection, "is_usable", round_trip)
    connection.close_if_health_check_failed()
    assert connection.connection is not None and connection.health_check_done
