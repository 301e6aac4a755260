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


def test_admins_see_balances_and_the_ledger_read_only(admin_client, alice, bob):
    from datetime import date

    from accounts import coins
    from accounts.models import CoinEntry
    from tests.factories import check_in_on

    check_in_on(alice, date(2026, 3, 1))
    check_in_on(alice, date(2026, 3, 2))
    users = admin_client.get("/admin/accounts/user/").content.decode()
    assert '<td class="field-coins">22</td>' in users and '<td class="field-coins">0</td>' in users
    page = admin_client.get(f"/admin/accounts/user/{alice.pk}/change/").content.decode()
    assert "Daily check-in" in page and "2026-03-02" in page.replace("March 2, 2026", "2026-03-02")

    ledger = admin_client.get("/admin/accounts/coinentry/").content.decode()
    assert ledger.count('class="field-amount"') == 2
    entry = CoinEntry.objects.filter(user=alice).first()
    assert admin_client.get(f"/admin/accounts/coinentry/{entry.pk}/change/").status_code == 200
    for path, data in [
        ("/admin/accounts/coinentry/add/", {"user": alice.pk, "amount": 999}),
        (f"/admin/accounts/coinentry/{entry.pk}/change/", {"amount": 999}),
        (f"/admin/accounts/coinentry/{entry.pk}/delete/", {"post": "yes"}),
    ]:
        assert admin_client.post(path, data).status_code == 403, path
    assert coins.balance(alice) == 22
