"""Classic Mahjong's private rooms through the site (docs/classic.md#rooms): four friends
sit down by link and code, the host starts, a discard several humans may claim waits
for each of them and is settled by priority, and no answer of a whole hand at a table
of four humans shows another seat's concealed tiles."""

from __future__ import annotations

import re
from collections import Counter
from unittest import mock

import pytest
import redis
from django.conf import settings
from django.test import Client

from games.classic import engine
from games.classic.engine.tiles import code
from games.classic.kind import CLASSIC, options_of
from games.players import Player
from games.prng import SplitMix64
from games.tables import live, replays
from games.tables.models import Room, Seat, Table
from games.tables.play import _Moves, _play_on

from .helpers import HTMX, OPTIONS, attrs, moves, state_of

pytestmark = pytest.mark.django_db

ROOM = {"rounds": "1", "flowers": "on", "dealer_rule": "official", "level": "normal"}


@pytest.fixture(autouse=True)
def slow_clocks(settings):
    """Clocks far longer than any test takes."""
    settings.TABLE_DECISION_SECONDS = 600
    settings.TABLE_BANK_SECONDS = 600
    settings.TABLE_RESULT_SECONDS = 600


@pytest.fixture
def four(alice):
    dan = Client()
    dan.force_login(alice)
    return Client(), Client(), Client(), dan


def _open(client: Client, name: str = "Ann") -> Room:
    response = client.post("/classic/rooms/new", {**ROOM, "name": name})
    assert response.status_code == 302, response.content[:500]
    return Room.objects.get(code=response["Location"].rstrip("/").rsplit("/", 1)[-1])


def _join(client: Client, room: Room, name: str) -> None:
    response = client.post(f"/classic/room/{room.code}/join", {"name": name})
    assert response.status_code == 302, response.content[:500]


def _started(clients) -> Table:
    room = _open(clients[0])
    for client, name in zip(clients[1:], ("Ben", "Cat", "ignored for an account"), strict=True):
        _join(client, room, name)
    assert clients[0].post(f"/classic/room/{room.code}/start").status_code == 302
    room.refresh_from_db()
    return room.table


def _by_seat(table: Table, clients) -> dict[int, Client]:
    found = {}
    for client in clients:
        html = client.get(f"/classic/{table.public_id}").content.decode()
        found[int(attrs(html)["seat"])] = client
    return found


def test_four_friends_sit_down_by_link_and_code_and_the_host_starts(four):
    ann, ben, cat, dan = four
    room = _open(ann)
    start_page = ben.get("/classic/").content.decode()
    assert 'action="/classic/rooms/new"' in start_page and "Play with friends" in start_page
    page = ben.get(f"/classic/room/{room.code}").content.decode()
    assert "Ann" in page and "Take a seat" in page
    assert len(re.findall(r'class="room-seat[ "]', page)) == 4
    _join(ben, room, "Ben")
    typed = f"{room.code[:3].lower()}-{room.code[3:]}"
    found = cat.get("/classic/rooms/find", {"code": typed})
    assert found["Location"] == f"/classic/room/{room.code}"
    _join(cat, room, "Cat")
    _join(dan, room, "ignored for an account")
    assert "This room is full." in Client().get(f"/classic/room/{room.code}").content.decode()
    members = ann.get(f"/classic/room/{room.code}").content.decode()
    assert re.findall(r'class="who">([^<]+)<', members) == ["Ann", "Ben", "Cat", "Alice"]
    assert "East" in members and "North" in members
    # A Classic room is no Sanma room, and the other way round.
    assert ann.get(f"/sanma/room/{room.code}").status_code == 404
    assert ann.post(f"/classic/room/{room.code}/start").status_code == 302
    room.refresh_from_db()
    table = room.table
    assert table.kind == "classic" and table.seats.filter(bot_level="").count() == 4
    for seat, client in enumerate(four):
        arrived = client.get(f"/classic/room/{room.code}")
        assert arrived["Location"] == f"/classic/{table.public_id}"
        html = client.get(arrived["Location"]).content.decode()
        assert attrs(html)["seat"] == str(seat) and "data-live" in html
    assert "/export" not in ann.get(f"/classic/{table.public_id}").content.decode()


def _claim_position(humans: int = 4) -> tuple[int, tuple[str, ...], tuple[int, ...]]:
    """A seed and a log after which a discard waits for at least two seats' claims:
    found by letting beginner bots play seeded games."""
    options = engine.Options(**OPTIONS)
    for seed in range(200):
        state = engine.new_game(options, seed)
        log: list[str] = []
        while state.phase != engine.GAME_END:
            if state.phase == engine.CALL and len(state.asked) >= 2:
                return seed, tuple(log), state.asked
            text = CLASSIC.forced_action(state) or CLASSIC.bot_action(
                state, min(engine.waiting_for(state)), "beginner", seed, len(log)
            )
            state = engine.apply(state, engine.Action.parse(text))
            log.append(text)
    raise LookupError("no discard two seats may claim")


