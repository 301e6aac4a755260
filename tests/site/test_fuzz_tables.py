"""Fuzzing every table, room and lobby URL of both table games with junk: posts with junk
fields, junk query strings, junk codes and ids. The answer is a normal page or a 4xx
with a message, never a 500, whatever the table's, room's or queue's state. The live
stream (games/tables/stream.py), asked in its own process's way, with junk paths, keys
and query strings, never answers 5xx either."""

from __future__ import annotations

import asyncio
import urllib.parse
from collections import Counter

import pytest
import redis.asyncio as aioredis
from django.conf import settings
from django.core import signing
from django.test import Client
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from games.tables import live
from games.tables import stream as stream_app
from games.tables.models import Room, Table
from games.tables.registry import game_kind
from games.tables.toggles import Toggle
from tests.classic.web.helpers import start as start_classic
from tests.sanma.web.helpers import HTMX
from tests.sanma.web.helpers import start as start_sanma

from .test_fuzz import FUZZ, JUNK

pytestmark = pytest.mark.django_db

KINDS = ["sanma", "classic"]
FIELDS = ["move", "version", "away", "level", "length", "red_fives", "rounds", "flowers"]
FIELDS += ["dealer_rule", "name", "code", "first", "second", "seat", "since", "at", "toggle"]
TABLE_POSTS = ["act", "away", "leave", "overdue", "toggle", "rematch"]
TABLE_GETS = ["", "view", "replay", "export", "sheet", "toggle", "rematch"]
# Junk, and now and then a value a form takes: a toggle switched, a lobby's choice.
TOGGLES = [f"{toggle}:{on}" for toggle in Toggle for on in "01"]
CHOICES = sorted({choice for kind in KINDS for choice in game_kind(kind).lobby_choices})
VALUES = st.one_of(JUNK, st.sampled_from(TOGGLES + CHOICES))
LOBBY_PAGES = ["lobby", "lobby/join", "lobby/leave", "lobby/bots", "lobby/waiting"]
LOBBY_PAGES += ["lobby/counts"]
ROOM_POSTS = ["join", "leave", "swap", "remove", "start"]
STARTS = {"sanma": start_sanma, "classic": start_classic}
ROOMS = {
    "sanma": {"length": "east", "red_fives": "on"},
    "classic": {"rounds": "1", "flowers": "on", "dealer_rule": "official"},
}

# What the answers were, for the report of a run (pytest -s shows it).
STATUSES: Counter = Counter()
STREAM_STATUSES: Counter = Counter()


@pytest.fixture(autouse=True)
def _room_for_many_tables(settings):
    """Each example opens its own table or room: the limits on what one visitor opens
    are tested elsewhere (tests/tables/test_room_limits.py), not here."""
    settings.RATE_LIMITS = {name: "100000/hour" for name in settings.RATE_LIMITS}


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if STATUSES:
        print("\ntable, room and lobby fuzz answers:", dict(sorted(STATUSES.items())))
    if STREAM_STATUSES:
        print("\nstream fuzz answers:", dict(sorted(STREAM_STATUSES.items())))


def _answered(response) -> int:
    STATUSES[response.status_code] += 1
    return response.status_code


def _table(client: Client, kind: str) -> Table:
    return STARTS[kind](client)


def _room(host: Client, guest: Client, kind: str) -> Room:
    response = host.post(f"/{kind}/rooms/new", {**ROOMS[kind], "name": "Ann", "level": "beginner"})
    assert response.status_code == 302, response.content[:300]
    code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    assert guest.post(f"/{kind}/room/{code}/join", {"name": "Ben"}).status_code in (200, 302)
    return Room.objects.get(code=code)


@given(
    kind=st.sampled_from(KINDS),
    action=st.sampled_from(TABLE_POSTS),
    data=st.dictionaries(st.sampled_from(FIELDS), VALUES),
    htmx=st.booleans(),
)
@FUZZ
def test_junk_posts_at_a_table_never_500(client, kind, action, data, htmx):
    table = _table(client, kind)
    answer = client.post(f"/{kind}/{table.public_id}/{action}", data, **(HTMX if htmx else {}))
    assert _answered(answer) < 500
    for page in ("", "/view", "/replay"):  # and the table still shows
        assert _answered(client.get(f"/{kind}/{table.public_id}{page}")) == 200


