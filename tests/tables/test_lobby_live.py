"""The lobby kept live (docs/tables.md#lobby-and-rating): every change of a game's queue
or of its counts is announced under the lobby's name, and the page's stream, run for
real, passes it on; the page carries the countdown's deadline and the counts part
answers alone."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
import redis
from django.conf import settings
from django.utils import timezone

from games.players import Player
from games.tables import live, lobby, play
from games.tables.models import QueueEntry, Seat, Table
from games.tables.registry import game_kind
from tests.site.servers import running_stream

from .test_stream import Events

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
EAST = {"length": "east", "red_fives": True}
ONE_HAND = {"length": "one-hand", "red_fives": True}
ANN, BEN, CAT = (Player(guest_id=c * 32) for c in "abc")


@pytest.fixture
def heard():
    """What the Sanma lobby's channel carries, read as the stream process reads it."""
    client = redis.Redis.from_url(settings.REDIS_URL)
    pubsub = client.pubsub()
    pubsub.subscribe(live.CHANNEL_PREFIX + "lobby-sanma")
    assert pubsub.get_message(timeout=5)["type"] == "subscribe"

    def messages() -> list[bytes]:
        found = []
        while (message := pubsub.get_message(timeout=0.5)) is not None:
            found.append(message["data"])
        return found

    yield messages
    pubsub.close()
    client.close()


def test_the_channels_name_the_redis_database():
    """Publish and subscribe ignore Redis's databases: without the number in the name,
    a lobby of another test worker (or another site on the server) would be heard here."""
    database = settings.REDIS_URL.rsplit("/", 1)[1]
    assert database.isdigit()
    channel = live.CHANNEL_PREFIX
    assert channel == f"tables:{database}:changed:"


def test_joining_leaving_and_seating_are_announced(heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(ANN, "sanma", "east", EAST)
    assert len(heard()) == 1  # one more waiting
    with django_capture_on_commit_callbacks(execute=True):
        assert lobby.leave(ANN, "sanma")
    assert len(heard()) == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert not lobby.leave(ANN, "sanma")  # nothing changed: nothing said
    assert heard() == []
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(ANN, "sanma", "east", EAST)
        lobby.join(BEN, "sanma", "east", EAST)
    heard()
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(CAT, "sanma", "east", EAST)  # the third: all three are seated
    assert len(heard()) == 2  # the join, and the seating
    assert QueueEntry.objects.filter(table__isnull=False).count() == 3
    with django_capture_on_commit_callbacks(execute=True):
        assert lobby.match("sanma") == []  # nothing seated: nothing said
    assert heard() == []


def test_the_wait_ending_in_the_beat_is_announced(heard, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(ANN, "sanma", "east", EAST)
    heard()
    QueueEntry.objects.update(bots_at=timezone.now() - timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert lobby.match_all() == 1
    assert len(heard()) == 1


def test_a_player_leaving_a_lobby_table_and_its_end_are_announced(
    heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        lobby.join(ANN, "sanma", "one-hand", ONE_HAND)
        table = lobby.with_bots_now(ANN, "sanma")
    heard()
    assert lobby.counts("sanma") == lobby.Counts(waiting=0, playing=1)
    # The test plays the table out below, not a task.
    with (
        mock.patch.object(play, "schedule_play_out"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        play.leave(ANN, table.public_id)
    assert len(heard()) == 1  # one player fewer at the lobby's tables
    assert lobby.counts("sanma").playing == 0
    with django_capture_on_commit_callbacks(execute=True):
        assert play.play_out(table.public_id)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert len(heard()) == 1  # the table's end


def test_a_table_not_of_the_lobby_ending_is_not_announced(
    heard, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        table = play.start_table("sanma", ONE_HAND, [ANN, "normal", "normal"])
        Seat.objects.filter(table=table, bot_level="").update(left_at=timezone.now())
        assert play.play_out(table.public_id)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert heard() == []


def test_the_page_carries_its_stream_and_the_countdowns_deadline(settings, client):
    settings.TABLE_STREAM_URL = "http://127.0.0.1:8001"
    page = client.get("/sanma/lobby").content.decode()
    assert 'data-stream-url="http://127.0.0.1:8001/lobby-sanma?key=' in page
    assert 'data-counts-url="/sanma/lobby/counts"' in page
    assert "lobby-countdown" not in page
    answer = client.post("/sanma/lobby/join", {"choice": "east"}, **HTMX).content.decode()
    entry = QueueEntry.objects.get()
    assert f'data-deadline="{round(entry.bots_at.timestamp() * 1000)}"' in answer
    assert "data-queued" in answer and 'class="lobby-seconds">20<' in answer
    settings.TABLE_STREAM_URL = ""
    assert 'data-stream-url=""' in client.get("/sanma/lobby").content.decode()


def test_the_counts_part_answers_alone(client):
    lobby.join(ANN, "sanma", "east", EAST)
    lobby.join(BEN, "classic", "east", game_kind("classic").lobby_choices["east"][1])
    response = client.get("/sanma/lobby/counts")
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    body = response.content.decode()
    assert body.startswith('<p id="lobby-counts"') and 'data-waiting="1"' in body
    assert "<form" not in body
    assert client.post("/sanma/lobby/counts").status_code == 405


def test_a_lobby_page_hears_through_the_stream_when_its_players_are_seated(
    django_capture_on_commit_callbacks,
):
    with running_stream() as (base, _process):
        with mock.patch.object(settings, "TABLE_STREAM_URL", "/live"):
            path, *more = (
                live.lobby_stream_url("sanma").removeprefix("/live")
                for _ in range(settings.TABLE_STREAM_PER_KEY + 2)
            )
            other = live.lobby_stream_url("classic").removeprefix("/live")
        # A lobby's key opens its own lobby only, never another game's.
        wrong = Events(base, "/lobby-sanma?" + other.split("?", 1)[1])
        assert wrong.response.status == 403
        wrong.close()
        # Many pages of one lobby stream at once: no cap per key falls on them.
        pages = [Events(base, p) for p in more]
        assert [page.response.status for page in pages] == [200] * len(more)
        store = redis.Redis.from_url(settings.REDIS_URL)
        store.delete(live.VERSION_PREFIX + "lobby-sanma")  # no earlier test's change
        events = Events(base, path)
        assert events.response.status == 200
        assert events.next() == {"retry": "1000"}
        with django_capture_on_commit_callbacks(execute=True):
            lobby.join(ANN, "sanma", "east", EAST)
        version = store.get(live.VERSION_PREFIX + "lobby-sanma").decode()
        assert events.next() == {"event": "changed", "data": version}
        store.close()
        for page in [*pages, events]:
            page.close()
