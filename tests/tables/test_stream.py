"""The live stream run for real: uvicorn with games/tables/stream.py, the tests' Redis,
and tables changed through the machinery (docs/tables.md#live-updates)."""

from __future__ import annotations

import asyncio
import http.client
import logging
import resource
import socket
import time
import urllib.error
import urllib.request
import uuid
from types import SimpleNamespace
from unittest import mock

import pytest
from django.conf import settings

from games.players import Player
from games.tables import live, play, presence, registry
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

    def __init__(self, base: str, path: str, source: str | None = None):
        host, port = base.removeprefix("http://").split(":")
        self.connection = http.client.HTTPConnection(
            host, int(port), timeout=5, source_address=(source, 0) if source else None
        )
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


def test_a_connected_stream_counts_its_seats_page_as_open_until_it_closes(stream):
    """A slow reader whose page streams is never taken for gone (docs/tables.md#turn-timers)."""
    table = _table()
    assert presence.open_seats(table.public_id) == set()
    events = Events(stream, _stream_path(table, 1))
    assert events.next() == {"retry": "1000"}
    _wait_for(lambda: presence.open_seats(table.public_id) == {1})
    events.close()
    _wait_for(lambda: presence.open_seats(table.public_id) == set())


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
    asyncio.run(stream_app._stream("t", stream_app.Listener(), receive, send))
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
    # Fifty pages of fifty tables from two addresses, within the caps per key and client.
    host, port = stream.removeprefix("http://").split(":")
    sockets = []
    for k in range(50):
        path = _stream_path(_somewhere())
        source = ("127.0.0.1", 0) if k % 2 else ("127.0.0.2", 0)
        s = socket.create_connection((host, int(port)), timeout=5, source_address=source)
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        sockets.append(s)
    for s in sockets:
        assert s.recv(64).startswith(b"HTTP/1.1 200")
    health = urllib.request.urlopen(stream + "/health", timeout=5).read().decode()
    assert int(health.split()[0]) >= 50
    for s in sockets:
        s.close()


# One visitor cannot take the stream down (docs/tables.md#what-the-stream-refuses).

PER_CLIENT, PER_KEY = 5, 3


def _somewhere(public_id=None):
    """A table as far as the stream can tell: a public id its key names."""
    return SimpleNamespace(public_id=public_id or uuid.uuid4())


def _open(base: str, path: str, source: str = "127.0.0.1", headers: dict | None = None):
    """A raw stream request from a loopback ``source`` address; the socket and the first
    bytes of its answer."""
    host, port = base.removeprefix("http://").split(":")
    s = socket.create_connection((host, int(port)), timeout=5, source_address=(source, 0))
    extra = "".join(f"{name}: {value}\r\n" for name, value in (headers or {}).items())
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\n{extra}\r\n".encode())
    return s, s.recv(1024)


def _whole(s: socket.socket, head: bytes) -> bytes:
    """The whole of an answer whose connection the stream closes."""
    while chunk := s.recv(1024):
        head += chunk
    return head


def _health(base: str) -> int:
    with urllib.request.urlopen(base + "/health", timeout=5) as answer:
        assert answer.status == 200
        return int(answer.read().split()[0])


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    log = tmp_path_factory.mktemp("stream") / "stream.log"
    env = {
        "TABLE_STREAM_PER_CLIENT": str(PER_CLIENT),
        "TABLE_STREAM_PER_KEY": str(PER_KEY),
        "TABLE_STREAM_LOG_SECONDS": "3600",  # the first refusal is told, the rest wait
    }
    with running_stream(env=env, log=log) as (base, _process):
        yield base, log


def test_one_clients_flood_is_refused_while_another_client_streams_and_health_answers(
    capped, django_capture_on_commit_callbacks
):
    base, log = capped
    flood = [_open(base, _stream_path(_somewhere()), "127.0.0.3") for _ in range(40)]
    answers = [head.split(b"\r\n")[0] for _s, head in flood]
    assert answers.count(b"HTTP/1.1 200 OK") == PER_CLIENT
    assert answers.count(b"HTTP/1.1 429 Too Many Requests") == 40 - PER_CLIENT
    refused = _whole(*next((s, head) for s, head in flood if head.startswith(b"HTTP/1.1 429")))
    assert b"retry-after: 30" in refused.lower()
    assert b"connection: close" in refused.lower()  # and it is closed: _whole read to its end
    assert refused.endswith(b"\r\n\r\ntoo many streams from your address: poll\n")
    assert _health(base) >= PER_CLIENT

    # Another client still opens its stream, and hears the table change.
    table = _table()
    events = Events(base, _stream_path(table, 1), source="127.0.0.4")
    assert events.response.status == 200
    assert events.next() == {"retry": "1000"}
    with django_capture_on_commit_callbacks(execute=True):
        play.decide(ANN, table.public_id, 0, "take:1")
    assert events.next() == {"event": "changed", "data": "1"}
    assert _health(base) >= PER_CLIENT + 1
    events.close()

    # The flood's own streams count until they close; then it may stream again.
    for s, _head in flood:
        s.close()
    _wait_for(lambda: _health(base) == 0)
    again, head = _open(base, _stream_path(_somewhere()), "127.0.0.3")
    assert head.startswith(b"HTTP/1.1 200")
    again.close()

    # Refusals are logged as a summary, never a traceback per connection.
    text = log.read_text()
    assert "Traceback" not in text
    assert text.count("stream refused") <= 1


