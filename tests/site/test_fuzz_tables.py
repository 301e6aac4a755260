"""Fuzzing every table and room URL of both table games with junk: posts with junk
fields, junk query strings, junk codes and ids. The answer is a normal page or a 4xx
with a message, never a 500, whatever the table's or room's state."""

from __future__ import annotations

import urllib.parse
from collections import Counter

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.tables.models import Room, Table
from tests.classic.web.helpers import start as start_classic
from tests.sanma.web.helpers import HTMX
from tests.sanma.web.helpers import start as start_sanma

from .test_fuzz import FUZZ, JUNK

pytestmark = pytest.mark.django_db

KINDS = ["sanma", "classic"]
FIELDS = ["move", "version", "away", "level", "length", "red_fives", "rounds", "flowers"]
FIELDS += ["dealer_rule", "name", "code", "first", "second", "seat", "since", "at"]
TABLE_POSTS = ["act", "away", "leave", "overdue"]
TABLE_GETS = ["", "view", "replay", "export", "sheet"]
ROOM_POSTS = ["join", "leave", "swap", "remove", "start"]
STARTS = {"sanma": start_sanma, "classic": start_classic}
ROOMS = {
    "sanma": {"length": "east", "red_fives": "on"},
    "classic": {"rounds": "1", "flowers": "on", "dealer_rule": "official"},
}

# What the answers were, for the report of a run (pytest -s shows it).
STATUSES: Counter = Counter()


@pytest.fixture(autouse=True)
def _room_for_many_tables(settings):
    """Each example opens its own table or room: the limits on what one visitor opens
    are tested elsewhere (tests/tables/test_room_limits.py), not here."""
    settings.RATE_LIMITS = {name: "100000/hour" for name in settings.RATE_LIMITS}


@pytest.fixture(scope="module", autouse=True)
def _report():
    yield
    if STATUSES:
        print("\ntable and room fuzz answers:", dict(sorted(STATUSES.items())))


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
    data=st.dictionaries(st.sampled_from(FIELDS), JUNK),
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
