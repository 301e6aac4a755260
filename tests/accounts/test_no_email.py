"""An account needs no e-mail (docs/site.md#sign-up-and-log-in): a user name and a
password make one; an address is optional, added later, and used for a reset only once
confirmed (docs/site.md#e-mail-addresses)."""

import re

import pytest
from django.core import mail

pytestmark = pytest.mark.django_db

NAME_AND_PASSWORD = {
    "username": "dora",
    "password1": "lantern-orchid-49",
    "password2": "lantern-orchid-49",
}


def _link(message) -> str:
    return re.search(r"http://testserver(/accounts/\S+)", message.body).group(1)


def _reset_mails_to(client, address: str) -> list:
    before = len(mail.outbox)
    response = client.post("/accounts/password_reset/", {"email": address})
    assert response.status_code == 302 and response["Location"].endswith("/done/")
    return [m for m in mail.outbox[before:] if "reset" in m.body.lower()]


def test_sign_up_needs_only_a_user_name_and_a_password(client, django_user_model):
    response = client.post("/accounts/signup", NAME_AND_PASSWORD, follow=True)
    assert response.status_code == 200
    user = django_user_model.objects.get(username="dora")
    assert user.email == "" and user.pending_email == ""
    assert user.public_name == "dora" and user.display_name == "dora"
    assert response.context["user"] == user  # logged in
    assert mail.outbox == []
    assert "without an e-mail address it cannot be reset" in response.content.decode()


def test_a_user_name_that_looks_like_anothers_name_asks_for_a_display_name(
    client, alice, django_user_model
):
    response = client.post("/accounts/signup", {**NAME_AND_PASSWORD, "username": "\u0410lice"})
    assert response.status_code == 200
    assert "please choose a display name" in " ".join(
        response.context["form"].errors["display_name"]
    )
    assert not django_user_model.objects.filter(username="\u0410lice").exists()
    chosen = {**NAME_AND_PASSWORD, "username": "\u0410lice", "display_name": "Anna"}
    assert client.post("/accounts/signup", chosen).status_code == 302


def test_an_address_added_later_is_used_for_a_reset_only_once_confirmed(client, django_user_model):
    client.post("/accounts/signup", NAME_AND_PASSWORD)
    response = client.post(
        "/accounts/profile", {"display_name": "Dora", "email": "dora@example.com"}, follow=True
    )
    assert "dora@example.com waits for you to follow the link" in response.content.decode()
    user = django_user_model.objects.get(username="dora")
    assert user.pending_email == "dora@example.com" and user.email == ""
    (confirmation,) = mail.outbox
    assert confirmation.to == ["dora@example.com"]

    # Unconfirmed: the reset answers as for any address, and sends nothing.
    client.post("/accounts/logout/")
    assert _reset_mails_to(client, "dora@example.com") == []

    page = client.get(_link(confirmation))
    assert page.status_code == 200 and "dora@example.com" in page.content.decode()
    user.refresh_from_db()
    assert user.email == "dora@example.com" and user.pending_email == ""

    (reset,) = _reset_mails_to(client, "dora@example.com")
    assert reset.to == ["dora@example.com"] and "/accounts/reset/" in reset.body


def test_emptying_the_address_on_the_profile_removes_it(alice_client, alice):
    response = alice_client.post("/accounts/profile", {"display_name": "Alice", "email": ""})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.email == "" and alice.pending_email == ""
    alice_client.post("/accounts/logout/")
    assert _reset_mails_to(alice_client, "alice@example.com") == []
