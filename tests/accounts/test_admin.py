"""Admins see players with their display names."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_admin_lists_players_with_their_display_name(admin_client, alice):
    html = admin_client.get("/admin/accounts/user/", {"q": "ali"}).content.decode()
    assert "Alice" in html and "alice@example.com" in html  # admins may see e-mails
    assert admin_client.get(f"/admin/accounts/user/{alice.pk}/change/").status_code == 200


def test_an_admin_cannot_give_a_player_a_look_alike_of_another_name(alice, bob):
    from django.core.exceptions import ValidationError

    bob.display_name = "\u0410lice"  # Cyrillic А
    with pytest.raises(ValidationError) as refused:
        bob.full_clean()
    assert "display_name" in refused.value.message_dict