def _guests_at(table: Table, people: list[Player]) -> list[Client]:
    clients = []
    for who in people:
        client = Client()
        session = client.session
        session["guest_id"] = who.guest_id
        session.save()
        # The session is the cookie (docs/site.md#sessions): the client keeps the saved one.
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        clients.append(client)
    return clients


def _four_guests_at_a_claim():
    """Four guests at a timed table whose last discard several of them may claim: the
    table, the log before the claim, the seats asked and each seat's client."""
    seed, log, asked = _claim_position()
    people = [Player(guest_id=f"{i}" * 32) for i in range(4)]
    table = Table.objects.create(kind="classic", options=OPTIONS, seed=seed, log=list(log))
    for index, who in enumerate(people):
        Seat.objects.create(table=table, index=index, bank=10, **who.owner_fields())
    table = Table.objects.with_seats().get(pk=table.pk)
    _play_on(table, CLASSIC, state_of(table), _Moves(4, restarted={0, 1, 2, 3}))
    return table, log, asked, _guests_at(table, people)


def test_a_discard_two_humans_may_claim_waits_for_both_and_goes_by_priority():
    table, log, asked, clients = _four_guests_at_a_claim()
    first, second = asked[0], asked[1]
    # Each seat asked sees its buttons and the clock of its own decision only.
    for seat in range(4):
        html = clients[seat].get(f"/classic/{table.public_id}").content.decode()
        assert bool(moves(html)) == (seat in asked), seat
        assert html.count('class="clock') == (1 if seat in asked else 0)
    state = state_of(table)
    claims = {
        seat: [a for a in engine.legal_actions(state, seat) if a.move != "pass"] for seat in asked
    }
    # The first answers with its strongest claim: the table still waits for the other.
    mine = claims[first][0].text if claims[first] else "pass"
    answer = clients[first].post(
        f"/classic/{table.public_id}/act", {"move": mine, "version": table.shown_version}, **HTMX
    )
    assert answer.status_code == 200 and not moves(answer.content.decode())
    table.refresh_from_db()
    assert state_of(table).phase == engine.CALL
    still = clients[second].get(f"/classic/{table.public_id}").content.decode()
    assert moves(still)
    theirs = claims[second][0].text if claims[second] else "pass"
    for seat in asked[2:]:  # a third seat asked passes
        clients[seat].post(
            f"/classic/{table.public_id}/act", {"move": "pass", "version": table.shown_version}
        )
        table.refresh_from_db()
    clients[second].post(
        f"/classic/{table.public_id}/act", {"move": theirs, "version": table.shown_version}
    )
    table.refresh_from_db()
    # The same answers given to the engine: the table settled the claims as it does.
    expected = state
    for seat, text in [(first, mine), *((s, "pass") for s in asked[2:]), (second, theirs)]:
        expected = engine.apply(expected, engine.Action.parse(f"{seat} {text}"))
    while (forced := CLASSIC.forced_action(expected)) is not None:  # the draw nobody chooses
        expected = CLASSIC.apply(expected, forced)
    assert state_of(table) == expected
    assert table.log[len(log) : len(log) + len(asked)] == [
        f"{first} {mine}",
        *(f"{s} pass" for s in asked[2:]),
        f"{second} {theirs}",
    ]


def test_a_pass_that_leaves_the_offer_open_tells_the_others_nothing(
    django_capture_on_commit_callbacks,
):
    table, log, asked, clients = _four_guests_at_a_claim()
    view = f"/classic/{table.public_id}/view"
    tags = {seat: clients[seat].get(view, **HTMX)["ETag"] for seat in range(4)}
    shown = table.shown_version
    channel = redis.Redis.from_url(settings.REDIS_URL).pubsub()
    channel.subscribe(f"{live.CHANNEL_PREFIX}{table.public_id}")
    channel.get_message(timeout=1)  # the subscription's confirmation
    with django_capture_on_commit_callbacks(execute=True):
        clients[asked[0]].post(
            f"/classic/{table.public_id}/act", {"move": "pass", "version": shown}, **HTMX
        )
    table.refresh_from_db()
    assert table.log[-1] == f"{asked[0]} pass" and table.shown_version == shown
    assert channel.get_message(timeout=0.3) is None  # no event: nothing public changed
    for seat in range(4):
        if seat in asked:
            continue
        unchanged = clients[seat].get(view, HTTP_IF_NONE_MATCH=tags[seat], **HTMX)
        assert unchanged.status_code == 304, seat
    channel.close()


def _public_counts(state: engine.State) -> Counter:
    """Every face any seat sees on the table: ponds, sets (a concealed kan shows two)
    and flowers."""
    seen: Counter = Counter()
    for player in state.players:
        seen.update(code(t) for t in player.discards)
        for meld in player.melds:
            tiles = meld.tiles[1:3] if meld.shape == "kan" and meld.concealed else meld.tiles
            seen.update(code(t) for t in tiles)
        seen.update(code(t) for t in player.bonus)
    return seen


