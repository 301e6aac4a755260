"""Admins see players with their display names."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_admin_lists_players_with_their_display_name(admin_client, alice):
    html = admin_client.get("/admin/accounts/user/", {"q": "ali"}).content.decode()
    assert "Alice" in html and "alice@example.com" in html  # admins may see e-mails
    assert admin_client.get(f"/admin/accounts/user/{alice.pk}/change/").status_code == 200
