"""An admin for the admin tests, without a password: hashing one costs a second a test."""

import pytest


@pytest.fixture
def admin_user(db, django_user_model):
    return django_user_model.objects.create_superuser("admin", "admin@example.com", None)


@pytest.fixture
def staff_without_rights(db, django_user_model):
    """Staff, so the admin lets them in, but with no permission on layouts."""
    return django_user_model.objects.create_user("clerk", "clerk@example.com", None, is_staff=True)
