"""Turn timers and live announcements on the toy game (tests/tables/toy.py), at a table
of two humans (docs/tables.md#turn-timers, docs/tables.md#live-updates). Clocks are
moved by setting a seat's ``waiting_since`` into the past, never by sleeping."""

from __future__ import annotations

import threading
from datetime import timedelta
from unittest import mock

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.utils import timezone

from config.celery import app as celery_app
from games.players import Player
from games.tables import live, play, registry, tasks, timers
from games.tables.models import Seat, Table

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
    yield NIM


def _two_humans(pile: int = 10) -> Table:
    return play.start_table("nim", {"pile": pile}, [ANN, BEN], seed=7)


def _seat(table: Table, index: int) -> Seat:
    return Seat.objects.get(table=table, index=index)


def _waited(table: Table, index: int, seconds: float) -> None:
    """The table has waited ``seconds`` for the seat."""
    Seat.objects.filter(table=table, index=index).update(
        waiting_since=timezone.now() - timedelta(seconds=seconds)
    )


def _log(table: Table) -> list[str]:
    table.refresh_from_db()
    return table.log


def test_a_table_of_two_humans_runs_the_clock_of_the_seat_it_waits_for():
    table = _two_humans()
    first, second = _seat(table, 0), _seat(table, 1)
    assert first.waiting_since is not None and second.waiting_since is None
    assert first.bank == second.bank == 10
    play.decide(BEN, table.public_id, 0, "take:1")  # not Ben's turn: refused, no change
    play.decide(ANN, table.public_id, 0, "take:1")
    assert _seat(table, 0).waiting_since is None and _seat(table, 1).waiting_since is not None


def test_a_human_alone_against_bots_has_no_clock():
    table = play.start_table("nim", {"pile": 10}, ["easy", ANN], seed=7)
    assert _seat(table, 1).waiting_since is None
    _waited(table, 1, 3600)
    assert not play.play_overdue(table.public_id)  # untimed: never played for
    assert _log(table) == ["0 take:2"]


def test_time_beyond_the_decisions_seconds_comes_off_the_bank():
    table = _two_humans()
    _waited(table, 0, 5 + 3)
    play.decide(ANN, table.public_id, 0, "take:1")
    assert _seat(table, 0).bank == pytest.approx(7, abs=0.5)
    _waited(table, 1, 2)  # within the decision's seconds: the bank stays whole
    play.decide(BEN, table.public_id, 1, "take:1")
    assert _seat(table, 1).bank == pytest.approx(10)


def test_when_time_is_up_the_server_decides_and_twice_in_a_row_makes_the_seat_away():
    table = _two_humans()
    _waited(table, 0, 5 + 10 - 1)
    assert not play.play_overdue(table.public_id)  # a second left: nothing yet
    _waited(table, 0, 5 + 10 + 0.1)
    assert play.play_overdue(table.public_id)
    assert len(_log(table)) == 1 and _log(table)[0].startswith("0 take:")
    ann = _seat(table, 0)
    assert (ann.timeouts, ann.bank) == (1, 0)
    assert _seat(table, 1).waiting_since is not None  # Ben's turn, with his own clock
    play.decide(BEN, table.public_id, 1, "take:1")
    _waited(table, 0, 5 + 0.1)  # the bank is spent: the decision's seconds alone
    assert play.play_overdue(table.public_id)
    assert _seat(table, 0).timeouts == 2  # away now
    version = len(_log(table))
    play.decide(BEN, table.public_id, version, "take:1")
    log = _log(table)
    assert log[version:][0] == "1 take:1" and log[version + 1].startswith("0 take:")
    assert _seat(table, 0).waiting_since is None  # nobody waits for an away seat


def test_a_decision_or_coming_back_returns_the_seat_to_its_player():
    table = _two_humans()
    play.set_away(ANN, table.public_id, True)
    assert _log(table)[0].startswith("0 take:")  # played at once, for Ben is here
    assert _seat(table, 0).timeouts == 2
    play.set_away(ANN, table.public_id, False)
    assert _seat(table, 0).timeouts == 0
    play.decide(BEN, table.public_id, 1, "take:1")
    assert len(_log(table)) == 2  # the table waits for Ann again
    assert _seat(table, 0).waiting_since is not None


def test_while_every_human_is_away_no_clock_runs_and_nothing_is_played():
    table = _two_humans()
    play.set_away(BEN, table.public_id, True)
    play.set_away(ANN, table.public_id, True)
    version = len(_log(table))
    assert all(seat.waiting_since is None for seat in table.seats.all())
    assert not play.play_overdue(table.public_id)
    assert len(_log(table)) == version
    play.set_away(BEN, table.public_id, False)  # anybody back: the table goes on
    assert len(_log(table)) >= version


