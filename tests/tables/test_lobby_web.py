"""The lobby through the site (docs/tables.md#lobby-and-rating), on Sanma and Classic:
the page, joining and leaving with one tap, the waiting part that seats its player and
takes them to the table, starting with bots, refusals of unknown matches and of
flooding (429), and the ratings shown at the table and on the profile."""

from __future__ import annotations

import pytest
from django.test import Client

from games.players import Player
from games.tables import lobby
from games.tables.models import QueueEntry, Rating, Table
from games.tables.registry import game_kind

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
CHOICES = {"sanma": "east", "classic": "east"}


@pytest.fixture(params=["sanma", "classic"])
def game(request) -> str:
    return request.param


def test_the_lobby_page_shows_its_matches_and_counts(game, client):
    response = client.get(f"/{game}/lobby")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'name="choice"' in page and 'data-waiting="0"' in page
    assert 'class="lobby-link"' in page  # the header leads here from the game's pages


def test_joining_and_leaving_the_queue(game, alice_client, alice):
    response = alice_client.post(f"/{game}/lobby/join", {"choice": CHOICES[game]}, **HTMX)
    assert response.status_code == 200
    assert "lobby-countdown" in response.content.decode()
    assert QueueEntry.objects.filter(kind=game, user=alice, table=None).exists()
    page = alice_client.get(f"/{game}/lobby").content.decode()
    assert 'data-waiting="1"' in page and "lobby-leave" in page
    response = alice_client.post(f"/{game}/lobby/leave", **HTMX)
    assert response.status_code == 200
    assert not QueueEntry.objects.exists()
    # Without JavaScript the same posts redirect back to the lobby.
    response = alice_client.post(f"/{game}/lobby/join", {"choice": CHOICES[game]})
    assert response.status_code == 302 and response["Location"] == f"/{game}/lobby"


def test_an_unknown_match_is_refused_plainly(game, client):
    response = client.post(f"/{game}/lobby/join", {"choice": "forever"})
    assert response.status_code == 400
    assert not QueueEntry.objects.exists()


def test_a_full_table_of_players_is_taken_to_its_table(game, settings):
    seats = 3 if game == "sanma" else 4
    clients = [Client() for _ in range(seats)]
    for n, client in enumerate(clients[:-1]):
        client.post(f"/{game}/lobby/join", {"choice": CHOICES[game], "name": f"P{n}"}, **HTMX)
    assert not Table.objects.exists()
    last = clients[-1].post(f"/{game}/lobby/join", {"choice": CHOICES[game]}, **HTMX)
    table = Table.objects.get()
    assert last["HX-Redirect"] == f"/{game}/{table.public_id}"
    # The others' waiting parts take them there on their next ask.
    for client in clients[:-1]:
        response = client.post(f"/{game}/lobby/waiting", **HTMX)
        assert response["HX-Redirect"] == f"/{game}/{table.public_id}"
        assert client.get(f"/{game}/{table.public_id}").status_code == 200
    names = sorted(s.name for s in table.seats.all() if s.guest_id)
    assert names == ["", *(f"P{n}" for n in range(seats - 1))]


def test_start_now_with_bots(game, client):
    client.post(f"/{game}/lobby/join", {"choice": CHOICES[game]}, **HTMX)
    response = client.post(f"/{game}/lobby/bots", **HTMX)
    table = Table.objects.get()
    assert response["HX-Redirect"] == f"/{game}/{table.public_id}"
    assert sum(1 for seat in table.seats.all() if seat.is_bot) == table.seats.count() - 1


def test_joining_too_often_is_refused_with_429(game, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "queue joins per player": "3/hour"}
    client = Client()
    statuses = [
        client.post(f"/{game}/lobby/join", {"choice": CHOICES[game]}, **HTMX).status_code
        for _ in range(5)
    ]
    assert statuses == [200, 200, 200, 429, 429]
    refused = client.post(f"/{game}/lobby/join", {"choice": CHOICES[game]})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0


