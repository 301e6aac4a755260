"""Fixtures shared by the web tests: two players (alice, bob) so ownership is tested
everywhere, and a way to lay out a hand-made game."""

import pytest


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
