"""Private rooms on the toy game (docs/tables.md#rooms): open, find by code, sit down,
swap, start with bots in the empty seats, expire."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.players import Player
from games.tables import rooms
from games.tables.claims import claim_guest_tables
from games.tables.models import Room, RoomSeat, Seat, Table
from games.tables.registry import register

from .toy import NIM

pytestmark = pytest.mark.django_db

ANN = Player(guest_id="a" * 32)
BEN = Player(guest_id="b" * 32)
CAT = Player(guest_id="c" * 32)


@pytest.fixture(autouse=True)
def nim():
    register(NIM)


def _room(**options) -> Room:
    return rooms.create(ANN, "nim", {"pile": 9, **options}, "easy", name="Ann")


def test_codes_read_aloud_without_a_doubt_and_are_found_as_typed():
    room = _room()
    assert len(room.code) == 6 and not set(room.code) & set("0O1IL")
    typed = f" {room.code[:3].lower()}-{room.code[3:]} "
    assert rooms.find(typed).pk == room.pk
    assert rooms.shown_code("KXM4TP") == "KXM-4TP"
    for wrong in ("", "KXM4T", "KXM4TPQ", "KXM4T0", "KXM4TL"):
        assert rooms.normalized_code(wrong) is None, wrong


def test_bad_options_or_strength_open_no_room():
    with pytest.raises(ValueError):
        rooms.create(ANN, "nim", {"pile": 0}, "easy")
    with pytest.raises(ValueError):
        rooms.create(ANN, "nim", {"pile": 5}, "grandmaster")
    assert not Room.objects.exists()


def test_players_sit_in_the_free_seats_until_the_room_is_full():
    room = _room()
    rooms.join(BEN, room.code, name="  Ben   the   Brave  ")
    rooms.join(BEN, room.code)  # a member again: nothing changes
    members = list(room.members.order_by("index"))
    assert [(m.index, m.name, m.is_host) for m in members] == [
        (0, "Ann", True),
        (1, "Ben the Brave", False),
    ]
    with pytest.raises(rooms.RoomError, match="full"):
        rooms.join(CAT, room.code)


def test_the_host_swaps_seats_empty_ones_too_and_nobody_else_may():
    room = rooms.create(ANN, "nim", {"pile": 9}, "easy")
    rooms.swap(ANN, room.code, 0, 1)
    assert RoomSeat.objects.get(room=room).index == 1
    rooms.join(BEN, room.code)  # the free seat is 0 now
    assert RoomSeat.objects.get(room=room, guest_id=BEN.guest_id).index == 0
    rooms.swap(ANN, room.code, 1, 0)
    assert {m.guest_id[0]: m.index for m in room.members.all()} == {"a": 0, "b": 1}
    with pytest.raises(rooms.RoomError, match="host"):
        rooms.swap(BEN, room.code, 0, 1)
    with pytest.raises(rooms.RoomError, match="seat"):
        rooms.swap(ANN, room.code, 0, 2)


def test_the_host_starts_with_bots_in_the_empty_seats_and_then_nobody_joins():
    room = rooms.create(BEN, "nim", {"pile": 9}, "easy")
    rooms.swap(BEN, room.code, 0, 1)
    table = rooms.start(BEN, room.code, seed=3).table
    seats = list(table.seats.order_by("index"))
    assert seats[0].bot_level == "easy" and seats[1].guest_id == BEN.guest_id
    assert Room.objects.get(pk=room.pk).table == table
    with pytest.raises(rooms.RoomError, match="started"):
        rooms.join(CAT, room.code)
    with pytest.raises(rooms.RoomError):
        rooms.start(BEN, room.code)
    assert Table.objects.count() == 1


def test_only_the_host_starts_and_the_host_cannot_leave():
    room = _room()
    rooms.join(BEN, room.code, name="Ben")
    with pytest.raises(rooms.RoomError, match="host"):
        rooms.start(BEN, room.code)
    with pytest.raises(rooms.RoomError, match="host"):
        rooms.leave(ANN, room.code)
    rooms.leave(BEN, room.code)
    assert room.members.count() == 1
    table = rooms.start(ANN, room.code).table
    names = {seat.index: seat.name for seat in table.seats.all()}
    assert names[0] == "Ann"


def test_an_unknown_code_is_a_clear_refusal():
    with pytest.raises(rooms.RoomError, match="no room"):
        rooms.join(BEN, "ZZZZZZ")


def test_a_guests_room_seats_become_the_accounts(alice):
    room = _room()
    rooms.join(BEN, room.code, name="Ben")
    claim_guest_tables(alice, BEN.guest_id)
    member = room.members.get(index=1)
    assert member.user == alice and member.guest_id == "" and member.name == ""


def test_a_guest_beside_the_account_in_one_room_gives_the_seat_up_at_log_in(alice):
    """The account never holds two seats: in a room not yet started the guest's seat is
    given up; in a room of the account's alone the guest's seat moves."""
    room = rooms.create(Player(alice), "nim", {"pile": 9}, "easy")
    rooms.join(BEN, room.code, name="Ben")
    elsewhere = _room()
    rooms.join(BEN, elsewhere.code, name="Ben")
    claim_guest_tables(alice, BEN.guest_id)
    assert [(m.index, m.user) for m in room.members.all()] == [(0, alice)]
    assert elsewhere.members.get(index=1).user == alice
    table = rooms.start(Player(alice), room.code).table
    assert [seat.user for seat in table.seats.all() if not seat.is_bot] == [alice]


def test_a_guest_beside_the_account_at_a_started_rooms_table_leaves_at_log_in(
    alice, django_capture_on_commit_callbacks
):
    room = rooms.create(Player(alice), "nim", {"pile": 9}, "easy")
    rooms.join(BEN, room.code, name="Ben")
    table = rooms.start(Player(alice), room.code).table
    with django_capture_on_commit_callbacks(execute=False):
        claim_guest_tables(alice, BEN.guest_id)
    seats = {seat.index: seat for seat in Seat.objects.filter(table=table)}
    assert seats[0].user == alice and seats[1].user is None
    assert seats[1].guest_id == BEN.guest_id and seats[1].left_at is not None
    # The room's seats stay as they were: the room leads the account to its one seat.
    assert [m.user for m in room.members.all()] == [alice]


def test_rooms_nobody_used_expire_and_their_tables_stay(settings):
    settings.ROOM_IDLE_MINUTES = 60
    idle = timezone.now() - timedelta(minutes=61)
    quiet, playing, fresh = _room(), _room(), _room()
    rooms.join(BEN, playing.code)
    table = rooms.start(ANN, playing.code).table
    Room.objects.filter(pk__in=[quiet.pk, playing.pk]).update(used_at=idle)
    assert rooms.expire() == 1  # the started room's table moved lately
    assert set(Room.objects.values_list("pk", flat=True)) == {playing.pk, fresh.pk}
    Table.objects.filter(pk=table.pk).update(updated_at=idle)
    assert rooms.expire() == 1
    assert Table.objects.filter(pk=table.pk).exists()


def test_the_expiry_runs_on_the_beat(settings):
    from games.tables.tasks import expire_rooms

    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "tables.expire_rooms" in schedule
    settings.ROOM_IDLE_MINUTES = 0
    _room()
    assert expire_rooms() == 1


def test_a_kind_without_a_timeout_action_is_played_by_its_weakest_bot():
    state = NIM.start({"pile": 5}, 0)
    assert NIM.timeout_action(state, 0, 7, 0) == NIM.bot_action(state, 0, "easy", 7, 0)


def test_the_host_takes_a_member_out_who_may_not_sit_down_again(alice):
    room = _room()
    rooms.join(BEN, room.code, name="Ben")
    with pytest.raises(rooms.RoomError, match="host"):
        rooms.remove(BEN, room.code, 0)  # only the host takes anybody out
    with pytest.raises(rooms.RoomError, match="host stays"):
        rooms.remove(ANN, room.code, 0)
    with pytest.raises(rooms.RoomError, match="Nobody"):
        rooms.remove(ANN, room.code, 2)
    rooms.remove(ANN, room.code, 1)
    assert [m.guest_id[0] for m in room.members.all()] == ["a"]
    found = rooms.find(room.code)
    assert rooms.was_removed(found, BEN) and not rooms.was_removed(found, CAT)
    with pytest.raises(rooms.RoomError, match="took you out"):
        rooms.join(BEN, room.code)
    rooms.join(CAT, room.code)  # the seat is free for anybody else
    # Logging in does not open the room again: the account was taken out with the guest.
    claim_guest_tables(alice, BEN.guest_id)
    with pytest.raises(rooms.RoomError, match="took you out"):
        rooms.join(Player(alice), room.code)
    rooms.start(ANN, room.code)
    with pytest.raises(rooms.RoomError, match="started"):
        rooms.remove(ANN, room.code, 1)
