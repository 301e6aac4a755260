"""The live stream run for real: uvicorn with games/tables/stream.py, the tests' Redis,
and tables changed through the machinery (docs/tables.md#live-updates)."""

from __future__ import annotations

import asyncio
import http.client
import socket
import urllib.error
import urllib.request
from unittest import mock

import pytest
from django.conf import settings

from games.players import Player
from games.tables import live, play, registry
from games.tables import stream as stream_app
from tests.site.servers import running_stream

from .toy import NIM

pytestmark = [pytest.mark.django_db, pytest.mark.slow]  # a stream process of its own

ANN = Player(guest_id="a" * 32)
BEN = Player(guest_id="b" * 32)


@pytest.fixture(scope="module")
def stream():
    with running_stream() as (base, process):
        yield base


@pytest.fixture(autouse=True)
def nim():
    registry.register(NIM)


class Events:
    """A stream opened as a page's EventSource would, read event by event."""

    def __init__(self, base: str, path: str):
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=5)
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        self.response = self.connection.getresponse()

    def next(self) -> dict[str, str]:
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline().decode()
            if line in ("\n", ""):
                if fields or line == "":
                    return fields
                continue
            name, _, value = line.rstrip("\n").partition(": ")
            fields[name] = value

    def close(self) -> None:
        self.connection.close()


def _table():
    return play.start_table("nim", {"pile": 20}, [ANN, BEN], seed=7)


def _stream_path(table, seat: int = 0) -> str:
    with mock.patch.object(settings, "TABLE_STREAM_URL", "/live"):
        return live.stream_url(table, seat)


def test_a_page_hears_changed_with_the_version_and_nothing_else(
    stream, django_capture_on_commit_callbacks
):
    table = _table()
    events = Events(stream, _stream_path(table, 1))
    assert events.response.status == 200
    assert events.response.getheader("Content-Type") == "text/event-stream"
    assert events.next() == {"retry": "1000"}
    with django_capture_on_commit_callbacks(execute=True):
        play.decide(ANN, table.public_id, 0, "take:1")
    assert events.next() == {"event": "changed", "data": "1"}
    with django_capture_on_commit_callbacks(execute=True):
        play.decide(BEN, table.public_id, 1, "take:2")
    assert events.next() == {"event": "changed", "data": "2"}
    events.close()
    # A page that opens its stream later hears the last version at once.
    late = Events(stream, _stream_path(table, 0))
    assert late.next() == {"retry": "1000"}
    assert late.next() == {"event": "changed", "data": "2"}
    late.close()


def test_a_stream_needs_the_key_of_its_own_table(stream):
    table, other = _table(), _table()
    path = _stream_path(table)
    key = path.split("key=")[1]
    for wrong in (
        f"/live/{other.public_id}?key={key}",  # another table's stream
        f"/live/{table.public_id}?key={key[:-3]}abc",
        f"/live/{table.public_id}",
    ):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(stream + wrong, timeout=5)
        assert refused.value.code == 403, wrong


def test_a_stream_reads_the_last_version_before_it_answers_and_says_it_once(monkeypatch):
    """In the stream process itself: a change announced while the stream read the last
    version (the same version by the subscription) is said once, and the opening comes
    after the read, so that whatever a page does after it reaches it by the subscription
    alone (a slow read once made a page hear version 1 twice)."""
    said: list[str] = []
    spoken = asyncio.Event()

    async def last_version(public_id):
        said.append("read")
        for listener in stream_app.hub.tables[public_id]:
            listener.tell("1")  # the announcement of the version being read
        return "1"

    async def send(message):
        if message["type"] == "http.response.start":
            said.append("answer")
        elif message.get("body"):
            said.append(message["body"].decode().strip())
            spoken.set()

    async def receive():
        await spoken.wait()
        return {"type": "http.disconnect"}

    monkeypatch.setattr(stream_app.hub, "last_version", last_version)
    asyncio.run(stream_app._stream("t", receive, send))
    assert said == ["read", "answer", "retry: 1000", "event: changed\ndata: 1"]
    assert "t" not in stream_app.hub.tables


def test_without_redis_the_stream_refuses_so_that_pages_poll():
    table = _table()
    with running_stream(redis_url="redis://127.0.0.1:1/0", ready=False) as (base, _process):
        for path in ("/health", _stream_path(table)):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(base + path, timeout=5)
            assert refused.value.code == 503, path


def test_many_idle_streams_are_held_and_let_go(stream):
    table = _table()
    path = _stream_path(table)
    host, port = stream.removeprefix("http://").split(":")
    sockets = []
    for _ in range(50):
        s = socket.create_connection((host, int(port)), timeout=5)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        sockets.append(s)
    for s in sockets:
        assert s.recv(64).startswith(b"HTTP/1.1 200")
    health = urllib.request.urlopen(stream + "/health", timeout=5).read().decode()
    assert int(health.split()[0]) >= 50
    for s in sockets:
        s.close()
