"""One name, one player (docs/site.md#display-names) and an address nobody can learn
about (docs/site.md#e-mail-addresses): look-alike display names are taken names, the
database holds the uniqueness so that races get a form error, and sign-up answers the
same for a taken and a free e-mail address."""

from __future__ import annotations

import re
import threading

import pytest
from django.core import mail
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from accounts.addresses import confirmation_tokens
from accounts.models import User
from accounts.names import skeleton
from tests.factories import SIGN_UP

pytestmark = pytest.mark.django_db

# Names that look like "Alice" (taken by the alice fixture) but were once a new name.
LOOK_ALIKES = {
    "zero-width space": "Al\u200bice",
    "Cyrillic С and е": "Ali\u0441\u0435",
    "Cyrillic А": "\u0410lice",
    "Greek Α": "\u0391lice",
    "combining marks": "Ali\u0301ce\u0308",
    "full-width letters": "\uff21\uff4c\uff49\uff43\uff45",
    "right-to-left mark": "Alice\u200f",
    "capital I for l": "AIice",
    "case and spaces": "  aLiCe ",
}


@pytest.mark.parametrize("name", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_a_name_that_only_looks_like_a_taken_one_is_taken(client, alice, name):
    response = client.post("/accounts/signup", {**SIGN_UP, "display_name": name})
    assert response.status_code == 200
    errors = " ".join(response.context["form"].errors["display_name"])
    assert "already goes by this name" in errors or "invisible" in errors
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.parametrize("name", LOOK_ALIKES.values(), ids=LOOK_ALIKES.keys())
def test_every_look_alike_has_the_skeleton_of_the_name_it_imitates(name):
    assert skeleton(name) == skeleton("Alice")


def test_names_that_look_different_stay_different():
    assert len({skeleton(n) for n in ("Alice", "Alicia", "Bob", "Alice K", "Ali ce")}) == 5


@pytest.mark.parametrize("name", ["Al\u200bice", "Alice\u200f", "Ev\u202eil", "A\x07b"])
def test_invisible_and_control_characters_are_refused_in_a_display_name(client, name):
    response = client.post("/accounts/signup", {**SIGN_UP, "display_name": name})
    assert "invisible or control characters" in response.content.decode()


def test_nor_can_a_player_take_a_look_alike_of_another_name_on_the_profile(alice_client, bob):
    response = alice_client.post(
        "/accounts/profile", {"display_name": "B\u043eb", "email": "alice@example.com"}
    )
    assert "already goes by this name" in response.content.decode()


@pytest.mark.parametrize(
    "other",
    [
        {"username": "ALICE"},
        {"email": "ALICE@example.com", "username": "x"},
        {"display_name": "\u0410lice", "username": "y"},
    ],
)
def test_the_database_itself_refuses_a_second_account_of_a_name_or_address(alice, other):
    fields = {"username": "zed", "email": "zed@example.com", "display_name": "Zed", **other}
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.create(**fields)


# --- races -----------------------------------------------------------------------------


def _at_once(count: int, request) -> list:
    """``count`` threads, each with its own client and connection, released together."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = request(index)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("shared", "differ"),
    [
        ("display name", lambda k: {"username": f"user{k}", "email": f"u{k}@example.com"}),
        ("username", lambda k: {"display_name": f"Name {k}", "email": f"u{k}@example.com"}),
        ("e-mail", lambda k: {"username": f"user{k}", "display_name": f"Name {k}"}),
    ],
)
def test_ten_simultaneous_sign_ups_sharing_one_detail_make_one_account(shared, differ):
    """Once: two accounts with one e-mail, two with one display name, a 500 for a shared
    user name. Now the database decides, and the others get a form error."""

    def sign_up(k: int):
        data = {**SIGN_UP, **differ(k)}
        return Client().post("/accounts/signup", data, REMOTE_ADDR=f"10.0.0.{k}")

    responses = _at_once(10, sign_up)
    assert all(r is not None and r.status_code in (200, 302, 429) for r in responses)
    created = [r for r in responses if r.status_code == 302]
    if shared == "e-mail":
        # The first three are welcomed alike (more mails to one address are refused,
        # docs/site.md#rate-limits); only one account can ever confirm the address.
        assert len(created) == 3
        assert sum(r.status_code == 429 for r in responses) == 7
        assert User.objects.filter(pending_email="carol@example.com").count() == 3
        assert not User.objects.exclude(email="").exists()
    else:
        assert len(created) == 1 and User.objects.count() == 1
        refused = [r for r in responses if r.status_code == 200]
        for response in refused:
            html = response.content.decode()
            assert "already" in html or "Somebody else just signed up" in html


@pytest.mark.django_db(transaction=True)
def test_two_accounts_confirming_one_address_at_once_leave_it_with_one(client):
    users = [
        User.objects.create_user(f"u{k}", display_name=f"U {k}", pending_email="x@example.com")
        for k in range(6)
    ]

    links = [
        f"/accounts/confirm/{urlsafe_base64_encode(force_bytes(u.pk))}/"
        f"{confirmation_tokens.make_token(u)}"
        for u in users
    ]
    statuses = [r.status_code for r in _at_once(6, lambda k: Client().get(links[k]))]
    assert sorted(statuses) == [200] + [400] * 5
    assert User.objects.filter(email="x@example.com").count() == 1


# --- e-mail enumeration ----------------------------------------------------------------


def _normalised(html: str, *words: str) -> str:
    """The page with the words that differ by choice (the name typed) blanked out, and
    what is new on every page: the CSRF token, the CSP nonce, the game's id."""
    for word in words:
        html = html.replace(word, "…")
    html = re.sub(r"\b[A-Za-z0-9]{64}\b", "…", html)
    html = re.sub(r'nonce="[^"]+"', 'nonce="…"', html)
    return re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "…", html)