def test_joins_from_one_address_are_limited_too(game, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "queue joins per address": "2/hour"}
    statuses = [
        Client()
        .post(f"/{game}/lobby/join", {"choice": CHOICES[game]}, REMOTE_ADDR="10.8.0.1")
        .status_code
        for _ in range(3)
    ]
    assert statuses == [302, 302, 429]


def test_ratings_show_at_the_table_in_the_lobby_and_on_the_profile(
    alice, bob, alice_client, settings
):
    settings.LOBBY_PROVISIONAL_GAMES = 1
    Rating.objects.create(user=alice, kind="sanma", mu=30.0, sigma=2.0, games=3)
    lobby.join(Player(alice), "sanma", "east", {"length": "east", "red_fives": True})
    lobby.join(Player(bob), "sanma", "east", {"length": "east", "red_fives": True})
    table = lobby.with_bots_now(Player(alice), "sanma")
    assert table is not None and table.rated
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert '<span class="rating"' in page and "24.0" in page  # 30 − 3 × 2
    assert 'title="Rating, provisional">new</span>' in page  # bob's: not the start's 0.0
    assert 'title="Rating">24.0</span>' in page  # alice's, past her provisional tables
    assert "24.0" in Client().get("/sanma/lobby").content.decode()  # the board
    assert alice_client.get("/sanma/lobby")["Location"] == f"/sanma/{table.public_id}"
    profile = alice_client.get("/accounts/profile").content.decode()
    assert 'data-game="sanma"' in profile and "24.0" in profile


@pytest.mark.parametrize(
    "games, lobby_says, profile_says",
    [
        (0, "You have no rating yet", '<span class="rating">new</span> (0 rated tables)'),
        (2, "Your rating: 24.0, provisional, after 2 rated tables.", "(provisional, 2 rated"),
        (5, "Your rating: 24.0 after 5 rated tables.", "24.0</span> (5 rated tables)"),
    ],
)
def test_the_lobby_and_the_profile_say_new_and_provisional_in_words(
    alice, alice_client, settings, games, lobby_says, profile_says
):
    settings.LOBBY_PROVISIONAL_GAMES = 5
    if games:
        Rating.objects.create(user=alice, kind="sanma", mu=30.0, sigma=2.0, games=games)
    page = alice_client.get("/sanma/lobby").content.decode()
    assert lobby_says in page and "?" not in page.split('class="my-rating"')[1][:200]
    profile = alice_client.get("/accounts/profile").content.decode()
    assert profile_says in profile


LOG_IN = {"username": "alice", "password": "correct-horse-battery"}


def test_a_guests_place_in_the_queue_is_the_accounts_after_log_in(game, client, alice):
    """Left to the guest, it would be seated later as a seat nobody can play."""
    client.post(f"/{game}/lobby/join", {"choice": CHOICES[game], "name": "Guesty"}, **HTMX)
    assert client.post("/accounts/login/", LOG_IN).status_code == 302
    entry = QueueEntry.objects.get()
    assert entry.user == alice and entry.guest_id == "" and entry.name == ""
    response = client.post(f"/{game}/lobby/bots", **HTMX)
    table = Table.objects.get()
    assert response["HX-Redirect"] == f"/{game}/{table.public_id}"
    assert [seat.user for seat in table.seats.all() if not seat.is_bot] == [alice]


def test_a_guests_place_gives_way_to_the_accounts_own_at_log_in(game, client, alice):
    choice = game_kind(game).lobby_choices[CHOICES[game]][1]
    lobby.join(Player(alice), game, CHOICES[game], choice)
    client.post(f"/{game}/lobby/join", {"choice": CHOICES[game]}, **HTMX)
    assert QueueEntry.objects.count() == 2
    assert client.post("/accounts/login/", LOG_IN).status_code == 302
    assert [(entry.user, entry.guest_id) for entry in QueueEntry.objects.all()] == [(alice, "")]
