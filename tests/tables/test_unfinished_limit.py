"""The limit on unfinished tables against bots (docs/tables.md#every-started-table-counts)
on Sanma and Classic: one rule (``play.leave_oldest``) for every way to a table the boards
count, practice, a room its host starts alone and a quick match bots filled, so that no
route opens one more; a player seated at a running lobby table who joins the lobby again
is taken back to it. The server's playing out itself is tested in test_leaving.py; here
the tasks it schedules are not run, unless a test plays a table to its end."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.players import Player
from games.tables import lobby, play, rooms
from games.tables.models import QueueEntry, Seat, Table
from games.tables.registry import game_kind

pytestmark = pytest.mark.django_db

ANN = Player(guest_id="a" * 32)
BEN = Player(guest_id="b" * 32)
OPTIONS = {
    "sanma": {"length": "one-hand", "red_fives": True},
    "classic": {"rounds": 1, "flowers": True, "dealer_rule": "official"},
}
ROOM_FORM = {
    "sanma": {"length": "one-hand", "red_fives": "on", "level": "normal"},
    "classic": {"rounds": "1", "flowers": "on", "dealer_rule": "official", "level": "normal"},
}
LEFT_MESSAGE = "Your oldest running table is played to its end by the server"
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(params=["sanma", "classic"])
def game(request) -> str:
    return request.param


@pytest.fixture(autouse=True)
def limit(settings):
    settings.TABLE_UNFINISHED_LIMIT = 2


def _practice(game: str, player: Player = ANN, seed: int = 1) -> play.Started:
    return play.start_practice(game_kind(game), player, OPTIONS[game], "beginner", seed=seed)


def _aged(table: Table, minutes: int) -> Table:
    """Older tables are left first: the order is by the last decision."""
    then = timezone.now() - timedelta(minutes=minutes)
    Table.objects.filter(pk=table.pk).update(updated_at=then)
    return table


def _two_running(game: str, player: Player = ANN) -> tuple[Table, Table]:
    """The player's two practice tables, the first the older: the limit is reached."""
    return _aged(_practice(game, player, 1).table, 20), _aged(_practice(game, player, 2).table, 10)


def _left(table: Table, player: Player = ANN) -> bool:
    return player.owned(Seat.objects.filter(table=table, left_at__isnull=False)).exists()


def _seat_alone_in_the_lobby(game: str, player: Player = ANN) -> Table:
    lobby.join(player, game, "east", game_kind(game).lobby_choices["east"][1])
    table = lobby.with_bots_now(player, game)
    assert table is not None
    return table


