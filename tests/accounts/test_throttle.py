"""Failed log-ins are throttled by django-axes per account *and* address together
(docs/site.md#sign-up-and-log-in): whoever guesses at a name locks only themselves."""

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


def test_five_failures_lock_that_account_from_that_address(client, alice, settings):
    assert settings.AXES_FAILURE_LIMIT == 5
    _fail(client, "alice", 4, lambda k: "10.0.0.1")
    response = _log_in(client, "alice", "wrong", "10.0.0.1")
    assert response.status_code == 429
    html = response.content.decode()
    assert "Too many failed log-ins" in html and "try again in 15 minutes" in html
    # Even the right password, from that address, is refused meanwhile.
    response = _log_in(client, "alice", RIGHT, "10.0.0.1")
    assert response.status_code == 429 and "_auth_user_id" not in client.session


def test_failures_for_someone_elses_name_never_lock_its_owner_out(client, alice):
    """Once, four wrong passwords from anywhere locked the owner out from everywhere."""
    _fail(client, "alice", 10, lambda k: "198.51.100.9")  # the attacker, locked himself
    assert _log_in(client, "alice", RIGHT, "198.51.100.9").status_code == 429
    response = _log_in(client, "alice", RIGHT, "10.1.1.1")  # alice, from her address
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(alice.pk)


def test_failures_spread_over_addresses_lock_nobody(client, alice):
    _fail(client, "alice", 12, lambda k: f"10.0.{k}.1")
    assert _log_in(client, "alice", RIGHT, "10.0.99.1").status_code == 302


def test_failures_from_one_address_never_lock_the_others_behind_it(client, alice, bob):
    """An office, a school or a carrier's NAT share one address: one person's failures
    (on any names) must not shut the others out."""
    for name in ("carol", "dave", "erin", "frank", "gina", "hank"):
        _log_in(client, name, "wrong", "10.9.9.9")
    _fail(client, "alice", 5, lambda k: "10.9.9.9")
    response = _log_in(client, "bob", RIGHT, "10.9.9.9")
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(bob.pk)


def test_a_few_failures_do_not_lock_anybody_out(client, alice):
    _fail(client, "alice", 3, lambda k: "10.0.0.7")
    response = _log_in(client, "alice", RIGHT, "10.0.0.7")
    assert response.status_code == 302


def test_behind_the_load_balancer_the_address_it_saw_counts(client, bob, settings):
    settings.BEHIND_PROXY = True
    for k in range(5):  # a forged first hop changes nothing: the last hop is the balancer's
        client.post(
            "/accounts/login/",
            {"username": "bob", "password": "wrong"},
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
