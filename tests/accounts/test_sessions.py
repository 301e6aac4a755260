"""Sessions in a signed cookie (docs/site.md#sessions): no query to read one, log-out
ends an account's sessions everywhere, a tampered cookie is no session, and a session
of the database sessions kept before is taken over."""

from datetime import timedelta
from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore as DatabaseSession
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.players import SessionKey
from games.solitaire.models import Game
from tests.solitaire.web.helpers import current_game, matching_free_pair, tap

pytestmark = pytest.mark.django_db

PASSWORD = "correct-horse-battery"


def _copy_of(client) -> Client:
    """Another browser holding a copy of the client's cookies."""
    copy = Client()
    copy.cookies = type(client.cookies)(client.cookies)
    return copy


def _logged_in(client) -> bool:
    return client.get("/accounts/profile").status_code == 200


def test_a_guests_session_is_read_without_a_query(client):
    game = current_game(client)
    a, _ = matching_free_pair(game)
    with CaptureQueriesContext(connection) as queries:
        assert tap(client, game, a, version=0, selected="").status_code == 200
    assert not [q for q in queries if "django_session" in q["sql"]]
    assert ":" in client.cookies[settings.SESSION_COOKIE_NAME].value  # data and signature


def test_log_out_ends_the_accounts_sessions_on_every_device(client, alice):
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    other_device = Client()
    other_device.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    stolen = _copy_of(client)
    assert _logged_in(client) and _logged_in(other_device) and _logged_in(stolen)

    client.post("/accounts/logout/")
    assert not _logged_in(client)
    assert not _logged_in(stolen)  # a copy of the cookie no longer logs anybody in
    assert not _logged_in(other_device)
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert _logged_in(client)  # and a new log-in works as ever


def test_a_tampered_cookie_is_no_session(client):
    game = current_game(client)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    data, signature = cookie.rsplit(":", 1)
    client.cookies[settings.SESSION_COOKIE_NAME] = f"{data}:{signature[::-1]}"
    response = client.get(f"/game/{game.public_id}")
    assert response.status_code == 404  # no longer the guest whose game it is


def test_a_new_secret_key_keeps_the_sessions_of_the_old_one_in_its_fallbacks(client, settings):
    game = current_game(client)
    old_key = settings.SECRET_KEY
    settings.SECRET_KEY = "a-new-key-0123456789-abcdefghijklmnopqrstuvwxyz-0123456789"
    old_cookie = _copy_of(client)
    settings.SECRET_KEY_FALLBACKS = [old_key]
    assert client.get(f"/game/{game.public_id}").status_code == 200  # still the same guest
    settings.SECRET_KEY_FALLBACKS = []
    assert old_cookie.get(f"/game/{game.public_id}").status_code == 404  # old key gone


def test_a_database_session_of_before_is_taken_over_with_its_guests_games(client):
    old = DatabaseSession()
    old[SessionKey.GUEST_ID] = "a" * 32
    old.create()
    game = current_game(client)
    Game.objects.filter(pk=game.pk).update(guest_id="a" * 32)
    browser = Client()
    browser.cookies[settings.SESSION_COOKIE_NAME] = old.session_key

    assert browser.get(f"/game/{game.public_id}").status_code == 200
    cookie = browser.cookies[settings.SESSION_COOKIE_NAME].value
    assert cookie != old.session_key and ":" in cookie  # goes on as a signed cookie
    assert browser.get(f"/game/{game.public_id}").status_code == 200


def test_expired_database_sessions_are_cleared_and_never_taken_over(client):
    old = DatabaseSession()
    old[SessionKey.GUEST_ID] = "b" * 32
    old.create()
    Session.objects.filter(pk=old.session_key).update(
        expire_date=timezone.now() - timedelta(days=1)
    )
    browser = Client()
    browser.cookies[settings.SESSION_COOKIE_NAME] = old.session_key
    browser.get("/")
    assert browser.session.get(SessionKey.GUEST_ID) != "b" * 32
    import_module(settings.SESSION_ENGINE).SessionStore.clear_expired()
    assert not Session.objects.filter(pk=old.session_key).exists()