def test_practice_beyond_the_limit_leaves_the_oldest(game, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as sent:
        first, second = _two_running(game)
        started = _practice(game, seed=3)
    assert [t.pk for t in started.left] == [first.pk]
    assert _left(first) and not _left(second) and not _left(started.table)
    # The play-out of the left table, sent once committed.
    assert sum(callback.__qualname__.startswith("schedule_play_out") for callback in sent) == 1
    # Another player's tables are no concern of Ann's.
    assert _practice(game, BEN, seed=4).left == []


def test_a_room_its_host_starts_alone_leaves_the_oldest(game):
    first, second = _two_running(game)
    room = rooms.create(ANN, game, OPTIONS[game], "beginner", name="Ann")
    started = rooms.start(ANN, room.code)
    assert [t.pk for t in started.left] == [first.pk]
    assert _left(first) and not _left(second) and started.table.is_playing


def test_a_room_of_several_humans_neither_counts_nor_leaves(game):
    """Its turn timers end it anyway; leaving the host's oldest would be no help."""
    first, second = _two_running(game)
    room = rooms.create(ANN, game, OPTIONS[game], "beginner", name="Ann")
    rooms.join(BEN, room.code, name="Ben")
    started = rooms.start(ANN, room.code)
    assert started.left == [] and not _left(first) and not _left(second)
    # Nor does it count among the running tables against bots.
    assert _practice(game, seed=5).left == [first]


def test_a_quick_match_bots_filled_leaves_the_oldest(game):
    first, second = _two_running(game)
    table = _seat_alone_in_the_lobby(game)
    assert _left(first) and not _left(second) and table.is_playing
    assert lobby.entry_of(ANN, game).left_oldest == 1  # for the lobby to say so


def test_a_quick_match_of_several_humans_leaves_nothing(game):
    first, second = _two_running(game)
    others = [Player(guest_id=f"{n:032x}") for n in range(1, game_kind(game).seats)]
    choice = game_kind(game).lobby_choices["east"][1]
    for player in [ANN, *others]:
        lobby.join(player, game, "east", choice)
    assert lobby.entry_of(ANN, game).table is not None
    assert not _left(first) and not _left(second)


def test_no_route_opens_more_than_the_limit(game):
    """Practice, a room alone, the lobby, one after the other: at most the limit run."""
    _two_running(game)
    room = rooms.create(ANN, game, OPTIONS[game], "beginner", name="Ann")
    rooms.start(ANN, room.code)
    _seat_alone_in_the_lobby(game)
    _practice(game, seed=6)
    running = Table.objects.of(ANN).of_kind(game).playing()
    not_left = Table.objects.played_by(ANN).of_kind(game).playing()
    assert running.count() == 5 and not_left.count() == 2


def test_joining_again_while_seated_goes_back_to_the_table(game):
    """Join, bots, join, bots: one table, and the seated entry is never lost."""
    table = _seat_alone_in_the_lobby(game)
    choice = game_kind(game).lobby_choices["east"][1]
    entry = lobby.join(ANN, game, "east", choice)
    assert entry.table == table
    assert lobby.with_bots_now(ANN, game) == table
    assert Table.objects.of(ANN).count() == 1
    # The beat forgets seated entries after an hour: the table is still found.
    QueueEntry.objects.all().delete()
    assert lobby.join(ANN, game, "east", choice).table == table
    assert Table.objects.of(ANN).count() == 1
    # A table left is no longer the player's to go back to: they queue anew.
    play.leave(ANN, table.public_id)
    assert lobby.join(ANN, game, "east", choice).table is None


def test_the_lobby_pages_take_a_seated_player_back_and_say_what_was_left(game):
    client = Client()
    client.post(f"/{game}/lobby/join", {"choice": "east"}, **HTMX)
    player = Player(guest_id=client.session["guest_id"])
    QueueEntry.objects.all().delete()  # as if never queued: two practice tables first
    first, _second = _two_running(game, player)
    client.post(f"/{game}/lobby/join", {"choice": "east"}, **HTMX)
    response = client.post(f"/{game}/lobby/bots", **HTMX)
    table = lobby.entry_of(player, game).table
    assert response["HX-Redirect"] == f"/{game}/{table.public_id}"
    assert _left(first, player)
    page = client.get(f"/{game}/{table.public_id}").content.decode()
    assert LEFT_MESSAGE in page  # said once
    # Joining again (the form of a lobby page still open) takes the player back there.
    response = client.post(f"/{game}/lobby/join", {"choice": "east"})
    assert response.status_code == 302 and response["Location"] == f"/{game}/{table.public_id}"
    assert client.get(f"/{game}/lobby")["Location"] == f"/{game}/{table.public_id}"
    assert QueueEntry.objects.get().table == table
    assert LEFT_MESSAGE not in client.get(f"/{game}/{table.public_id}").content.decode()


def test_the_room_page_says_what_starting_alone_left(game):
    client = Client()
    response = client.post(f"/{game}/rooms/new", {**ROOM_FORM[game], "name": "Ann"})
    code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    player = Player(guest_id=client.session["guest_id"])
    first, _second = _two_running(game, player)
    response = client.post(f"/{game}/room/{code}/start")
    assert response.status_code == 302
    assert _left(first, player)
    assert LEFT_MESSAGE in client.get(response["Location"], follow=True).content.decode()


def test_a_classic_practice_table_its_human_leaves_is_played_out_and_counts(
    tasks_in_process, django_capture_on_commit_callbacks
):
    table = _practice("classic", seed=11).table
    with django_capture_on_commit_callbacks(execute=True):
        play.leave(ANN, table.public_id)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    seats = list(table.seats.all())
    assert sorted(seat.place for seat in seats) == [1, 2, 3, 4]
    mine = next(seat for seat in seats if not seat.is_bot)
    assert mine.left_at is not None and mine.points is not None
    # A finished table is no longer running: it does not count against the limit.
    with django_capture_on_commit_callbacks(execute=False):
        assert _practice("classic", seed=12).left == []
        assert _practice("classic", seed=13).left == []
