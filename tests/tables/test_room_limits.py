"""What one visitor may do to the rooms and tables of every table game, through the
site (docs/tables.md#limits-on-what-one-visitor-opens, docs/tables.md#rooms): room codes
that lead nowhere are limited per address, rooms and practice tables opened per player
and per address, each with a clear 429 page; the host takes a member out of a room
before the start, and that player's page says so. Counted in the real Redis, on both
Sanma and Classic, as the machinery is the shared table layer's."""

from __future__ import annotations

import pytest
from django.test import Client

from games.tables.models import Room, RoomRemoval, Table

pytestmark = pytest.mark.django_db

ROOMS = {
    "sanma": {"length": "one-hand", "red_fives": "on", "level": "normal"},
    "classic": {"rounds": "1", "flowers": "on", "dealer_rule": "official", "level": "normal"},
}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(params=["sanma", "classic"])
def game(request) -> str:
    return request.param


def _open(client: Client, game: str, name: str = "Ann", **extra):
    return client.post(f"/{game}/rooms/new", {**ROOMS[game], "name": name}, **extra)


def _room(client: Client, game: str) -> Room:
    response = _open(client, game)
    assert response.status_code == 302, response.content[:300]
    return Room.objects.get(code=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def _wrong_codes(count: int) -> list[str]:
    """Codes no room has: each differs from every stored one."""
    taken = set(Room.objects.values_list("code", flat=True))
    codes = [f"ZZZ{k:03d}".replace("0", "A").replace("1", "B") for k in range(count)]
    return [code for code in codes if code not in taken]


def test_codes_that_lead_nowhere_are_limited_per_address(game, settings):
    """Once: a client could try 122 codes a second, and none was refused."""
    assert settings.RATE_LIMITS["room codes not found per address"] == "20/hour"
    host = Client()
    room = _room(host, game)
    guesser = Client()
    statuses = [
        guesser.get(f"/{game}/room/{code}", REMOTE_ADDR="10.9.0.1").status_code
        for code in _wrong_codes(25)
    ]
    assert statuses == [404] * 20 + [429] * 5
    # Past the limit a real code is refused too, so that the answer tells nothing of it,
    # and so is sitting down by a code.
    refused = guesser.get(f"/{game}/room/{room.code}", REMOTE_ADDR="10.9.0.1")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 3500
    html = refused.content.decode()
    assert "Too many room codes that lead nowhere were tried from your address." in html
    assert "Please try again in 60 minutes." in html
    joining = guesser.post(f"/{game}/room/{room.code}/join", {"name": "X"}, REMOTE_ADDR="10.9.0.1")
    assert joining.status_code == 429 and room.members.count() == 1
    german = guesser.get(f"/{game}/room/AAAAAA", REMOTE_ADDR="10.9.0.1", HTTP_ACCEPT_LANGUAGE="de")
    assert "zu viele Raumcodes versucht" in german.content.decode()
    # A member from that address still finds their room; another address is not held up.
    assert host.get(f"/{game}/room/{room.code}", REMOTE_ADDR="10.9.0.1").status_code == 200
    assert Client().get(f"/{game}/room/{room.code}", REMOTE_ADDR="10.9.0.2").status_code == 200
    # An IPv6 client counts by its /64.
    statuses = [
        guesser.get(f"/{game}/room/{code}", REMOTE_ADDR=f"2001:db8::{k:x}").status_code
        for k, code in enumerate(_wrong_codes(21))
    ]
    assert statuses == [404] * 20 + [429]


def test_a_gone_rooms_own_page_says_so_and_stops_asking(game):
    host = Client()
    room = _room(host, game)
    Room.objects.filter(pk=room.pk).delete()
    answer = host.get(f"/{game}/room/{room.code}", **HTMX)
    # 286: htmx swaps the part in and stops polling, so an open page counts once.
    assert answer.status_code == 286
    html = answer.content.decode()
    assert 'id="room"' in html and "There is no room with this code" in html
    assert "hx-trigger" not in html


def test_rooms_opened_are_limited_per_player_and_per_address(game, settings, alice):
    assert settings.RATE_LIMITS["rooms per player"] == "10/hour"
    assert settings.RATE_LIMITS["rooms per address"] == "30/hour"
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "rooms per address": "6/hour"}
    account = Client()
    account.force_login(alice)
    statuses = [_open(account, game, REMOTE_ADDR=f"10.8.0.{k}").status_code for k in range(11)]
    assert statuses == [302] * 10 + [429]
    html = _open(account, game, REMOTE_ADDR="10.8.1.1").content.decode()
    assert "You opened too many rooms." in html
    # A script that drops its cookie is a new guest each time: its address counts.
    script = Client()
    statuses = []
    for _k in range(7):
        script.cookies.clear()
        statuses.append(_open(script, game, REMOTE_ADDR="10.8.2.1").status_code)
    assert statuses == [302] * 6 + [429]
    refused = _open(Client(), game, REMOTE_ADDR="10.8.2.1")
    assert refused.status_code == 429 and refused.has_header("Retry-After")
    assert "Too many rooms were opened from your address." in refused.content.decode()
    assert Room.objects.count() == 16


