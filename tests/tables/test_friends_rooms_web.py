"""Rooms for friends through the site, on Sanma and Classic alike (the shared table
layer): the host picks the turn timer, the room page shows it with buttons to copy and
share its link and code, a page that asks for its table counts as open, and the result
of a finished game offers the rematch (docs/tables.md#rooms, docs/tables.md#turn-timers,
docs/tables.md#rematch)."""

from __future__ import annotations

import pytest
from django.test import Client

from games.players import Player
from games.tables import play, presence, states
from games.tables.models import Room, Table
from games.tables.registry import rules_for

pytestmark = pytest.mark.django_db

ROOMS = {
    "sanma": {"length": "one-hand", "red_fives": "on", "level": "normal"},
    "classic": {"rounds": "1", "flowers": "on", "dealer_rule": "official", "level": "normal"},
}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(params=["sanma", "classic"])
def game(request) -> str:
    return request.param


def _open(client: Client, game: str, **extra) -> Room:
    response = client.post(f"/{game}/rooms/new", {**ROOMS[game], "name": "Ann", **extra})
    assert response.status_code == 302, response.content[:300]
    return Room.objects.get(code=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def _started(game: str, timer: str = "calm") -> tuple[Table, Client, Client]:
    """Ann's room with Ben in it, started: the table and the two players' clients."""
    ann, ben = Client(), Client()
    room = _open(ann, game, timer=timer)
    assert ben.post(f"/{game}/room/{room.code}/join", {"name": "Ben"}).status_code == 302
    assert ann.post(f"/{game}/room/{room.code}/start").status_code == 302
    room.refresh_from_db()
    return room.table, ann, ben


def _play_to_the_end(table: Table) -> Table:
    """Every human seat plays what the server would play for it, until the game ends."""
    rules = rules_for(table.kind)
    for _ in range(5000):
        table = Table.objects.read(table.public_id)
        if not table.is_playing:
            return table
        state = states.state_at(table)
        waiting = rules.waiting_for(state)
        seat = next(s for s in table.seats.all() if s.index in waiting and not s.is_bot)
        player = Player(seat.user) if seat.user_id else Player(guest_id=seat.guest_id)
        text = rules.timeout_action(state, seat.index, table.seed, len(table.log))
        play.decide(player, table.public_id, table.shown_version, text.split(" ", 1)[1])
    raise AssertionError("the game never ended")


def test_the_host_picks_the_timer_and_the_room_page_shows_it_with_copy_and_share(game):
    host = Client()
    start_page = host.get(f"/{game}/").content.decode()
    assert 'name="timer"' in start_page and "10 s per move + 30 s bank" in start_page
    room = _open(host, game, timer="minute")
    assert room.timer == "minute"
    page = host.get(f"/{game}/room/{room.code}").content.decode()
    assert "Turn timer: 60 s per move" in page
    assert f'class="copy-link" data-copy="http://testserver/{game}/room/{room.code}"' in page
    assert f'class="copy-code" data-copy="{room.code[:3]}-{room.code[3:]}"' in page
    assert 'class="share-room"' in page and 'data-copied="Copied"' in page
    assert "tables/js/room" in page
    # A room opened as before, without a timer, has the site's; a timer nobody offers
    # opens no room.
    assert _open(Client(), game).timer == "standard"
    bad = Client().post(f"/{game}/rooms/new", {**ROOMS[game], "timer": "forever"})
    assert bad.status_code == 400 and Room.objects.count() == 2


def test_the_rooms_tables_run_its_timer_and_a_page_that_asks_counts_as_open(game):
    table, ann, ben = _started(game)
    assert table.timer == "calm"
    page = ann.get(f"/{game}/{table.public_id}").content.decode()
    assert "Turn timer: 10 s per move + 30 s bank" in page
    seats = {s.guest_id: s.index for s in table.seats.all() if not s.is_bot}
    ann_seat, ben_seat = (seats[c.session["guest_id"]] for c in (ann, ben))
    assert presence.open_seats(table.public_id) == {ann_seat}  # Ann's page, not Ben's
    assert ben.get(f"/{game}/{table.public_id}/view", **HTMX).status_code == 200
    assert presence.open_seats(table.public_id) == {ann_seat, ben_seat}


@pytest.mark.slow  # a whole game played through the machinery
def test_the_result_offers_a_rematch_that_seats_the_same_humans_once(game):
    table, ann, ben = _started(game)
    running = ann.post(f"/{game}/{table.public_id}/rematch", **HTMX)
    assert running.status_code == 409  # not before the game's end
    table = _play_to_the_end(table)
    result = ann.get(f"/{game}/{table.public_id}").content.decode()
    assert 'data-action="rematch"' in result
    assert f'hx-get="/{game}/{table.public_id}/rematch"' in result
    assert ben.get(f"/{game}/{table.public_id}/rematch", **HTMX).status_code == 204
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = ann.cookies
    assert strict.post(f"/{game}/{table.public_id}/rematch").status_code == 403
    assert Client().post(f"/{game}/{table.public_id}/rematch").status_code == 404
    pressed = ann.post(f"/{game}/{table.public_id}/rematch", **HTMX)
    new = Table.objects.exclude(pk=table.pk).get()
    assert pressed["HX-Redirect"] == f"/{game}/{new.public_id}"
    # Ben's result page learns of it, shows its link and stops asking.
    asked = ben.get(f"/{game}/{table.public_id}/rematch", **HTMX)
    assert asked.status_code == 286 and f'href="/{game}/{new.public_id}"' in asked.content.decode()
    link = f'href="/{game}/{new.public_id}"'
    assert link in ben.get(f"/{game}/{table.public_id}").content.decode()
    pressed = ben.post(f"/{game}/{table.public_id}/rematch")  # without JavaScript
    assert pressed["Location"] == f"/{game}/{new.public_id}"
    assert Table.objects.count() == 2
    old = {(s.index, s.guest_id, s.bot_level) for s in table.seats.all()}
    assert {(s.index, s.guest_id, s.bot_level) for s in new.seats.all()} == old
    assert (new.options, new.timer, new.is_playing) == (table.options, "calm", True)
    assert ben.get(f"/{game}/{new.public_id}").status_code == 200


@pytest.mark.slow  # a whole game played through the machinery
def test_a_practice_tables_result_offers_no_rematch(game):
    player = Client()
    response = player.post(f"/{game}/new", ROOMS[game])
    table = Table.objects.get(public_id=response["Location"].rstrip("/").rsplit("/", 1)[-1])
    table = _play_to_the_end(table)
    assert 'data-action="rematch"' not in player.get(f"/{game}/{table.public_id}").content.decode()
    assert player.post(f"/{game}/{table.public_id}/rematch").status_code == 409