def test_sign_up_answers_the_same_for_a_taken_and_a_free_address(alice):
    """Once: "An account with this e-mail address exists." Now both are welcomed, and
    the owner of the taken one is told by mail."""
    answers = []
    for k, address in enumerate(["alice@example.com", "nobody@example.com"]):
        visitor = Client()
        data = {**SIGN_UP, "username": f"new{k}", "display_name": f"New {k}", "email": address}
        response = visitor.post("/accounts/signup", data)
        said = [str(m) for m in visitor.get(response["Location"], follow=True).context["messages"]]
        answers.append(
            (
                response.status_code,
                response["Location"],
                [_normalised(text, f"New {k}", address) for text in said],
            )
        )
    assert answers[0] == answers[1]
    assert answers[0][0] == 302 and "Welcome, …! We sent a mail to …" in answers[0][2][0]
    to_owner, to_new = mail.outbox
    assert to_owner.to == ["alice@example.com"] and "new0" not in to_owner.body
    assert "user name alice" in to_owner.body and "/accounts/password_reset/" in to_owner.body
    assert to_new.to == ["nobody@example.com"] and "/accounts/confirm/" in to_new.body
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"
    assert User.objects.get(username="new0").email == ""  # never confirmable


def test_the_profile_answers_the_same_for_a_taken_and_a_free_address(alice, bob_client):
    pages = []
    for address in ("alice@example.com", "free@example.com"):
        response = bob_client.post(
            "/accounts/profile", {"display_name": "Bob", "email": address}, follow=True
        )
        pages.append(_normalised(response.content.decode(), address))
    assert pages[0] == pages[1]


def test_a_stale_link_confirms_nothing(client, alice):
    alice.pending_email = "new@example.com"
    alice.save()

    uid = urlsafe_base64_encode(force_bytes(alice.pk))
    token = confirmation_tokens.make_token(alice)
    alice.pending_email = "other@example.com"  # changed again: the first link is stale
    alice.save()
    assert client.get(f"/accounts/confirm/{uid}/{token}").status_code == 400
    assert client.get(f"/accounts/confirm/{uid}/nonsense").status_code == 400
    assert client.get("/accounts/confirm/%00%00/x").status_code == 400
    alice.refresh_from_db()
    assert alice.email == "alice@example.com"


def _ask_to_confirm(client, address: str) -> str:
    """Type ``address`` on the profile; the path of the link mailed to it."""
    mail.outbox.clear()
    client.post("/accounts/profile", {"display_name": "Alice", "email": address})
    (sent,) = mail.outbox
    assert sent.to == [address]
    return re.search(r"/accounts/confirm/[^/\s]+/[^/\s]+", sent.body).group()


def test_a_used_link_never_confirms_again_even_after_a_to_b_to_a(alice_client, alice):
    """Once the link of b, used while the account had a, confirmed b again whenever the
    account was back at a with b waiting: its token matched the same two addresses."""
    to_b = _ask_to_confirm(alice_client, "b@example.com")
    assert alice_client.get(to_b).status_code == 200
    to_a = _ask_to_confirm(alice_client, "alice@example.com")
    assert alice_client.get(to_a).status_code == 200
    alice.refresh_from_db()
    assert (alice.email, alice.pending_email) == ("alice@example.com", "")

    fresh = _ask_to_confirm(alice_client, "b@example.com")  # a, b waiting: as before
    for used in (to_b, to_a):
        assert alice_client.get(used).status_code == 400
    alice.refresh_from_db()
    assert (alice.email, alice.pending_email) == ("alice@example.com", "b@example.com")
    assert alice_client.get(fresh).status_code == 200
    assert alice_client.get(fresh).status_code == 400  # and once only
    alice.refresh_from_db()
    assert (alice.email, alice.pending_email) == ("b@example.com", "")


def test_the_link_of_an_address_given_up_stays_dead_when_it_is_typed_again(alice_client, alice):
    first = _ask_to_confirm(alice_client, "a@example.com")
    _ask_to_confirm(alice_client, "b@example.com")
    second = _ask_to_confirm(alice_client, "a@example.com")
    assert first != second
    assert alice_client.get(first).status_code == 400
    alice.refresh_from_db()
    assert (alice.email, alice.pending_email) == ("alice@example.com", "a@example.com")
    assert alice_client.get(second).status_code == 200
    alice.refresh_from_db()
    assert alice.email == "a@example.com"


def test_a_save_that_changes_no_address_keeps_the_link_good(alice):
    alice.pending_email = "a@example.com"
    alice.save()
    token = confirmation_tokens.make_token(alice)
    alice.display_name = "Alice K"
    alice.save()
    User.objects.get(pk=alice.pk).save()
    assert confirmation_tokens.check_token(User.objects.get(pk=alice.pk), token)


def test_a_password_reset_never_goes_to_an_unconfirmed_address(client, alice):
    alice.pending_email = "pending@example.com"
    alice.save()
    client.post("/accounts/password_reset/", {"email": "pending@example.com"})
    assert mail.outbox == []


def test_an_account_read_in_part_loads_no_address_to_save_it(alice, django_assert_num_queries):
    """Reading only some fields of an account (as the boards do) must not load the
    addresses just to watch them, nor draw a new nonce when saved."""
    alice.pending_email = "a@example.com"
    alice.save()
    token = confirmation_tokens.make_token(alice)
    partial = User.objects.only("username", "display_name").get(pk=alice.pk)
    with django_assert_num_queries(0):
        assert partial.display_name == "Alice"
    partial.display_name = "Alice K"
    partial.save(update_fields=["display_name"])
    assert partial.email == "alice@example.com"  # loaded on demand, as before
    assert confirmation_tokens.check_token(User.objects.get(pk=alice.pk), token)
