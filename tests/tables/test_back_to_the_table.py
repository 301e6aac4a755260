"""Logging in or signing up from a table page comes back to that table, and only to a
path of this site (docs/site.md#back-to-the-table)."""

from __future__ import annotations

import html
import re

import pytest

from games.tables.models import Room
from tests.classic.web.helpers import start as start_classic
from tests.factories import SIGN_UP
from tests.sanma.web.helpers import start as start_sanma

pytestmark = pytest.mark.django_db

OUTSIDE = ["https://evil.example/", "//evil.example/sanma/", "http://testserver.evil.example/"]


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user("alice", "", "correct-horse-battery")


def header_link(page: str, name: str) -> str:
    """Where the header's link to ``/accounts/<name>`` goes (the first of its two copies)."""
    found = re.search(rf'href="(/accounts/{name}/?(?:\?[^"]*)?)"', page)
    assert found, f"no {name} link"
    return html.unescape(found.group(1))


@pytest.mark.parametrize("start", [start_sanma, start_classic], ids=["sanma", "classic"])
def test_signing_up_from_a_table_page_comes_back_to_the_table(client, start):
    table = start(client)
    path = f"/{table.kind}/{table.public_id}"
    page = client.get(path).content.decode()
    signup = header_link(page, "signup")
    assert signup == f"/accounts/signup?next={path}"
    form = client.get(signup).content.decode()
    assert f'name="next" value="{path}"' in form
    # The sign-up page's own link to the log-in keeps the way back too.
    assert f'href="/accounts/login/?next={path}"' in form
    response = client.post("/accounts/signup", {**SIGN_UP, "next": path})
    assert response.status_code == 302 and response["Location"] == path
    # The guest's seat came along: the account sits at that table.
    assert client.get(path).status_code == 200
    table.refresh_from_db()
    assert table.seats.filter(user__username=SIGN_UP["username"]).exists()


def test_logging_in_from_a_table_page_comes_back_to_the_table(client, alice):
    table = start_sanma(client)
    path = f"/sanma/{table.public_id}"
    login = header_link(client.get(path).content.decode(), "login")
    assert login == f"/accounts/login/?next={path}"
    assert f'name="next" value="{path}"' in client.get(login).content.decode()
    credentials = {"username": "alice", "password": "correct-horse-battery"}
    response = client.post("/accounts/login/", {**credentials, "next": path})
    assert response.status_code == 302 and response["Location"] == path
    assert client.get(path).status_code == 200


def test_a_room_page_sends_its_visitor_back_to_the_room(client):
    data = {"length": "one-hand", "red_fives": "on", "level": "normal", "name": "Ann"}
    assert client.post("/sanma/rooms/new", data).status_code == 302
    path = f"/sanma/room/{Room.objects.get().code}"
    page = client.get(path).content.decode()
    assert header_link(page, "signup") == f"/accounts/signup?next={path}"


def test_other_pages_send_no_way_back(client):
    page = client.get("/sanma/").content.decode()
    assert header_link(page, "login") == "/accounts/login/"
    assert header_link(page, "signup") == "/accounts/signup"


@pytest.mark.parametrize("outside", OUTSIDE)
def test_logging_in_never_goes_off_site(client, alice, outside):
    response = client.post(
        "/accounts/login/",
        {"username": "alice", "password": "correct-horse-battery", "next": outside},
    )
    assert response.status_code == 302 and response["Location"] == "/"


@pytest.mark.parametrize("outside", OUTSIDE)
def test_signing_up_never_goes_off_site(client, outside):
    # The forms do not carry it on...
    for form in ("/accounts/login/", "/accounts/signup"):
        page = client.get(form, {"next": outside})
        assert page.status_code == 200
        assert 'name="next"' in page.content.decode()
        assert f'name="next" value="{outside}"' not in page.content.decode()
    # ...nor does a post that names it go there.
    response = client.post("/accounts/signup", {**SIGN_UP, "next": outside})
    assert response.status_code == 302 and response["Location"] == "/"
