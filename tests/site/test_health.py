"""GET /health reports database, cache and broker (docs/site.md#health-and-ping)."""

import pytest

pytestmark = pytest.mark.django_db


def test_health_reports_every_service_ok(client):
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": "ok"}


def test_health_says_which_service_is_down(client, settings):
    # A real connection failure: nothing listens on this port.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2},
        }
    }
    response = client.get("/health")
    assert response.status_code == 503
    assert response.json()["cache"] == "down" and response.json()["database"] == "ok"


def test_ping_answers_without_touching_any_service(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get("/ping")
    assert response.status_code == 200 and response.content == b"ok"


def test_robots_keep_crawlers_from_dealing_games(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/plain")
    assert "Disallow: /play" in response.content.decode()
