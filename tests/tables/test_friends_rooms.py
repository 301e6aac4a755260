"""Rooms for friends on the toy game (tests/tables/toy.py): the turn timer the host
picks, a seat that is away only with no page open, and the rematch
(docs/tables.md#turn-timers, docs/tables.md#rematch). Clocks are moved by setting a
seat's ``waiting_since`` into the past, never by sleeping."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from games.players import Player
from games.tables import live, play, presence, registry, rooms, timers
from games.tables.models import Room, Seat, Table

from .toy import NIM

pytestmark = pytest.mark.django_db

ANN = Player(guest_id="a" * 32)
BEN = Player(guest_id="b" * 32)


@pytest.fixture(autouse=True)
def nim(settings):
    registry.register(NIM)
    settings.TABLE_DECISION_SECONDS = 5
    settings.TABLE_BANK_SECONDS = 10
    settings.TABLE_RESULT_SECONDS = 15
    settings.TABLE_AWAY_AFTER_TIMEOUTS = 2
    settings.TABLE_PAGE_OPEN_SECONDS = 10
    yield NIM


def _room_table(timer: str = timers.DEFAULT_TIMER, pile: int = 10) -> Table:
    room = rooms.create(ANN, "nim", {"pile": pile}, "easy", name="Ann", timer=timer)
    rooms.join(BEN, room.code, name="Ben")
    return rooms.start(ANN, room.code, seed=7).table


def _seat(table: Table, index: int) -> Seat:
    return Seat.objects.get(table=table, index=index)


def _waited(table: Table, index: int, seconds: float) -> None:
    Seat.objects.filter(table=table, index=index).update(
        waiting_since=timezone.now() - timedelta(seconds=seconds)
    )


def _log(table: Table) -> list[str]:
    table.refresh_from_db()
    return table.log


# ---------------------------------------------------------------- the host's timer


def test_the_hosts_timer_is_stored_on_the_room_and_runs_its_tables_clocks():
    table = _room_table("calm")
    assert Room.objects.get().timer == table.timer == "calm"
    assert _seat(table, 0).bank == 30  # 10 s a decision, a bank of 30
    _waited(table, 0, 10 + 30 - 1)
    assert not play.play_overdue(table.public_id)  # the site's 5 + 10 would be long over
    _waited(table, 0, 10 + 30 + 0.1)
    assert play.play_overdue(table.public_id)
    assert _log(table)[0].startswith("0 take:")


def test_a_minute_per_move_has_no_bank():
    table = _room_table("minute")
    assert _seat(table, 0).bank == 0
    _waited(table, 0, 59)
    assert not play.play_overdue(table.public_id)
    _waited(table, 0, 60.1)
    assert play.play_overdue(table.public_id)


def test_without_a_timer_nobody_is_ever_played_for_and_the_table_waits():
    table = _room_table("none")
    assert all(seat.waiting_since is None for seat in table.seats.all())
    _waited(table, 0, 24 * 3600)
    assert not play.play_overdue(table.public_id)
    play.decide(ANN, table.public_id, 0, "take:1")
    assert _seat(table, 1).waiting_since is None  # Ben's turn: no clock either
    assert _log(table) == ["0 take:1"]


def test_a_room_without_a_chosen_timer_keeps_the_sites():
    room = Room.objects.create(code="ABCDEF", kind="nim", options={"pile": 5}, bot_level="easy")
    assert room.timer == timers.DEFAULT_TIMER
    assert timers.clock(room.timer).decision == 5 and timers.clock(room.timer).bank == 10
    with pytest.raises(ValueError):
        rooms.create(ANN, "nim", {"pile": 5}, "easy", timer="forever")


def test_each_timer_reads_as_its_seconds():
    assert timers.timer_name("standard") == "5 s per move + 10 s bank"
    assert timers.timer_name("calm") == "10 s per move + 30 s bank"
    assert timers.timer_name("minute") == "60 s per move"
    assert timers.timer_name("none") == "No timer"


# ---------------------------------------------------------------- away with no page open


def _time_out_twice(table: Table, seat: int) -> None:
    """The seat lets its time run out on two decisions of its own in a row."""
    _waited(table, seat, 5 + 10 + 0.1)
    assert play.play_overdue(table.public_id)
    other = BEN if seat == 0 else ANN
    play.decide(other, table.public_id, len(_log(table)), "take:1")  # the other's turn
    _waited(table, seat, 5 + 0.1)
    assert play.play_overdue(table.public_id)


def test_a_slow_player_with_the_page_open_is_never_away():
    table = _room_table(pile=20)
    presence.note_request(table.public_id, 0)  # Ann's page asks, as a poll does
    _time_out_twice(table, 0)
    ann = _seat(table, 0)
    assert ann.timeouts == 1  # timed out twice, yet not away
    version = len(_log(table))
    play.decide(BEN, table.public_id, version, "take:1")
    assert len(_log(table)) == version + 1  # the table waits for Ann, as for anybody here


def test_a_player_whose_page_is_closed_is_away_after_missed_decisions():
    table = _room_table(pile=20)
    presence.note_request(table.public_id, 1)  # only Ben's page is open
    _time_out_twice(table, 0)
    assert _seat(table, 0).timeouts == 2  # away: the server plays Ann at once
    version = len(_log(table))
    play.decide(BEN, table.public_id, version, "take:1")
    assert _log(table)[version + 1].startswith("0 take:")


def test_a_page_counts_as_open_only_for_a_while_after_it_asked(settings):
    table = _room_table()
    settings.TABLE_PAGE_OPEN_SECONDS = 60
    presence.note_request(table.public_id, 0)
    assert presence.open_seats(table.public_id) == {0}
    settings.TABLE_PAGE_OPEN_SECONDS = -1  # asked long ago
    presence.note_request(table.public_id, 1)
    assert presence.open_seats(table.public_id) == {0}


def test_without_redis_no_page_counts_as_open(settings):
    table = _room_table()
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    live._client = None
    try:
        presence.note_request(table.public_id, 0)
        assert presence.open_seats(table.public_id) is None
    finally:
        live._client = None


# ---------------------------------------------------------------- the rematch


def _finished(timer: str = "calm") -> Table:
    table = _room_table(timer, pile=1)
    play.decide(ANN, table.public_id, 0, "take:1")  # Ann wins the first round
    play.decide(BEN, table.public_id, 1, "next")
    play.decide(BEN, table.public_id, 2, "take:1")  # Ben the second: game over
    table.refresh_from_db()
    assert not table.is_playing
    return table


def test_a_rematch_seats_the_same_humans_at_a_new_table_with_the_same_options():
    table = _finished()
    new = play.rematch(BEN, table.public_id)
    assert new.pk != table.pk and new.is_playing
    assert (new.kind, new.options, new.timer) == (table.kind, table.options, table.timer)
    seats = list(new.seats.order_by("index"))
    assert [seat.guest_id for seat in seats] == ["a" * 32, "b" * 32]
    assert [seat.name for seat in seats] == ["Ann", "Ben"]
    assert seats[0].bank == 30  # its clocks run by the room's timer
    table.refresh_from_db()
    assert table.rematch_id == new.pk
    assert Room.objects.get().table_id == new.pk  # the room's link leads there


def test_everybody_who_presses_rematch_finds_the_one_table():
    table = _finished()
    first = play.rematch(ANN, table.public_id)
    assert play.rematch(BEN, table.public_id).pk == first.pk
    assert play.rematch(ANN, table.public_id).pk == first.pk
    assert Table.objects.count() == 2
    assert play.rematch(Player(guest_id="c" * 32), table.public_id) is None  # no seat


def test_no_rematch_while_the_game_runs_or_for_a_player_who_left():
    table = _room_table(pile=5)
    with pytest.raises(play.RematchError):
        play.rematch(ANN, table.public_id)
    finished = _finished()
    Seat.objects.filter(table=finished, index=1).update(left_at=timezone.now())
    with pytest.raises(play.RematchError):
        play.rematch(BEN, finished.public_id)
    new = play.rematch(ANN, finished.public_id)  # Ben left: a bot takes his seat
    assert [seat.bot_level for seat in new.seats.order_by("index")] == ["", "easy"]


@pytest.mark.django_db(transaction=True)
def test_two_presses_at_once_start_one_rematch():
    table = _finished()
    found: list[int] = []
    barrier = threading.Barrier(2)

    def press(player: Player) -> None:
        try:
            barrier.wait()
            found.append(play.rematch(player, table.public_id).pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=press, args=(who,)) for who in (ANN, BEN)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(found) == 2 and found[0] == found[1]
    assert Table.objects.count() == 2