@given(
    kind=st.sampled_from(KINDS),
    page=st.sampled_from(TABLE_GETS),
    query=st.dictionaries(st.sampled_from(FIELDS + ["x"]), JUNK, max_size=5),
    etag=st.one_of(st.none(), JUNK),
)
@FUZZ
def test_junk_queries_on_a_tables_pages_never_500(client, kind, page, query, etag):
    table = _table(client, kind)
    headers = {**HTMX, **({"HTTP_IF_NONE_MATCH": etag} if etag is not None else {})}
    suffix = f"/{page}" if page else ""
    answer = client.get(f"/{kind}/{table.public_id}{suffix}", query, **headers)
    assert _answered(answer) < 500


@given(
    kind=st.sampled_from(KINDS),
    action=st.sampled_from(ROOM_POSTS),
    data=st.dictionaries(st.sampled_from(FIELDS), JUNK),
    as_guest=st.booleans(),
)
@FUZZ
def test_junk_posts_in_a_room_never_500(kind, action, data, as_guest):
    host, guest = Client(), Client()
    room = _room(host, guest, kind)
    who = guest if as_guest else host
    assert _answered(who.post(f"/{kind}/room/{room.code}/{action}", data)) < 500
    assert _answered(who.get(f"/{kind}/room/{room.code}")) in (200, 302)


@given(
    kind=st.sampled_from(KINDS),
    prefix=st.sampled_from(["room/", "", "rooms/find?code=", "rules/steps?step="]),
    tail=JUNK,
    data=st.dictionaries(st.sampled_from(FIELDS), JUNK),
)
@FUZZ
def test_junk_codes_ids_and_forms_never_500(client, kind, prefix, tail, data):
    quoted = urllib.parse.quote(tail, safe="") if "?" not in prefix else urllib.parse.quote(tail)
    assert _answered(client.get(f"/{kind}/{prefix}{quoted}")) < 500
    for form in ("new", "rooms/new", "rooms/find"):
        assert _answered(client.post(f"/{kind}/{form}", data)) < 500


@given(
    kind=st.sampled_from(KINDS),
    action=st.sampled_from(["toggle", "rematch"]),
    method=st.sampled_from(["get", "post"]),
    who=st.sampled_from(["host", "guest", "stranger"]),
    finished=st.booleans(),
    data=st.dictionaries(st.sampled_from(FIELDS), VALUES),
    htmx=st.booleans(),
)
@hypothesis_settings(FUZZ, max_examples=30)
def test_junk_toggles_and_rematches_at_a_table_of_friends_never_500(
    kind, action, method, who, finished, data, htmx
):
    """A table of two humans, running or over (where a rematch starts), asked by either
    of them or by a stranger."""
    clients = {"host": Client(), "guest": Client(), "stranger": Client()}
    room = _room(clients["host"], clients["guest"], kind)
    assert clients["host"].post(f"/{kind}/room/{room.code}/start").status_code == 302
    room.refresh_from_db()
    if finished:  # as if played to its end: the rematch's one condition
        Table.objects.filter(pk=room.table_id).update(status=Table.Status.FINISHED)
    client = clients[who]
    url = f"/{kind}/{room.table.public_id}/{action}"
    answer = getattr(client, method)(url, data, **(HTMX if htmx else {}))
    assert _answered(answer) < 500
    assert _answered(client.get(f"/{kind}/{room.table.public_id}")) in (200, 404)


