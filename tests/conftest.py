"""Fixtures shared by the web tests: two players (alice, bob) so ownership is tested
everywhere, and a way to lay out a hand-made game. The markers of the browser tests."""

import os

import pytest


def pytest_collection_modifyitems(items):
    """Every test in tests/browser is a browser test, and slow: ``-m "not slow"`` runs the
    fast part of the suite (docs/site.md#the-tests-in-parallel)."""
    for item in items:
        if "tests/browser/" in str(item.path).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user(
        "alice", "alice@example.com", "correct-horse-battery", display_name="Alice"
    )


@pytest.fixture
def bob(django_user_model):
    return django_user_model.objects.create_user(
        "bob", "bob@example.com", "correct-horse-battery", display_name="Bob"
    )


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


@pytest.fixture
def bob_client(alice, bob):
    from django.test import Client

    other = Client()
    other.force_login(bob)
    return other


@pytest.fixture
def tasks_in_process():
    """As under ``make run``: a task sent runs at once, in this process (the play-out
    task once a leaving commits, say)."""
    from config.celery import app as celery_app

    conf = celery_app.conf
    eager, conf.task_always_eager = conf.task_always_eager, True
    yield
    conf.task_always_eager = eager


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """The real hasher is slow on purpose; tests need none of that."""
    from django.conf import settings
    from django.contrib.auth.hashers import get_hashers

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_hashers.cache_clear()


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_default_language():
    """A request leaves its language active in its thread (LocaleMiddleware does not
    switch it back), so a test that renders without a request would read the words of
    whichever page the test before it asked for."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _database_tests_start_clean(request):
    """Every test that uses the database finds the built-in layouts, even after a
    transactional test's flush has emptied every table (data migration rows included),
    and an empty cache: boards cached by another test must not leak into it."""
    marker = request.node.get_closest_marker("django_db")
    names = set(request.fixturenames)
    if marker is None and not names & {"db", "transactional_db", "live_server"}:
        yield
        return
    transactional = bool(names & {"transactional_db", "live_server"}) or bool(
        marker and (marker.kwargs.get("transaction") or (marker.args and marker.args[0]))
    )
    request.getfixturevalue("transactional_db" if transactional else "db")
    from django.core.cache import cache

    from games.solitaire.builtin import sync_builtin_layouts
    from games.solitaire.models import Layout

    sync_builtin_layouts(Layout)
    cache.clear()
    yield
    cache.clear()
