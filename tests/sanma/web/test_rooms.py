"""Sanma's private rooms through the site (docs/sanma.md#rooms): opening, joining by
link and code, seats, the start, the live view with its 304s, clocks and away seats,
and that no answer of a whole hand at a table of three humans shows another seat's
concealed tiles."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import redis
from django.conf import settings
from django.test import Client
from django.utils import timezone

from games.players import Player
from games.prng import SplitMix64
from games.sanma import engine
from games.sanma.kind import SANMA, options_of
from games.tables import live
from games.tables.models import Room, Seat, Table
from games.tables.play import _Moves, _play_on
from games.tables.registry import rules_for
from games.tables.stats import player_figures

from .helpers import HTMX, OPTIONS, attrs, finished_log, moves, position_with, state_of
from .test_table import _assert_hides_the_others

pytestmark = pytest.mark.django_db

ROOM = {"length": "one-hand", "red_fives": "on", "level": "normal"}


@pytest.fixture(autouse=True)
def slow_clocks(settings):
    """Clocks far longer than any test takes, unless a test moves them itself."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600


def _open(client: Client, name: str = "Ann", **chosen) -> Room:
    response = client.post("/sanma/rooms/new", {**ROOM, "name": name, **chosen})
    assert response.status_code == 302, response.content[:500]
    code = response["Location"].rstrip("/").rsplit("/", 1)[-1]
    return Room.objects.get(code=code)


def _join(client: Client, room: Room, name: str) -> None:
    response = client.post(f"/sanma/room/{room.code}/join", {"name": name})
    assert response.status_code == 302, response.content[:500]


def _table_of(room: Room) -> Table:
    room.refresh_from_db()
    return room.table


def _started(ann: Client, ben: Client, cat: Client) -> Table:
    room = _open(ann)
    _join(ben, room, "Ben")
    _join(cat, room, "Cat")
    assert ann.post(f"/sanma/room/{room.code}/start").status_code == 302
    return _table_of(room)


@pytest.fixture
def three(alice):
    cat = Client()
    cat.force_login(alice)
    return Client(), Client(), cat


def test_the_start_page_opens_and_joins_rooms(client):
    html = client.get("/sanma/").content.decode()
    assert 'action="/sanma/rooms/new"' in html and 'action="/sanma/rooms/find"' in html
    assert 'id="room_length_0"' in html and 'id="id_length_0"' in html  # two forms, apart


def test_a_room_is_joined_by_link_and_by_code_and_its_host_starts_it(three):
    ann, ben, cat = three
    room = _open(ann)
    page = ben.get(f"/sanma/room/{room.code}").content.decode()
    assert "Ann" in page and "Take a seat" in page and room.code[:3] in page
    _join(ben, room, "Ben")
    typed = f"{room.code[:3].lower()}-{room.code[3:]}"
    found = cat.get("/sanma/rooms/find", {"code": typed})
    assert found.status_code == 302 and found["Location"] == f"/sanma/room/{room.code}"
    _join(cat, room, "ignored for an account")
    late = Client().get(f"/sanma/room/{room.code}").content.decode()
    assert "This room is full." in late
    lobby = ann.get(f"/sanma/room/{room.code}").content.decode()
    assert [m for m in re.findall(r'class="who">([^<]+)<', lobby)] == ["Ann", "Ben", "Alice"]
    assert ann.post(f"/sanma/room/{room.code}/swap", {"first": 0, "second": 1}).status_code == 302
    assert ann.post(f"/sanma/room/{room.code}/start").status_code == 302
    table = _table_of(room)
    for client, seat in ((ben, 0), (ann, 1), (cat, 2)):
        arrived = client.get(f"/sanma/room/{room.code}")
        assert arrived.status_code == 302 and arrived["Location"] == f"/sanma/{table.public_id}"
        html = client.get(arrived["Location"]).content.decode()
        assert attrs(html)["seat"] == str(seat)
        assert "data-live" in html and "data-tag" in html
    others = ann.get(f"/sanma/{table.public_id}").content.decode()
    assert "Ben" in others and "Alice" in others
    listed = cat.get("/sanma/").content.decode()
    assert "with Ben, Ann</a>" in listed  # the other humans in the list of tables


def test_only_the_host_swaps_and_starts_and_refusals_say_why(three):
    ann, ben, _cat = three
    room = _open(ann)
    _join(ben, room, "Ben")
    refused = ben.post(f"/sanma/room/{room.code}/start")
    assert refused.status_code == 409 and "Only the host" in refused.content.decode()
    refused = ben.post(f"/sanma/room/{room.code}/swap", {"first": 0, "second": 1}, **HTMX)
    assert refused.status_code == 409 and 'id="room"' in refused.content.decode()
    assert ben.post(f"/sanma/room/{room.code}/swap", {"first": 0, "second": 9}).status_code == 400
    assert ann.post(f"/sanma/room/{room.code}/leave").status_code == 409
    assert ben.post(f"/sanma/room/{room.code}/leave").status_code == 302
    assert room.members.count() == 1