@given(
    kind=st.sampled_from(KINDS),
    page=st.sampled_from(LOBBY_PAGES),
    method=st.sampled_from(["get", "post"]),
    data=st.dictionaries(st.sampled_from(["choice", "name", "x", *FIELDS]), VALUES, max_size=5),
    joined=st.booleans(),
    htmx=st.booleans(),
)
@hypothesis_settings(FUZZ, max_examples=40)
def test_junk_at_every_lobby_url_never_500(kind, page, method, data, joined, htmx):
    """Asked by a newcomer or by a player waiting in the queue (whom "bots" seats)."""
    client = Client()
    if joined:
        client.post(f"/{kind}/lobby/join", {"choice": "east"}, **HTMX)
    answer = getattr(client, method)(f"/{kind}/{page}", data, **(HTMX if htmx else {}))
    assert _answered(answer) < 500
    assert _answered(client.get(f"/{kind}/lobby")) in (200, 302)


# The stream, asked as uvicorn asks it: an ASGI scope of junk, with keys signed as the
# site signs them (of junk, too) or forged.
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
NAMES = st.one_of(
    st.uuids().map(str), st.sampled_from(["lobby-sanma", "lobby-classic", "health", ""]), TEXT
)
SEATS = st.one_of(
    st.integers(-(2**70), 2**70), st.booleans(), st.none(), st.floats(), st.text(max_size=5)
)


@st.composite
def stream_asks(draw) -> dict:
    """A path, a query string and a client: mostly a stream's own shape, now and then
    with its key signed for another table, broken, doubled or beside other fields."""
    name = draw(NAMES)
    payload = draw(st.one_of(st.tuples(NAMES, SEATS).map(list), st.just([name, draw(SEATS)])))
    payload = draw(st.one_of(st.just(payload), st.lists(SEATS, max_size=3), SEATS, NAMES))
    key = signing.dumps(payload, salt=live.KEY_SALT, compress=False)
    key = draw(st.sampled_from([key, key[:-3], key + "x", key.upper(), "", key[::-1]]))
    query = draw(
        st.one_of(
            st.just(f"key={urllib.parse.quote(key)}"),
            st.builds(
                lambda extra: urllib.parse.urlencode([("key", key), *extra]),
                st.lists(st.tuples(TEXT, TEXT), max_size=3),
            ),
            st.lists(st.tuples(TEXT, TEXT), max_size=4).map(urllib.parse.urlencode),
            st.binary(max_size=60).map(urllib.parse.quote_from_bytes),
        )
    ).encode()
    prefix = draw(st.sampled_from(["/live/", "/", "/live/a/", "", "/live//"]))
    path = prefix + draw(st.one_of(st.just(name), TEXT, st.just("health")))
    return {
        "type": "http",
        "method": draw(st.sampled_from(["GET", "GET", "HEAD", "POST", "OPTIONS"])),
        "path": path,
        "raw_path": path.encode("utf-8", "surrogatepass"),
        "query_string": draw(st.one_of(st.just(query), st.binary(max_size=80))),
        "headers": draw(
            st.lists(
                st.tuples(
                    st.sampled_from([b"x-forwarded-for", b"accept", b"host"]),
                    st.binary(max_size=40),
                ),
                max_size=3,
            )
        ),
        "client": draw(st.one_of(st.none(), st.tuples(st.ip_addresses().map(str), st.just(1)))),
    }


async def _stream_answers(scope: dict) -> list[int]:
    statuses: list[int] = []

    async def receive() -> dict:  # the page goes at once
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    stream_app.hub.redis = aioredis.Redis.from_url(settings.REDIS_URL)
    try:
        await asyncio.wait_for(stream_app.app(scope, receive, send), 5)
    finally:
        await stream_app.hub.redis.aclose()
    return statuses


@pytest.fixture
def ready_hub(monkeypatch):
    """The stream process's hub as it is while it listens to Redis."""
    monkeypatch.setattr(stream_app.hub, "ready", True)
    monkeypatch.setattr(stream_app.hub, "redis", None)


@given(scope=stream_asks())
@hypothesis_settings(FUZZ, max_examples=200)
def test_junk_paths_keys_and_queries_at_the_stream_never_5xx(ready_hub, scope):
    statuses = asyncio.run(_stream_answers(scope))
    assert len(statuses) == 1, scope
    STREAM_STATUSES[statuses[0]] += 1
    assert statuses[0] < 500, scope
    assert stream_app.hub.count == 0  # every stream it opened was let go
