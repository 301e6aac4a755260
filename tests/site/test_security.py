"""Security by default: CSRF on every post, a CSP without inline script, production
settings that pass `check --deploy`, secrets only from the environment."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tests.solitaire.web.helpers import current_game

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "x7#production-like-secret-key-for-the-check-only-9f8e7d6c5b4a3",
    "ALLOWED_HOSTS": "mahjong.example",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test",
    "REDIS_URL": "redis://127.0.0.1:6379/0",
}


def _manage(*args: str, env: dict) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME", "LANG"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_check_deploy():
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_cookies_are_secure_and_https_is_enforced():
    script = (
        "from django.conf import settings as s; print(s.SESSION_COOKIE_SECURE, "
        "s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS > 0, s.DEBUG)"
    )
    result = _manage("shell", "-c", script, env=PRODUCTION)
    assert result.stdout.split()[-5:] == ["True", "True", "True", "True", "False"], result.stderr


def test_passwords_are_hashed_with_argon2():
    script = (
        "from django.contrib.auth.hashers import make_password; "
        "print(make_password('correct horse battery staple').split('$')[0])"
    )
    assert _manage("shell", "-c", script, env=PRODUCTION).stdout.split()[-1] == "argon2"


def test_the_secret_key_must_come_from_the_environment():
    env = {k: v for k, v in PRODUCTION.items() if k != "SECRET_KEY"}
    result = _manage("check", env=env)
    assert result.returncode != 0 and "SECRET_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_pages_carry_a_csp_without_inline_script(client):
    game = current_game(client)
    for path in (f"/game/{game.public_id}", "/leaderboards/", "/accounts/login/", "/replay"):
        response = client.get(path, follow=True)
        policy = response["Content-Security-Policy"]
        script_src = re.search(r"script-src ([^;]*)", policy).group(1)
        assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src
        html = response.content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), f"inline script on {path}"
        assert not re.search(r"\son[a-z]+=", html), f"inline event handler on {path}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "action",
    ["tap", "undo", "hint", "shuffle", "pause", "resume"],
)
def test_every_game_post_needs_the_csrf_token(client, action):
    game = current_game(client)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    response = strict.post(f"/game/{game.public_id}/{action}", {"position": 0, "version": 0})
    assert response.status_code == 403
    game.refresh_from_db()
    assert (game.hints, game.paused_at, game.selected) == (0, None, None)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/new",
        "/preferences",
        "/replay",
        "/accounts/logout/",
        "/accounts/styles/wear",
        "/accounts/styles/buy",
        "/accounts/coins/check-in",
    ],
)
def test_site_posts_need_the_csrf_token(client, path):
    current_game(client)
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    assert strict.post(path, {"layout": "c"}).status_code == 403
