import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing a password the production way takes most of a second per user."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def empty_cache():
    """Boards cached by an earlier test (another database) must not leak into this one."""
    cache.clear()
    yield
    cache.clear()