def test_a_seat_has_a_few_streams_at_most(capped):
    base, _log = capped
    table = _somewhere()
    opened = [_open(base, _stream_path(table, 0), f"127.0.1.{k}") for k in range(PER_KEY)]
    assert all(head.startswith(b"HTTP/1.1 200") for _s, head in opened)
    extra, head = _open(base, _stream_path(table, 0), "127.0.1.9")
    assert head.startswith(b"HTTP/1.1 429")
    assert _whole(extra, head).endswith(b"\r\n\r\ntoo many streams of this seat: poll\n")
    other_seat, head = _open(base, _stream_path(table, 1), "127.0.1.9")
    assert head.startswith(b"HTTP/1.1 200")
    for s, _head in [*opened, (extra, b""), (other_seat, b"")]:
        s.close()


def test_behind_the_balancer_the_address_it_saw_is_capped():
    env = {"TABLE_STREAM_PER_CLIENT": "2", "BEHIND_PROXY": "1"}
    with running_stream(env=env) as (base, _process):
        forged = [  # a forged first hop changes nothing: the last hop is the balancer's
            _open(
                base,
                _stream_path(_somewhere()),
                headers={"X-Forwarded-For": f"1.2.3.{k}, 203.0.113.5"},
            )
            for k in range(3)
        ]
        assert [head[:12] for _s, head in forged] == [b"HTTP/1.1 200"] * 2 + [b"HTTP/1.1 429"]
        other, head = _open(
            base, _stream_path(_somewhere()), headers={"X-Forwarded-For": "198.51.100.7"}
        )
        assert head.startswith(b"HTTP/1.1 200")
        for s, _head in [*forged, (other, b"")]:
            s.close()


@pytest.mark.parametrize(
    "query",
    [
        "key={key}&x=1",  # an extra field
        "key={key}&key={key}",
        "key={key}&a=1&b=2&c=3&d=4&e=5",  # many (a 500 once)
        "x=1",
        "key={key}&%ff=1",
    ],
)
def test_anything_but_the_key_in_the_query_is_a_400(stream, query):
    table = _somewhere()
    key = _stream_path(table).split("key=")[1]
    path = f"/live/{table.public_id}?" + query.format(key=key)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(stream + path, timeout=5)
    assert refused.value.code == 400
    assert refused.value.read() == b"a stream takes one query field: key\n"


def test_the_cap_leaves_headroom_under_the_limit_on_open_files():
    assert stream_app.stream_cap(20_000, 20_000) <= 18_000  # the flood: cap = limit
    assert stream_app.stream_cap(20_000, 65_536) == 20_000
    assert stream_app.stream_cap(20_000, 150) == 50
    assert stream_app.stream_cap(20_000, 80) == 0
    assert stream_app.stream_cap(500, resource.RLIM_INFINITY) == 500


def test_out_of_descriptors_the_stream_logs_a_line_not_a_traceback_per_connection(tmp_path):
    log = tmp_path / "stream.log"
    with running_stream(log=log, open_files=200) as (base, _process):
        host, port = base.removeprefix("http://").split(":")
        # Connections that never ask anything hold a descriptor each, beyond the limit.
        idle = [socket.create_connection((host, int(port)), timeout=5) for _ in range(300)]
        _wait_for(lambda: "descriptors" in log.read_text() or "open files" in log.read_text())
        for s in idle:
            s.close()
        _wait_for(lambda: _health(base) == 0)
        health = urllib.request.urlopen(base + "/health", timeout=5).read()
    text = log.read_text()
    assert "Traceback" not in text
    assert len(text.splitlines()) < 10, text[:2000]
    assert "the limit on open files is 200" in text
    assert health == b"0 streams of at most 100\n"


def test_refusals_are_logged_as_one_line_per_interval(caplog):
    now = [1000.0]
    refusals = stream_app.Refusals(60, clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="games.tables.stream"):
        refusals.note("per client", "203.0.113.5")  # the first is told at once
        for k in range(10_000):
            now[0] += 0.001
            refusals.note("per client" if k % 10 else "per key", "203.0.113.5")
            refusals.note_starved()
        refusals.note("full", "198.51.100.7")
        refusals.flush()
        assert len(caplog.records) == 1
        now[0] += 60
        refusals.flush()
        refusals.flush()
    lines = [record.getMessage() for record in caplog.records]
    assert lines == [
        "stream refused 1 connection (per client 1); most from 203.0.113.5 (1)",
        "stream refused 10001 connections (per client 9000, per key 1000, full 1); "
        "most from 203.0.113.5 (10000); out of descriptors to accept a connection 10000 times",
    ]


def _wait_for(condition, seconds: float = 15) -> None:
    """Until the server has caught up (no test is timed: this only bounds a hang)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the stream did not catch up"
        time.sleep(0.05)
