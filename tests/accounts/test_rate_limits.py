"""Sign-up and password resets are rate limited per address and per target
(docs/site.md#rate-limits), counted in the real Redis, with a clear 429 page."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.models import User
from tests.factories import SIGN_UP

pytestmark = pytest.mark.django_db


def _sign_up(client, k: int, address: str = "10.0.0.1"):
    data = {
        **SIGN_UP,
        "username": f"bot{k}",
        "display_name": f"Bot {k}",
        "email": f"bot{k}@example.com",
    }
    client.cookies.clear()  # a fresh visitor each time, as a script would be
    return client.post("/accounts/signup", data, REMOTE_ADDR=address)


def test_forty_sign_ups_from_one_address_make_twenty_accounts(client, settings):
    """Once: 40 accounts from one address in 6 seconds."""
    assert settings.RATE_LIMITS["sign-up per address"] == "20/hour"
    statuses = [_sign_up(client, k).status_code for k in range(40)]
    assert statuses == [302] * 20 + [429] * 20
    assert User.objects.count() == 20
    response = _sign_up(client, 99)
    html = response.content.decode()
    assert "Too many sign-ups from your address." in html
    assert "Please try again in 60 minutes." in html
    assert int(response["Retry-After"]) > 3500
    # Another address is not held up by that one.
    assert _sign_up(client, 100, address="10.0.0.2").status_code == 302


def test_an_ipv6_client_cannot_hop_within_its_line(client):
    statuses = [_sign_up(client, k, address=f"2001:db8::{k:x}").status_code for k in range(22)]
    assert statuses == [302] * 20 + [429] * 2


def test_thirty_reset_requests_for_one_inbox_send_three_mails(client, alice):
    """Once: 30 reset mails to one inbox in a minute."""
    statuses = [
        client.post(
            "/accounts/password_reset/", {"email": "alice@example.com"}, REMOTE_ADDR=f"10.1.0.{k}"
        ).status_code
        for k in range(30)
    ]
    assert statuses == [302] * 3 + [429] * 27
    assert len(mail.outbox) == 3
    response = client.post("/accounts/password_reset/", {"email": "ALICE@example.com "})
    assert "Too many reset mails to this e-mail address already." in response.content.decode()


def test_reset_requests_from_one_address_are_limited_whatever_they_ask_for(client, alice):
    statuses = [
        client.post("/accounts/password_reset/", {"email": f"x{k}@example.com"}).status_code
        for k in range(21)
    ]
    assert statuses == [302] * 20 + [429]
    assert "Too many password resets from your address." in (
        client.post("/accounts/password_reset/", {"email": "alice@example.com"}).content.decode()
    )


def test_the_limit_pages_are_in_german_too(client):
    for k in range(21):
        response = client.post(
            "/accounts/signup", {"username": f"x{k}"}, HTTP_ACCEPT_LANGUAGE="de"
        )
    assert response.status_code == 429
    assert "Zu viele Anmeldungen von deiner Adresse." in response.content.decode()


def test_with_redis_away_sign_up_still_works_without_limits(client, settings, caplog):
    settings.RATE_LIMIT_STORAGE = "redis://127.0.0.1:1/0"  # nothing listens there
    assert _sign_up(client, 1).status_code == 302
    assert "cannot be counted" in caplog.text