def _faces(html: str) -> Counter:
    """The faces a page or part draws; a whole page's only inside <main>, as the site's
    header draws a tile of each game."""
    if "<main" in html:
        html = html[html.index("<main") : html.index("</main>")]
    return Counter(re.findall(r'#t-([0-9A-Za-z]+)"', html))


def _assert_hides_the_others(html: str, state: engine.State, viewer: int) -> None:
    """In play and after a draw, every face the viewer does not hold appears exactly as
    often as it lies open on the table; a won hand opens every hand
    (docs/classic.md#settlement)."""
    if state.phase in (engine.HAND_END, engine.GAME_END) and state.last_result.outcome == "win":
        return
    mine = {code(t) for t in state.players[viewer].hand}
    if state.phase == engine.CALL:  # the discard on offer shows on the claims' buttons too
        mine.add(code(state.last_discard))
    public = _public_counts(state)
    for face, count in _faces(html).items():
        if face not in mine:
            assert count == public[face], (face, count, public[face])


def _latest_replay_step(table: Table) -> tuple[int, engine.State]:
    """The running table's latest replay step and the state there (a pass that leaves
    an offer open is no step, so that state may lie before the log's end)."""
    step = replays.step(table, len(table.log))
    return step.index, engine.replay(options_of(table.options), table.seed, table.log[: step.at])


def _check_latest_replay(
    table: Table, client: Client, seat: int, latest: tuple[int, engine.State]
) -> None:
    """The replay of the running table at its latest step, against the state there."""
    index, shown = latest
    html = client.get(f"/classic/{table.public_id}/replay?at={index}").content.decode()
    assert f'data-index="{index}"' in html
    _assert_hides_the_others(html, shown, seat)


def _check_room_and_sheet(room: Room, table: Table, by_seat: dict[int, Client]) -> None:
    """The started room's page leads each seat to its table; the score sheet, whole and
    as the table's panel, shows no tile a seat may not see."""
    state = state_of(table)
    for seat, client in by_seat.items():
        answer = client.get(f"/classic/room/{room.code}", follow=True)
        assert answer.redirect_chain == [(f"/classic/{table.public_id}", 302)]
        _assert_hides_the_others(answer.content.decode(), state, seat)
        for part in ("", "?part=body"):
            sheet = client.get(f"/classic/{table.public_id}/sheet{part}")
            assert sheet.status_code == 200
            _assert_hides_the_others(sheet.content.decode(), state, seat)


@pytest.mark.slow
def test_no_answer_of_a_whole_hand_at_four_humans_shows_another_seats_tiles(
    four, django_capture_on_commit_callbacks
):
    """Every page, view, 304 and answer for each seat, and every event on the table's
    channel, through a whole hand of four humans: the table page, its view and the
    answers to decisions, the replay at its latest step after every decision, and the
    room and the score sheet (which change only as a hand ends) before and after."""
    with mock.patch("games.tables.play.new_seed", return_value=20261205):
        table = _started(four)
    room = Room.objects.get(table=table)
    channel = redis.Redis.from_url(settings.REDIS_URL).pubsub()
    channel.subscribe(f"{live.CHANNEL_PREFIX}{table.public_id}")
    by_seat = _by_seat(table, four)
    _check_room_and_sheet(room, table, by_seat)
    tags = {seat: "" for seat in by_seat}
    pages = {}
    rng = SplitMix64(11)
    checked = decisions = 0
    while True:
        state = state_of(table)
        latest = _latest_replay_step(table)
        for seat, client in by_seat.items():
            view = client.get(
                f"/classic/{table.public_id}/view", HTTP_IF_NONE_MATCH=tags[seat], **HTMX
            )
            assert view.status_code in (200, 304)
            if view.status_code == 200:
                _assert_hides_the_others(view.content.decode(), state, seat)
                checked += 1
            tags[seat] = view["ETag"]
            pages[seat] = client.get(f"/classic/{table.public_id}").content.decode()
            _assert_hides_the_others(pages[seat], state, seat)
            _check_latest_replay(table, client, seat, latest)
            checked += 2
        if state.phase in (engine.HAND_END, engine.GAME_END):
            break
        waiting = sorted(engine.waiting_for(state))
        seat = waiting[0]
        offered = moves(pages[seat])
        assert offered, (seat, state.phase)
        choice = next((m for m in ("tsumo", "ron") if m in offered), None)
        with django_capture_on_commit_callbacks(execute=True):
            answer = by_seat[seat].post(
                f"/classic/{table.public_id}/act",
                {
                    "move": choice or offered[rng.below(len(offered))],
                    "version": table.shown_version,
                },
                **HTMX,
            )
        assert answer.status_code == 200
        table.refresh_from_db()
        _assert_hides_the_others(answer.content.decode(), state_of(table), seat)
        checked += 1
        decisions += 1
    _check_room_and_sheet(room, table, by_seat)
    assert decisions > 20 and checked > 9 * decisions
    events = []
    while (message := channel.get_message(timeout=0.05)) is not None:
        if message["type"] == "message":
            events.append(message["data"])
    assert events and all(re.fullmatch(rb"\d+", e) for e in events)
    channel.close()
