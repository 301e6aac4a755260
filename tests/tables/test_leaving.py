"""Every started table counts (docs/tables.md#every-started-table-counts), on the toy
game (tests/tables/toy.py): a table its human leaves is played to its end by the
server, a player keeps a bounded number of running tables, abandoned tables are
finished, and one account never holds two seats at one table."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from config.celery import app as celery_app
from games.players import Player
from games.tables import play, registry, tasks
from games.tables.claims import claim_guest_tables
from games.tables.models import Seat, Table

from .toy import NIM

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("tasks_in_process")]

ANN = Player(guest_id="a" * 32)
BEN = Player(guest_id="b" * 32)


@pytest.fixture(autouse=True)
def nim(settings):
    settings.TABLE_UNFINISHED_LIMIT = 2
    registry.register(NIM)


def _start(player: Player, seed: int = 0) -> Table:
    return play.start_practice(NIM, player, {"pile": 30}, "easy", seed=seed).table


def test_a_left_table_is_played_to_its_end_by_the_server_and_counts(
    django_capture_on_commit_callbacks,
):
    table = _start(ANN, seed=1)
    with django_capture_on_commit_callbacks(execute=True):
        play.leave(ANN, table.public_id)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    mine = table.seats.get(guest_id=ANN.guest_id)
    assert mine.left_at is not None and mine.place in (1, 2) and mine.points is not None
    # A decision of the left seat is not taken, and it does not come back.
    assert play.decide(ANN, table.public_id, table.shown_version, "next").kind in (
        play.Kind.LEFT,
        play.Kind.STALE,
    )


def test_a_left_seat_is_the_servers_even_while_the_task_has_not_run(
    django_capture_on_commit_callbacks, settings
):
    table = _start(ANN, seed=1)
    with django_capture_on_commit_callbacks(execute=False):
        play.leave(ANN, table.public_id)
    table.refresh_from_db()
    assert table.is_playing  # nothing played yet: the task plays
    outcome = play.decide(ANN, table.public_id, table.shown_version, "take:1")
    assert outcome.kind == play.Kind.LEFT
    back = play.set_away(ANN, table.public_id, away=False)  # no coming back
    assert back.seats.get(guest_id=ANN.guest_id).left_at is not None
    assert tasks.play_out(str(table.public_id))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED


def test_a_new_table_beyond_the_limit_leaves_the_oldest(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        first, second = _start(ANN, 1), _start(ANN, 2)
        Table.objects.filter(pk=first.pk).update(updated_at=timezone.now() - timedelta(hours=1))
        started = play.start_practice(NIM, ANN, {"pile": 30}, "easy", seed=3)
    assert [t.pk for t in started.left] == [first.pk]
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.status == Table.Status.FINISHED  # played to its end: it counts
    assert second.is_playing and started.table.is_playing
    # Another player's tables are no concern of Ann's.
    assert play.start_practice(NIM, BEN, {"pile": 30}, "easy", seed=4).left == []


def test_tables_nobody_played_at_for_a_day_are_finished(django_capture_on_commit_callbacks):
    old, fresh = _start(ANN, 1), _start(BEN, 2)
    Table.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(hours=25))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.finish_abandoned() == 1
    old.refresh_from_db()
    fresh.refresh_from_db()
    assert old.status == Table.Status.FINISHED and fresh.is_playing
    assert old.seats.get(guest_id=ANN.guest_id).left_at is not None


def test_the_tables_tasks_run_on_the_beat(settings):
    """The abandoned tables every half hour, the rooms every ten minutes, the lobbies'
    match-maker every five seconds, each a task the worker knows."""
    schedule = {
        entry["task"]: entry["schedule"] for entry in settings.CELERY_BEAT_SCHEDULE.values()
    }
    assert schedule["tables.finish_abandoned"].minute == {0, 30}
    assert schedule["tables.expire_rooms"].minute == set(range(0, 60, 10))
    assert schedule["tables.match_lobbies"] == 5.0
    for name in ("tables.finish_abandoned", "tables.expire_rooms", "tables.match_lobbies"):
        assert celery_app.tasks[name].name == name


def test_an_account_never_holds_two_seats_at_one_table(alice, django_capture_on_commit_callbacks):
    table = play.start_table("nim", {"pile": 30}, [Player(alice), ANN], seed=5)
    with django_capture_on_commit_callbacks(execute=False):
        claim_guest_tables(alice, ANN.guest_id)
    seats = {seat.index: seat for seat in Seat.objects.filter(table=table)}
    assert seats[0].user == alice and seats[1].user is None  # the guest's stays the guest's
    assert seats[1].left_at is not None  # and is the server's to the end
    assert Table.objects.of(Player(alice)).count() == 1


@pytest.mark.slow
def test_a_classic_table_of_humans_all_of_whom_left_ends(django_capture_on_commit_callbacks):
    """Seats played as out of time never win, and Classic's East keeps the deal after a
    draw: once all four humans left, the weakest bots play their seats to the end."""
    humans = [Player(guest_id=letter * 32) for letter in "abcd"]
    options = {"rounds": 1, "flowers": True, "dealer_rule": "official"}
    table = play.start_table("classic", options, humans, seed=7, lobby=True)
    for human in humans:
        with django_capture_on_commit_callbacks(execute=True):
            play.leave(human, table.public_id)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert sorted(seat.place for seat in table.seats.all()) == [1, 2, 3, 4]