def test_after_a_round_the_table_goes_on_by_itself_and_that_is_no_sign_of_absence():
    table = _two_humans(pile=1)
    play.decide(ANN, table.public_id, 0, "take:1")  # the first round is over
    assert {s.index for s in table.seats.all() if _seat(table, s.index).waiting_since} == {0, 1}
    _waited(table, 0, 14)
    _waited(table, 1, 14)
    assert not play.play_overdue(table.public_id)
    _waited(table, 0, 15.1)
    _waited(table, 1, 15.1)
    assert play.play_overdue(table.public_id)
    assert _log(table)[1] == "0 next"
    assert _seat(table, 0).timeouts == 0
    assert _seat(table, 1).waiting_since is not None  # the second round is Ben's to open


def test_clocks_tell_each_page_the_deadlines_and_who_is_away():
    table = _two_humans()
    play.set_away(ANN, table.public_id, True)
    table = Table.objects.with_seats().get(pk=table.pk)
    state = play.current_state(table)
    clocks = timers.clocks_for(NIM, state, table.seats.all(), viewer=1)
    assert clocks.away == {0} and set(clocks.shown) == {1}
    assert clocks.next_deadline == clocks.shown[1]
    assert clocks.tag(table.version) != timers.clocks_for(
        NIM, state, table.seats.all(), viewer=0
    ).tag(table.version + 1)


def test_a_change_is_announced_on_the_tables_channel_once_it_commits(
    django_capture_on_commit_callbacks,
):
    client = redis.Redis.from_url(settings.REDIS_URL)
    table = _two_humans()
    pubsub = client.pubsub()
    pubsub.subscribe(live.CHANNEL_PREFIX + str(table.public_id))
    pubsub.get_message(timeout=1)  # the subscription's confirmation
    with mock.patch.object(celery_app, "send_task") as scheduled:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            play.decide(ANN, table.public_id, 0, "take:1")
        assert pubsub.get_message(timeout=0.2) is None  # nothing before the commit
        for callback in callbacks:
            callback()
    message = pubsub.get_message(timeout=2)
    assert message["data"] == b"1"
    assert client.get(live.VERSION_PREFIX + str(table.public_id)) == b"1"
    # The next deadline, Ben's, goes to a task for that moment.
    (name, args), kwargs = scheduled.call_args.args, scheduled.call_args.kwargs
    ben = _seat(table, 1)
    assert name == "tables.play_overdue" and args[0] == str(table.public_id)
    assert kwargs["eta"] - ben.waiting_since == timedelta(seconds=15) + timers.TASK_GRACE
    pubsub.close()


def test_the_deadline_task_plays_for_the_seat_and_an_early_one_waits(settings):
    table = _two_humans()
    later = timezone.now() + timedelta(seconds=30)
    with mock.patch.object(celery_app, "send_task") as again:
        assert not tasks.play_overdue(str(table.public_id), later.isoformat())
    assert again.call_args.kwargs["eta"] == later + timers.TASK_GRACE
    _waited(table, 0, 60)
    assert tasks.play_overdue(str(table.public_id), timezone.now().isoformat())
    assert len(_log(table)) == 1


def test_no_task_is_scheduled_when_tasks_run_in_process():
    conf = tasks.play_overdue.app.conf
    eager = conf.task_always_eager
    conf.task_always_eager = True
    try:
        with mock.patch.object(celery_app, "send_task") as scheduled:
            timers.schedule_deadline("x", timezone.now())
    finally:
        conf.task_always_eager = eager
    assert not scheduled.called


def test_a_stream_key_names_its_table_and_nothing_else_passes():
    table = _two_humans()
    url = live.stream_url(table, 0)
    assert url == ""  # no stream configured in the tests
    with mock.patch.object(settings, "TABLE_STREAM_URL", "/live/"):
        url = live.stream_url(table, 0)
    assert url.startswith(f"/live/{table.public_id}?key=")
    key = url.split("key=", 1)[1]
    assert live.table_of_key(key) == str(table.public_id)
    assert live.table_of_key(key[:-2] + "xx") is None
    assert live.table_of_key("junk") is None


@pytest.mark.django_db(transaction=True)
def test_two_deadline_checks_at_once_play_for_the_seat_once():
    table = _two_humans()
    _waited(table, 0, 60)
    barrier = threading.Barrier(2)
    results = []

    def check():
        try:
            barrier.wait()
            results.append(play.play_overdue(table.public_id))
        finally:
            connection.close()

    threads = [threading.Thread(target=check) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(results) == [False, True]
    assert len(_log(table)) == 1