def test_practice_tables_started_are_limited_per_player_and_per_address(game, settings):
    assert settings.RATE_LIMITS["tables per player"] == "30/hour"
    assert settings.RATE_LIMITS["tables per address"] == "90/hour"
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "tables per player": "3/hour",
        "tables per address": "5/hour",
    }
    form = {**ROOMS[game]}
    player = Client()
    statuses = [player.post(f"/{game}/new", form).status_code for _k in range(4)]
    assert statuses == [302] * 3 + [429]
    assert "You started too many tables." in player.post(f"/{game}/new", form).content.decode()
    other = Client()  # another player, the same address
    answers = [other.post(f"/{game}/new", form) for _k in range(3)]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    refused = answers[-1].content.decode()
    assert "Too many tables were started from your address." in refused
    assert Table.objects.count() == 5
    # An invalid form starts nothing and counts nothing.
    assert Client().post(f"/{game}/new", {}, REMOTE_ADDR="10.7.0.1").status_code == 400


def test_the_host_takes_a_member_out_and_their_page_says_so(game):
    host, ben, cat = Client(), Client(), Client()
    room = _room(host, game)
    assert ben.post(f"/{game}/room/{room.code}/join", {"name": "Ben"}).status_code == 302
    assert cat.post(f"/{game}/room/{room.code}/join", {"name": "Cat"}).status_code == 302
    html = host.get(f"/{game}/room/{room.code}").content.decode()
    assert html.count('class="link remove-member"') == 2  # beside each other member
    assert 'data-remove="1"' in html and 'data-remove="0"' not in html
    assert "remove-member" not in ben.get(f"/{game}/room/{room.code}").content.decode()
    # A member is no host: nobody is taken out.
    refused = ben.post(f"/{game}/room/{room.code}/remove", {"seat": "2"}, **HTMX)
    assert refused.status_code == 409 and "Only the host" in refused.content.decode()
    # The removal is a post with its CSRF token, as every change.
    guarded = Client(enforce_csrf_checks=True)
    guarded.cookies = host.cookies
    assert guarded.post(f"/{game}/room/{room.code}/remove", {"seat": "1"}).status_code == 403
    assert host.post(f"/{game}/room/{room.code}/remove", {"seat": "x"}).status_code == 400
    answer = host.post(f"/{game}/room/{room.code}/remove", {"seat": "1"}, **HTMX)
    assert answer.status_code == 200 and "Ben" not in answer.content.decode()
    assert RoomRemoval.objects.filter(room=room).count() == 1
    # Ben's page, asking again, shows him out, without a way back in by the same link.
    page = ben.get(f"/{game}/room/{room.code}", **HTMX).content.decode()
    assert "The host took you out of this room" in page and "join-room" not in page
    again = ben.post(f"/{game}/room/{room.code}/join", {"name": "Ben"}, **HTMX)
    assert again.status_code == 409 and "cannot sit down in it again" in again.content.decode()
    assert sorted(m.name for m in room.members.all()) == ["Ann", "Cat"]
    # Anybody else may take the free seat.
    assert Client().post(f"/{game}/room/{room.code}/join", {"name": "Dan"}).status_code == 302