def test_unknown_or_malformed_codes_get_a_clear_answer(client):
    assert client.get("/sanma/room/ZZZZZZ").status_code == 404
    assert client.post("/sanma/room/ZZZZZZ/join", {"name": "x"}).status_code == 404
    bad = client.get("/sanma/rooms/find", {"code": "10OL"})
    assert bad.status_code == 400 and "six letters and digits" in bad.content.decode()
    room = _open(client)
    assert client.get(f"/sanma/room/{room.code.lower()}")["Location"] == f"/sanma/room/{room.code}"
    strange = Client()
    _join(strange, room, "Eve")
    client.post(f"/sanma/room/{room.code}/start")
    assert Client().get(f"/sanma/room/{room.code}").status_code == 404  # started without you


def test_the_room_part_answers_304_while_nothing_changed(three):
    ann, ben, _cat = three
    room = _open(ann)
    first = ann.get(f"/sanma/room/{room.code}", **HTMX)
    tag = first["ETag"]
    assert ann.get(f"/sanma/room/{room.code}", HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304
    _join(ben, room, "Ben")
    changed = ann.get(f"/sanma/room/{room.code}", HTTP_IF_NONE_MATCH=tag, **HTMX)
    assert changed.status_code == 200 and "Ben" in changed.content.decode()
    ann.post(f"/sanma/room/{room.code}/start")
    moved = ben.get(f"/sanma/room/{room.code}", HTTP_IF_NONE_MATCH=changed["ETag"], **HTMX)
    assert moved["HX-Redirect"] == f"/sanma/{_table_of(room).public_id}"


def _clients_by_seat(table: Table, clients) -> dict[int, Client]:
    by_seat = {}
    for client in clients:
        html = client.get(f"/sanma/{table.public_id}").content.decode()
        by_seat[int(attrs(html)["seat"])] = client
    return by_seat


def _to_move(table: Table, by_seat: dict[int, Client]) -> tuple[int, str]:
    for seat, client in by_seat.items():
        html = client.get(f"/sanma/{table.public_id}").content.decode()
        if moves(html):
            return seat, html
    raise AssertionError("nobody may move")


def test_the_live_view_answers_304_until_the_table_changes_for_that_seat(three):
    ann, ben, cat = three
    table = _started(ann, ben, cat)
    by_seat = _clients_by_seat(table, three)
    seat, html = _to_move(table, by_seat)
    watcher = by_seat[(seat + 1) % 3]
    view = f"/sanma/{table.public_id}/view"
    before = watcher.get(view, {"since": table.shown_version}, **HTMX)
    assert before.status_code == 200 and before["X-Table-Version"] == str(table.shown_version)
    tag = before["ETag"]
    assert watcher.get(view, HTTP_IF_NONE_MATCH=tag, **HTMX).status_code == 304
    move = next(m for m in moves(html) if m.startswith("d:"))
    shown = table.shown_version
    by_seat[seat].post(f"/sanma/{table.public_id}/act", {"move": move, "version": shown})
    after = watcher.get(view, {"since": shown}, HTTP_IF_NONE_MATCH=tag, **HTMX)
    assert after.status_code == 200
    assert int(attrs(after.content.decode())["version"]) > shown


def _three_guests_at_a_pon() -> tuple[Table, list[Client]]:
    """Three guests at a timed table whose last discard seat 1 alone may pon."""
    seed, log = position_with("pon", human=1)
    people = [Player(guest_id=f"{i}" * 32) for i in range(3)]
    table = Table.objects.create(kind="sanma", options=OPTIONS, seed=seed, log=list(log))
    for index, who in enumerate(people):
        Seat.objects.create(table=table, index=index, bank=10, **who.owner_fields())
    table = Table.objects.with_seats().get(pk=table.pk)
    _play_on(table, rules_for("sanma"), state_of(table), _Moves(3, restarted={0, 1, 2}))
    clients = []
    for who in people:
        client = Client()
        session = client.session
        session["guest_id"] = who.guest_id
        session.save()
        # The session is the cookie (docs/site.md#sessions): the client keeps the saved one.
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        clients.append(client)
    return table, clients


def test_the_seat_to_move_shows_its_clock_and_a_call_shows_only_ones_own():
    """A position where seat 1 alone may call: seat 0's page shows no clock for it."""
    table, clients = _three_guests_at_a_pon()
    mine = clients[1].get(f"/sanma/{table.public_id}").content.decode()
    assert attrs(mine)["phase"] == "call"
    assert re.search(r'<section class="seat me[^>]*>.*?class="clock', mine, flags=re.S)
    for viewer in (0, 2):
        # Whether seat 1 may call is its secret: the others see the next seat about to
        # draw, as when nobody could call; no outlined tile, no clock, no deadline.
        theirs = clients[viewer].get(f"/sanma/{table.public_id}").content.decode()
        assert attrs(theirs)["phase"] == "draw" and "deadline" not in attrs(theirs)
        assert 'class="clock' not in theirs and "offered" not in theirs
        assert "data-quiet-check-ms" in theirs  # the page asks again after a while anyway


def test_a_pass_that_closes_the_offer_moves_every_seats_version_as_any_discard_does():
    """Sanma's draws are not decisions: the pass that ends an offer is what lets the
    next seat draw, so every page must learn of it, by a version that moves just as far
    as after a discard nobody could call (docs/tables.md#nothing-hidden-leaks)."""
    table, clients = _three_guests_at_a_pon()
    view = f"/sanma/{table.public_id}/view"
    tags = {seat: clients[seat].get(view, **HTMX)["ETag"] for seat in range(3)}
    before_discard, shown = table.shown_version_at(len(table.log) - 1), table.shown_version
    assert shown == before_discard + 1  # the discard is shown; the draw is still to come
    clients[1].post(f"/sanma/{table.public_id}/act", {"move": "pass", "version": shown}, **HTMX)
    table.refresh_from_db()
    assert table.log[-1] == "1 pass" and table.shown_version == before_discard + 2
    drawer = engine.waiting_for(state_of(table)).pop()
    for seat in range(3):
        page = clients[seat].get(view, HTTP_IF_NONE_MATCH=tags[seat], **HTMX)
        assert page.status_code == 200, seat
        html = page.content.decode()
        assert attrs(html)["version"] == str(before_discard + 2)
        assert any(m.startswith("d:") for m in moves(html)) == (seat == drawer)


def test_when_time_is_up_the_server_plays_and_the_seat_comes_back(three, settings):
    settings.TABLE_DECISION_SECONDS = 1
    settings.TABLE_BANK_SECONDS = 1
    ann, ben, cat = three
    table = _started(ann, ben, cat)
    by_seat = _clients_by_seat(table, three)
    seat, _html = _to_move(table, by_seat)
    watcher = by_seat[(seat + 1) % 3]
    version = table.version
    Seat.objects.filter(table=table, index=seat).update(
        waiting_since=timezone.now() - timedelta(seconds=3)
    )
    # Looking changes nothing: a page's GET never plays for anybody.
    looked = watcher.get(f"/sanma/{table.public_id}/view", {"since": version}, **HTMX)
    assert int(attrs(looked.content.decode())["version"]) == version
    assert watcher.get(f"/sanma/{table.public_id}").status_code == 200
    table.refresh_from_db()
    assert table.version == version
    # The page at its deadline posts: then the server plays for the seat out of time.
    overdue = f"/sanma/{table.public_id}/overdue?since={version}"
    answer = watcher.post(overdue, **HTMX)
    assert int(attrs(answer.content.decode())["version"]) > version  # played for the seat
    assert Seat.objects.get(table=table, index=seat).timeouts == 1
    assert Client().post(overdue).status_code == 404  # only for the table's players
    leaving = by_seat[seat].post(f"/sanma/{table.public_id}/away", {"away": "1"}, **HTMX)
    html = leaving.content.decode()
    assert "Back to my seat" in html and 'data-action="back"' in html
    assert "away" in watcher.get(f"/sanma/{table.public_id}").content.decode()
    back = by_seat[seat].post(f"/sanma/{table.public_id}/away", {"away": "0"})
    assert back.status_code == 302
    assert Seat.objects.get(table=table, index=seat).timeouts == 0
    assert by_seat[seat].post(f"/sanma/{table.public_id}/away", {"away": "x"}).status_code == 400
    assert Client().post(f"/sanma/{table.public_id}/away", {"away": "1"}).status_code == 404


def test_a_game_with_other_players_exports_once_it_is_over(three):
    table = _started(*three)
    refused = three[0].get(f"/sanma/{table.public_id}/export")
    assert refused.status_code == 409 and "once it is over" in refused.content.decode()
    assert "/export" not in three[0].get(f"/sanma/{table.public_id}").content.decode()


def test_a_finished_room_game_counts_for_each_humans_stats(alice, bob):
    seed = 5
    table = Table.objects.create(
        kind="sanma",
        options={**OPTIONS, "length": "one-hand"},
        seed=seed,
        log=list(finished_log(seed)),
    )
    for index, who in enumerate([Player(alice), Player(bob)]):
        Seat.objects.create(table=table, index=index, **who.owner_fields())
    Seat.objects.create(table=table, index=2, bot_level="expert")
    table = Table.objects.with_seats().get(pk=table.pk)
    _play_on(table, rules_for("sanma"), state_of(table), _Moves(3))
    for who in (alice, bob):
        rows = player_figures(SANMA, Player(who))
        assert [(row.label, row.games) for row in rows] == [("Private rooms", 1)]


@pytest.mark.slow
def test_no_answer_of_a_whole_hand_at_three_humans_shows_another_seats_tiles(
    three, django_capture_on_commit_callbacks
):
    """Every page, view, 304, answer and refusal for each seat, and every event on the
    table's channel, through a whole hand of three humans."""
    from unittest import mock

    with mock.patch("games.tables.play.new_seed", return_value=20261201):
        table = _started(*three)
    channel = redis.Redis.from_url(settings.REDIS_URL).pubsub()
    channel.subscribe(f"{live.CHANNEL_PREFIX}{table.public_id}")
    by_seat = _clients_by_seat(table, three)
    tags = {seat: "" for seat in by_seat}
    rng = SplitMix64(11)
    checked = decisions = 0

    def check(seat: int, html: str) -> None:
        nonlocal checked
        _assert_hides_the_others(html, state_of(table), seat)
        checked += 1

    while True:
        state = state_of(table)
        for seat, client in by_seat.items():
            view = client.get(
                f"/sanma/{table.public_id}/view", HTTP_IF_NONE_MATCH=tags[seat], **HTMX
            )
            assert view.status_code in (200, 304)
            if view.status_code == 200:
                check(seat, view.content.decode())
            else:
                assert view.content == b""
            tags[seat] = view["ETag"]
        if state.phase in ("hand-end", "game-end"):
            break
        seat, html = _to_move(table, by_seat)
        check(seat, html)
        if decisions % 7 == 0:  # a refusal and a stale post answer from the seat's view
            refused = by_seat[seat].post(
                f"/sanma/{table.public_id}/act",
                {
                    "move": "d:9C" if "d:9C" not in moves(html) else "ron",
                    "version": table.shown_version,
                },
                **HTMX,
            )
            check(seat, refused.content.decode())
            stale = by_seat[seat].post(
                f"/sanma/{table.public_id}/act", {"move": "pass", "version": 0}, **HTMX
            )
            check(seat, stale.content.decode())
        offered = moves(html)
        choice = next((m for m in ("tsumo", "ron") if m in offered), None)
        with django_capture_on_commit_callbacks(execute=True):
            answer = by_seat[seat].post(
                f"/sanma/{table.public_id}/act",
                {
                    "move": choice or offered[rng.below(len(offered))],
                    "version": table.shown_version,
                },
                **HTMX,
            )
        assert answer.status_code == 200
        check(seat, answer.content.decode())
        table.refresh_from_db()
        decisions += 1
    assert decisions > 20 and checked > 3 * decisions
    events = []
    while (message := channel.get_message(timeout=0.05)) is not None:
        if message["type"] == "message":
            events.append(message["data"])
    assert len(events) == decisions and all(re.fullmatch(rb"\d+", e) for e in events)
    channel.close()


def test_a_decision_after_its_deadline_is_refused_and_the_servers_counts(three, settings):
    settings.TABLE_DECISION_SECONDS = 1
    settings.TABLE_BANK_SECONDS = 1
    table = _started(*three)
    by_seat = _clients_by_seat(table, three)
    seat, html = _to_move(table, by_seat)
    chosen = next(m for m in moves(html) if m.startswith("d:"))
    Seat.objects.filter(table=table, index=seat).update(
        waiting_since=timezone.now() - timedelta(seconds=3)
    )
    shown, length = table.shown_version, table.version
    answer = by_seat[seat].post(
        f"/sanma/{table.public_id}/act", {"move": chosen, "version": shown}, **HTMX
    )
    assert answer.status_code == 200 and "Your time was up" in answer.content.decode()
    table.refresh_from_db()
    before = engine.replay(options_of(table.options), table.seed, table.log[:length])
    drawn = engine.view(before, seat).drawn
    assert table.log[length] == f"{seat} d:{drawn}"  # the server's move: the drawn tile
    assert Seat.objects.get(table=table, index=seat).timeouts == 1
