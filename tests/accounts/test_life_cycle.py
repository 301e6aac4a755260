"""Sign up, log out, log in, change and reset the password; the e-mail stays
private (docs/site.md#display-names)."""

import re

import pytest
from django.core import mail

from tests.factories import SIGN_UP

pytestmark = pytest.mark.django_db


def _logged_in_as(client):
    response = client.get("/accounts/stats")
    return response.status_code == 200 and response.context["user"].username


def test_the_whole_account_life_cycle(client, django_user_model):
    assert client.get("/accounts/signup").status_code == 200
    response = client.post("/accounts/signup", SIGN_UP)
    assert response.status_code == 302 and response["Location"] == "/"
    carol = django_user_model.objects.get(username="carol")
    assert carol.display_name == "Carol K" and carol.pending_email == "carol@example.com"
    assert carol.email == ""  # until its mailbox follows the link
    assert _logged_in_as(client) == "carol"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["carol@example.com"]
    link = re.search(r"http://testserver(/accounts/confirm/\S+)", mail.outbox[0].body).group(1)
    assert "Address confirmed" in client.get(link).content.decode()
    carol.refresh_from_db()
    assert (carol.email, carol.pending_email) == ("carol@example.com", "")
    mail.outbox.clear()

    assert client.get("/accounts/logout/").status_code == 405  # log-out is a POST
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/accounts/stats")["Location"].startswith("/accounts/login/")

    response = client.post("/accounts/login/", {"username": "carol", "password": "wrong"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    response = client.post(
        "/accounts/login/", {"username": "carol", "password": "lantern-orchid-49"}
    )
    assert response.status_code == 302 and _logged_in_as(client) == "carol"

    response = client.post(
        "/accounts/password_change/",
        {
            "old_password": "lantern-orchid-49",
            "new_password1": "quiet-harbour-73",
            "new_password2": "quiet-harbour-73",
        },
    )
    assert response.status_code == 302 and response["Location"].endswith("/password_change/done/")
    assert _logged_in_as(client) == "carol"  # still logged in after the change
    client.post("/accounts/logout/")

    response = client.post("/accounts/password_reset/", {"email": "CAROL@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["carol@example.com"]
    assert "Carol K" in mail.outbox[0].body
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body).group(1)
    response = client.get(link)  # the token moves into the session
    assert response.status_code == 302
    form_url = response["Location"]
    response = client.post(
        form_url, {"new_password1": "amber-lantern-88", "new_password2": "amber-lantern-88"}
    )
    assert response.status_code == 302 and response["Location"].endswith("/reset/done/")
    assert "does not work" in client.get(link, follow=True).content.decode()  # used once

    response = client.post(
        "/accounts/login/", {"username": "carol", "password": "amber-lantern-88"}
    )
    assert response.status_code == 302 and _logged_in_as(client) == "carol"


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client):
    response = client.post("/accounts/password_reset/", {"email": "nobody@example.com"})
    assert response.status_code == 302 and mail.outbox == []


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"display_name": "alice"}, "display_name", "Another player already goes by this name"),
        ({"username": "ALICE"}, "username", "already exists"),
        ({"password2": "something-else-1"}, "password2", "didn’t match"),
        ({"password1": "12345678", "password2": "12345678"}, "password2", "too common"),
        ({"email": ""}, "email", "required"),
        ({"display_name": "  "}, "display_name", "required"),
    ],
)
def test_sign_up_problems_get_a_form_error_and_create_nobody(
    client, alice, django_user_model, change, field, message
):
    response = client.post("/accounts/signup", {**SIGN_UP, **change})
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not django_user_model.objects.filter(username__iexact=SIGN_UP["username"]).exists()


def test_a_player_changes_their_display_name_but_not_to_anothers(alice_client, alice, bob):
    response = alice_client.post(
        "/accounts/profile", {"display_name": "BOB", "email": "alice@example.com"}
    )
    assert "Another player already goes by this name" in response.content.decode()
    response = alice_client.post(
        "/accounts/profile", {"display_name": "Alice the Swift", "email": "alice@example.com"}
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.public_name == "Alice the Swift"


def test_the_profile_needs_a_log_in(client):
    assert client.get("/accounts/profile")["Location"].startswith("/accounts/login/")


def test_nobody_sees_another_players_email(client, bob_client, alice):
    for viewer in (client, bob_client):
        html = viewer.get(f"/accounts/players/{alice.pk}").content.decode()
        assert "Alice" in html and "alice@example.com" not in html


def test_the_sign_up_form_refuses_a_post_without_csrf(alice):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/accounts/signup", SIGN_UP).status_code == 403
    response = strict.post(
        "/accounts/login/", {"username": "alice", "password": "correct-horse-battery"}
    )
    assert response.status_code == 403


def test_a_signed_up_player_is_sent_to_their_stats_from_the_sign_up_page(alice_client):
    assert alice_client.get("/accounts/signup")["Location"] == "/accounts/stats"


def test_sign_up_does_not_redirect_off_site(client):
    response = client.post("/accounts/signup", {**SIGN_UP, "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"
