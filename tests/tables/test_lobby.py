"""The lobby's quick match and the rating (docs/tables.md#lobby-and-rating), on the
toy game (tests/tables/toy.py, two seats) and on Sanma (three): joining and leaving,
players of one choice seated together, bots after the wait, whole tables only when
many arrive at once, ratings moved at the end of a rated table only."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.players import Player
from games.tables import lobby, play, rating, registry, tasks
from games.tables.models import QueueEntry, Rating, Seat, Table
from tests.parallel import in_parallel

from .toy import NIM

SANMA_EAST = {"length": "east", "red_fives": True}
PILE = {"pile": 1}


def guest(n: int) -> Player:
    return Player(guest_id=f"{n:032x}")


@pytest.fixture(autouse=True)
def nim(settings):
    settings.LOBBY_WAIT_SECONDS = 20
    registry.register(NIM)


def humans(table: Table) -> list[Seat]:
    return [seat for seat in table.seats.all() if not seat.is_bot]


@pytest.mark.django_db
def test_joining_waits_and_leaving_is_one_tap():
    entry = lobby.join(guest(1), "sanma", "east", SANMA_EAST)
    assert entry.table is None
    assert lobby.counts("sanma") == lobby.Counts(waiting=1, playing=0)
    # Joining again (another choice) replaces the entry: one entry per player and game.
    lobby.join(guest(1), "sanma", "east-south", {**SANMA_EAST, "length": "east-south"})
    assert QueueEntry.objects.filter(kind="sanma").count() == 1
    assert lobby.leave(guest(1), "sanma") is True
    assert lobby.entry_of(guest(1), "sanma") is None
    assert lobby.leave(guest(1), "sanma") is False


@pytest.mark.django_db
def test_a_queue_refuses_options_the_game_does_not_know():
    with pytest.raises(ValueError):
        lobby.join(guest(1), "sanma", "east", {"length": "forever"})
    assert not QueueEntry.objects.exists()


@pytest.mark.django_db
def test_players_of_one_choice_are_seated_together_at_one_table():
    lobby.join(guest(1), "sanma", "east", SANMA_EAST)
    lobby.join(guest(2), "sanma", "east-south", {**SANMA_EAST, "length": "east-south"})
    lobby.join(guest(3), "sanma", "east", SANMA_EAST)
    assert Table.objects.count() == 0
    lobby.join(guest(4), "sanma", "east", SANMA_EAST)
    table = Table.objects.get()
    assert table.lobby and not table.rated  # guests play unrated
    assert table.options == SANMA_EAST
    seated = {seat.guest_id for seat in humans(table)}
    assert seated == {guest(n).guest_id for n in (1, 3, 4)}
    assert {lobby.entry_of(guest(n), "sanma").table for n in (1, 3, 4)} == {table}
    assert lobby.entry_of(guest(2), "sanma").table is None
    assert lobby.counts("sanma") == lobby.Counts(waiting=1, playing=3)


@pytest.mark.django_db
def test_bots_of_the_lobby_strength_fill_the_seats_after_the_wait(settings):
    settings.LOBBY_BOT_LEVEL = "expert"
    now = timezone.now()
    lobby.join(guest(1), "sanma", "east", SANMA_EAST, now=now)
    assert lobby.match("sanma", now + timedelta(seconds=19)) == []
    [table] = lobby.match("sanma", now + timedelta(seconds=20))
    assert [s.bot_level for s in table.seats.all() if s.is_bot] == ["expert", "expert"]
    assert len(humans(table)) == 1 and not table.rated
    assert lobby.entry_of(guest(1), "sanma").table == table


@pytest.mark.django_db
def test_a_player_may_start_with_bots_at_once():
    lobby.join(guest(1), "sanma", "east", SANMA_EAST)
    table = lobby.with_bots_now(guest(1), "sanma")
    assert table is not None and len(humans(table)) == 1


@pytest.mark.django_db
def test_the_beat_task_seats_the_waiting_and_forgets_old_seated_entries():
    long_ago = timezone.now() - timedelta(hours=2)
    lobby.join(guest(1), "sanma", "east", SANMA_EAST, now=long_ago)
    lobby.match("sanma", long_ago + timedelta(seconds=30))  # seated with bots then
    lobby.join(guest(2), "sanma", "east", SANMA_EAST, now=timezone.now() - timedelta(minutes=1))
    assert tasks.match_lobbies() == 1
    assert lobby.entry_of(guest(1), "sanma") is None  # seated two hours ago: forgotten
    assert lobby.entry_of(guest(2), "sanma").table is not None


@pytest.mark.django_db(transaction=True)
def test_twenty_players_arriving_at_once_fill_whole_tables_only():
    """Each join runs the match-maker on its own connection, all at once: every table has
    three of them, nobody sits twice, nobody is lost."""
    players = [guest(n) for n in range(20)]
    in_parallel([lambda p=p: lobby.join(p, "sanma", "east", SANMA_EAST) for p in players])
    lobby.match("sanma")  # whoever a busy match-maker skipped
    tables = list(Table.objects.prefetch_related("seats"))
    assert len(tables) == 6
    seated = [seat.guest_id for table in tables for seat in humans(table)]
    assert all(len(humans(table)) == 3 for table in tables)
    assert len(seated) == len(set(seated)) == 18
    waiting = QueueEntry.objects.filter(table__isnull=True)
    assert waiting.count() == 2
    assert set(seated) | {e.guest_id for e in waiting} == {p.guest_id for p in players}


@pytest.mark.django_db(transaction=True)
def test_two_match_makers_at_once_never_seat_an_entry_twice():
    later = timezone.now() + timedelta(minutes=5)  # every entry past its wait
    for n in range(20):
        QueueEntry.objects.create(
            kind="sanma",
            choice="east",
            options=SANMA_EAST,
            guest_id=guest(n).guest_id,
            bots_at=timezone.now(),
        )
    results = in_parallel(
        [lambda: lobby.match("sanma", later), lambda: lobby.match("sanma", later)]
    )
    assert sum(len(tables) for tables in results) == Table.objects.count() == 7
    seated = [s.guest_id for s in Seat.objects.filter(bot_level="")]
    assert len(seated) == len(set(seated)) == 20
    assert not QueueEntry.objects.filter(table__isnull=True).exists()


# ---------------------------------------------------------------- the rating


def _seat_two(alice, bob) -> Table:
    lobby.join(Player(alice), "nim", "one", PILE)
    lobby.join(Player(bob), "nim", "one", PILE)
    return lobby.entry_of(Player(alice), "nim").table


def _play_to_the_end(table: Table) -> Table:
    by_seat = {seat.index: Player(seat.user) for seat in table.seats.all()}
    for seat, move in ((0, "take:1"), (1, "next"), (1, "take:1")):
        table.refresh_from_db()
        outcome = play.decide(by_seat[seat], table.public_id, table.shown_version, move)
        assert outcome.kind == play.Kind.PLAYED
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    return table


@pytest.mark.django_db
def test_a_rated_table_moves_its_accounts_ratings_by_their_places(alice, bob):
    table = _seat_two(alice, bob)
    assert table.rated
    table = _play_to_the_end(table)
    winner = table.seats.get(place=1).user
    loser = table.seats.get(place=2).user
    won, lost = Rating.objects.get(user=winner), Rating.objects.get(user=loser)
    assert won.kind == lost.kind == "nim" and won.games == lost.games == 1
    assert won.mu > 25 > lost.mu
    assert rating.shown(won).provisional


@pytest.mark.django_db
def test_one_account_beside_a_guest_is_not_rated(alice):
    lobby.join(Player(alice), "nim", "one", PILE)
    lobby.join(guest(1), "nim", "one", PILE)
    table = lobby.entry_of(Player(alice), "nim").table
    assert not table.rated
    by_seat = {
        s.index: s.user and Player(s.user) or Player(guest_id=s.guest_id)
        for s in table.seats.all()
    }
    for seat, move in ((0, "take:1"), (1, "next"), (1, "take:1")):
        table.refresh_from_db()
        play.decide(by_seat[seat], table.public_id, table.shown_version, move)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert not Rating.objects.exists()


@pytest.mark.django_db
def test_a_table_of_one_account_against_bots_is_not_rated(alice):
    now = timezone.now()
    lobby.join(Player(alice), "nim", "one", {"pile": 30}, now=now)
    [table] = lobby.match("nim", now + timedelta(minutes=1))
    assert not table.rated


@pytest.mark.django_db
def test_a_rated_table_its_players_left_is_rated_as_it_ends(
    alice, bob, tasks_in_process, django_capture_on_commit_callbacks
):
    table = _seat_two(alice, bob)
    for user in (alice, bob):
        with django_capture_on_commit_callbacks(execute=True):
            play.leave(Player(user), table.public_id)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert sorted(Rating.objects.values_list("games", flat=True)) == [1, 1]
    assert len({r.mu for r in Rating.objects.all()}) == 2


@pytest.mark.django_db
def test_a_rating_is_provisional_until_enough_rated_tables(alice, bob, settings):
    settings.LOBBY_PROVISIONAL_GAMES = 2
    for _ in range(2):
        _play_to_the_end(_seat_two(alice, bob))
    ratings = rating.ratings_of("nim", [alice.pk, bob.pk])
    assert not ratings[alice.pk].provisional and ratings[alice.pk].games == 2
    assert [r.user for r in rating.board("nim")][0] in (alice, bob)
    assert len(rating.board("nim")) == 2
