"""Failed log-ins are throttled per account and per address by django-axes."""

import pytest

pytestmark = pytest.mark.django_db

RIGHT = "correct-horse-battery"


def _log_in(client, username, password, address):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def _fail(client, username, times, addresses):
    for k in range(times):
        _log_in(client, username, "wrong", addresses(k))


def test_an_account_is_locked_after_five_failures_from_any_addresses(client, alice, settings):
    assert settings.AXES_FAILURE_LIMIT == 5
    _fail(client, "alice", 4, lambda k: f"10.0.0.{k}")
    response = _log_in(client, "alice", "wrong", "10.0.1.1")
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many failed log-ins" in html and "try again in 15 minutes" in html
    # Even the right password, from a fresh address, is refused meanwhile.
    response = _log_in(client, "alice", RIGHT, "10.0.2.2")
    assert response.status_code == 429 and "_auth_user_id" not in client.session


def test_an_address_is_locked_after_five_failures_on_any_accounts(client, alice, bob):
    for name in ("carol", "dave", "erin", "frank"):
        _log_in(client, name, "wrong", "10.9.9.9")
    assert _log_in(client, "gina", "wrong", "10.9.9.9").status_code == 429
    assert _log_in(client, "bob", RIGHT, "10.9.9.9").status_code == 429
    # Bob himself is not locked: from his own address he gets in.
    response = _log_in(client, "bob", RIGHT, "10.1.1.1")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(bob.pk)


def test_a_few_failures_do_not_lock_anybody_out(client, alice):
    _fail(client, "alice", 3, lambda k: "10.0.0.7")
    response = _log_in(client, "alice", RIGHT, "10.0.0.7")
    assert response.status_code == 302


def test_behind_the_load_balancer_the_address_it_saw_counts(client, alice, bob, settings):
    settings.BEHIND_PROXY = True
    for k in range(5):  # a forged first hop changes nothing: the last hop is the balancer's
        client.post(
            "/accounts/login/",
            {"username": f"x{k}", "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"1.2.3.{k}, 203.0.113.5",
        )
    response = client.post(
        "/accounts/login/",
        {"username": "bob", "password": RIGHT},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="203.0.113.5",
    )
    assert response.status_code == 429
    response = client.post(
        "/accounts/login/",
        {"username": "bob", "password": RIGHT},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.7",
    )
    assert response.status_code == 302
