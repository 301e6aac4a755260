"""The table machinery on a toy game kind (tests/tables/toy.py): nothing here knows any
real game, as nothing in games/tables does."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.db import connection
from redis.exceptions import RedisError

from games.players import Player
from games.tables import play, registry, replays, states
from games.tables.claims import claim_guest_tables
from games.tables.engine.actions import shown_count
from games.tables.models import Table
from games.tables.signals import table_finished

from .toy import NIM, NimRules

pytestmark = pytest.mark.django_db

GUEST = Player(guest_id="g" * 32)


@pytest.fixture(autouse=True)
def nim():
    registry.register(NIM)
    yield NIM


def test_a_new_table_stores_kind_options_seed_and_seats_and_the_bots_play_first():
    table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)
    assert (table.kind, table.options, table.seed) == ("nim", {"pile": 10}, 7)
    seats = list(table.seats.order_by("index"))
    assert seats[0].bot_level == "easy" and seats[1].guest_id == GUEST.guest_id
    assert table.log == ["0 take:2"]  # (seed + index) % 3 picks the bot's move
    assert table.version == 1


def test_bad_options_or_seats_start_nothing():
    with pytest.raises(ValueError):
        play.start_table("nim", {"pile": 0}, ["easy", GUEST])
    with pytest.raises(ValueError):
        play.start_table("nim", {"pile": 5}, [GUEST])
    with pytest.raises(ValueError):
        play.start_table("nim", {"pile": 5}, ["grandmaster", GUEST])
    assert not Table.objects.exists()


def test_a_decision_is_applied_and_the_bots_play_until_a_human_decides_again():
    table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)
    outcome = play.decide(GUEST, table.public_id, 1, "take:1")
    assert outcome.kind == play.Kind.PLAYED and outcome.seat == 1 and outcome.since == 1
    table.refresh_from_db()
    assert table.log == ["0 take:2", "1 take:1", "0 take:1"]
    assert outcome.state.pile == 6 and outcome.state.turn == 1


def test_a_stale_or_illegal_decision_changes_nothing():
    table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)
    for version, move, kind in (
        (0, "take:1", "stale"),
        (None, "take:1", "stale"),
        (1, "take:9", "refused"),
    ):
        outcome = play.decide(GUEST, table.public_id, version, move)
        assert outcome.kind == kind
        table.refresh_from_db()
        assert table.log == ["0 take:2"]
    assert "not legal" in play.decide(GUEST, table.public_id, 1, "take:9").message


def test_nobody_decides_at_a_table_where_they_have_no_seat(alice):
    table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)
    for stranger in (Player(alice), Player(guest_id="h" * 32)):
        assert play.decide(stranger, table.public_id, 1, "take:1") is None
        assert play.own_table(stranger, table.public_id) is None
    assert play.own_table(GUEST, table.public_id) == (table, 1)


def test_after_a_round_a_human_continues_never_a_bot():
    table = play.start_table("nim", {"pile": 3}, ["easy", GUEST], seed=1)
    # seed 1: the bot takes 2, one is left; the player takes it and wins the round.
    outcome = play.decide(GUEST, table.public_id, 1, "take:1")
    assert outcome.state.phase == "round-end"
    table.refresh_from_db()
    assert table.log == ["0 take:2", "1 take:1"]  # the bot waits for the player's "next"
    outcome = play.decide(GUEST, table.public_id, 2, "next")
    assert outcome.state.round == 2


def test_a_table_of_bots_alone_plays_to_its_end_and_is_finished_once():
    finished = []
    table_finished.connect(
        lambda sender, table, state, **kw: finished.append(table.pk),
        weak=False,
        dispatch_uid="test",
    )
    try:
        table = play.start_table("nim", {"pile": 9}, ["easy", "easy"], seed=3)
    finally:
        table_finished.disconnect(dispatch_uid="test")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.finished_at is not None
    assert finished == [table.pk]
    assert sorted(seat.place for seat in table.seats.all()) == [1, 2]
    state = NIM.replay(table.options, table.seed, table.log)
    assert state.phase == "over"
    assert [seat.score for seat in table.seats.order_by("index")] == list(state.wins)


def test_a_finished_table_takes_no_more_decisions():
    table = play.start_table("nim", {"pile": 1}, [GUEST, "easy"], seed=0)
    play.decide(GUEST, table.public_id, 0, "take:1")
    play.decide(GUEST, table.public_id, 1, "next")
    table.refresh_from_db()
    assert table.log == ["0 take:1", "0 next", "1 take:1"]  # the bot ended round two
    assert table.status == Table.Status.FINISHED
    last = table.version
    outcome = play.decide(GUEST, table.public_id, last, "next")
    assert outcome.kind in ("stale", "refused")
    table.refresh_from_db()
    assert table.version == last


def test_a_committed_state_is_cached_and_used_instead_of_a_replay(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)
    cached = states.state_at(table)

    # A rules object that cannot replay: only the cache can answer now.
    class CannotReplay(NimRules):
        def start(self, options, seed):
            return 1 / 0

    registry.register(CannotReplay())
    assert states.state_at(table) == cached
    with pytest.raises(ZeroDivisionError):
        states.state_at(table, 0)


def test_without_the_cache_every_state_is_replayed(monkeypatch):
    table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)

    def down(*args, **kwargs):
        raise RedisError("down")

    monkeypatch.setattr(cache, "get", down)
    monkeypatch.setattr(cache, "set", down)
    assert play.decide(GUEST, table.public_id, 1, "take:3").kind == "played"
    assert states.state_at(table).pile == NIM.replay(table.options, table.seed, table.log).pile


def test_replay_steps_go_decision_by_decision_and_round_by_round():
    table = play.start_table("nim", {"pile": 3}, ["easy", GUEST], seed=1)
    play.decide(GUEST, table.public_id, 1, "take:1")
    play.decide(GUEST, table.public_id, 2, "next")
    table.refresh_from_db()
    assert replays.step(table, 0).hand_starts == (0, 3)
    step = replays.step(table, 1)
    assert (step.previous, step.next, step.hand, step.next_hand, step.previous_hand) == (
        0,
        2,
        0,
        3,
        0,
    )
    assert step.state.pile == 1
    at_second = replays.step(table, 3)
    assert at_second.hand == 1 and at_second.previous_hand == 0 and at_second.next_hand is None
    assert replays.step(table, 99).index == table.version == replays.step(table, 99).at
    assert replays.step(table, -5).index == 0


def test_a_replay_steps_over_passes_and_the_version_never_tells_who_could_call():
    log = ["0 d:5B", "1 pass", "2 pass", "1 d:E", "3 next"]
    # The passes that close the offer move the discard's step to where the table went on.
    assert replays.shown_steps(log) == [0, 3, 4, 5]
    assert replays.last_shown(log, 3) == "0 d:5B"
    table = Table(kind="nim", log=log)
    table.note_answering(False)
    assert table.shown_version == 5 and table.version == 5
    assert [table.log_index(n) for n in (0, 1, 2, 3, 4, 5, 9)] == [0, 1, 3, 4, 4, 5, 5]
    # A discard nobody may call, one that some seats pass, one called: the version moves
    # alike, whoever could call; while the offer is open, by the discard alone.
    nobody, passed = ["0 d:5B", "1 d:E"], ["0 d:5B", "2 pass", "1 pass", "1 d:E"]
    assert shown_count(nobody, False) == shown_count(passed, False) == 4
    assert shown_count(["0 d:5B", "2 pon"], False) == shown_count(
        ["0 d:5B", "1 pass", "2 pon"], False
    )
    assert shown_count(["0 d:5B"], answering_now=True) == 1
    assert shown_count(["0 d:5B", "2 pass"], answering_now=True) == 1
    assert (
        shown_count(["0 d:5B", "2 pass"], answering_now=False)
        == 2
        == shown_count(["0 d:5B"], False)
    )
    assert replays.shown_steps(nobody) == [0, 1, 2] and replays.shown_steps(passed) == [0, 3, 4]


def test_a_guests_seats_become_the_accounts(alice):
    table = play.start_table("nim", {"pile": 10}, ["easy", GUEST], seed=7)
    other = play.start_table("nim", {"pile": 10}, ["easy", Player(guest_id="h" * 32)])
    assert claim_guest_tables(alice, GUEST.guest_id) == 1
    assert play.own_table(Player(alice), table.public_id) is not None
    assert play.own_table(GUEST, table.public_id) is None
    assert play.own_table(Player(alice), other.public_id) is None
    assert claim_guest_tables(alice, GUEST.guest_id) == 0


def test_a_seat_is_either_a_human_or_a_bot():
    from django.db import IntegrityError

    from games.tables.models import Seat

    table = Table.objects.create(kind="nim", options={"pile": 3}, seed=1)
    with pytest.raises(IntegrityError):
        Seat.objects.create(table=table, index=0, guest_id="g", bot_level="easy")


@pytest.mark.django_db(transaction=True)
def test_parallel_decisions_on_one_version_are_applied_once():
    registry.register(NIM)
    table = play.start_table("nim", {"pile": 30}, ["easy", GUEST], seed=7)
    barrier = threading.Barrier(4)
    kinds = []

    def decide():
        try:
            barrier.wait()
            kinds.append(play.decide(GUEST, table.public_id, 1, "take:1").kind)
        finally:
            connection.close()

    threads = [threading.Thread(target=decide) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(kinds) == ["played", "stale", "stale", "stale"]
    table.refresh_from_db()
    assert table.log[:3] == ["0 take:2", "1 take:1", "0 take:1"] and table.version == 3
