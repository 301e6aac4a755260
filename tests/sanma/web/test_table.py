"""The table as a whole: starting, stale tabs, strangers, bad input, a whole game through
the no-JavaScript forms, and what a page never shows."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.test import Client

from games.players import Player
from games.prng import SplitMix64
from games.sanma import engine
from games.sanma.engine.rules import dora_indicators
from games.sanma.engine.tiles import code, dora_of_indicator, kind_code
from games.sanma.models import SeatRecord
from games.tables.models import Table

from .helpers import attrs, craft, moves, position_with, post, start, state_of

pytestmark = pytest.mark.django_db


def test_the_start_page_offers_every_option_and_the_players_tables(client):
    page = client.get("/sanma/").content.decode()
    for value in ("one-hand", "east", "east-south", "on", "off"):
        assert f'value="{value}"' in page
    for level in ("beginner", "normal", "expert", "master"):
        assert f'value="{level}"' in page
    table = start(client, length="one-hand", red_fives="off", level="expert")
    page = client.get("/sanma/").content.decode()
    assert f"/sanma/{table.public_id}" in page and "Your running tables" in page


def test_a_new_table_seats_the_player_against_two_bots_of_the_chosen_strength(client):
    table = start(client, length="east-south", red_fives="off", level="beginner")
    assert table.kind == "sanma" and table.options == {"length": "east-south", "red_fives": False}
    seats = list(table.seats.order_by("index"))
    humans = [seat for seat in seats if not seat.is_bot]
    assert len(humans) == 1 and humans[0].guest_id == client.session["guest_id"]
    assert sorted(seat.bot_level for seat in seats if seat.is_bot) == ["beginner", "beginner"]
    page = client.get(f"/sanma/{table.public_id}").content.decode()
    data = attrs(page)
    assert data["seat"] == str(humans[0].index) and data["round"] == "E1"
    assert data["scores"] == "35000 35000 35000" or data["phase"] != "draw"
    # The bots played until the player must decide: it is the player's turn now.
    state = state_of(table)
    assert humans[0].index in engine.waiting_for(state)


def test_bad_options_are_refused_with_the_form_again(client):
    response = client.post("/sanma/new", {"length": "forever", "red_fives": "on", "level": "god"})
    assert response.status_code == 400
    assert b"Select a valid choice" in response.content
    assert not Table.objects.exists()


def test_a_stale_tab_gets_the_current_table_and_changes_nothing(alice_client, alice):
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    discard = next(
        m
        for m in moves(alice_client.get(f"/sanma/{table.public_id}").content.decode())
        if m.startswith("d:")
    )
    old = table.shown_version
    post(alice_client, table, discard)
    table.refresh_from_db()
    after = list(table.log)

    answer = post(alice_client, table, discard, version=old)  # the other tab, or a double tap

    table.refresh_from_db()
    assert table.log == after  # nothing applied twice
    assert answer.status_code == 200
    html = answer.content.decode()
    assert attrs(html)["version"] == str(table.shown_version)
    assert "moved on" in html
    again = post(alice_client, table, discard, version=old, htmx=False)
    assert again.status_code == 302
    table.refresh_from_db()
    assert table.log == after
    assert "moved on" in alice_client.get(again["Location"]).content.decode()


def test_a_decision_without_a_version_is_stale(alice_client, alice):
    seed, log = position_with("pass")
    table = craft(Player(alice), seed, list(log), 0)
    answer = alice_client.post(
        f"/sanma/{table.public_id}/act", {"move": "pass"}, HTTP_HX_REQUEST="true"
    )
    table.refresh_from_db()
    assert answer.status_code == 200 and table.log == list(log)


def test_an_impossible_decision_is_refused_in_words(alice_client, alice):
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    for move in (
        "ron",
        "d:1C"
        if "d:1C" not in moves(alice_client.get(f"/sanma/{table.public_id}").content.decode())
        else "pon",
    ):
        response = post(alice_client, table, move, htmx=False)
        assert response.status_code == 400
        assert b"not possible" in response.content
    table.refresh_from_db()
    assert table.log == list(log)


@pytest.mark.parametrize("move", ["", "d", "x" * 40, "d:ZZZZ", "0 d:1C", "<script>"])
def test_malformed_posts_get_a_clear_400(alice_client, alice, move):
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    response = post(alice_client, table, move, htmx=False)
    assert response.status_code == 400
    table.refresh_from_db()
    assert table.log == list(log)


def test_a_strangers_table_is_not_found_whatever_is_asked(alice, bob_client, client):
    seed, log = position_with("d")
    table = craft(Player(alice), seed, list(log), 0)
    guest = Client()
    guest.get("/sanma/")
    for visitor in (bob_client, guest):
        for path in ("", "/replay", "/replay?at=3", "/export"):
            assert visitor.get(f"/sanma/{table.public_id}{path}").status_code == 404
        for data in ({"move": "pass", "version": table.shown_version}, {"move": "!!"}):
            assert visitor.post(f"/sanma/{table.public_id}/act", data).status_code == 404
    table.refresh_from_db()
    assert table.log == list(log)
    assert client.get("/sanma/00000000-0000-0000-0000-000000000000").status_code == 404


@pytest.mark.slow
def test_a_whole_game_plays_to_its_end_through_the_plain_forms(client):
    """Each step: the whole page, a seeded pick among its buttons, a plain post, the
    redirect back. No HTMX anywhere."""
    table = start(client, length="east", level="normal")
    rng = SplitMix64(2024)
    url = f"/sanma/{table.public_id}"
    for _ in range(2000):
        page = client.get(url).content.decode()
        data = attrs(page)
        if data["phase"] == "game-end":
            break
        offered = moves(page)
        assert offered, data
        wins = [m for m in offered if m in ("tsumo", "ron", "next")]
        choice = wins[0] if wins else offered[rng.below(len(offered))]
        response = client.post(f"{url}/act", {"move": choice, "version": data["version"]})
        assert response.status_code == 302, response.content[:300]
        url = response["Location"].split("?")[0]
    else:
        pytest.fail("the game did not end")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED and table.finished_at is not None
    assert "Game over" in page
    seats = list(table.seats.all())
    assert sorted(seat.place for seat in seats) == [1, 2, 3]
    final = state_of(table).game_result
    assert [seat.points for seat in seats] == list(final.points)
    assert SeatRecord.objects.filter(seat__table=table).count() == 3
    # A finished table takes no more decisions.
    assert post(client, table, "next").status_code == 200
    table.refresh_from_db()
    assert table.version == len(table.log)


def _public_counts(state: engine.State, viewer: int) -> Counter:
    """Every tile face a seat may see on the table, counted: discards, melds (a closed
    kan shows two), set-aside Norths and the dora the indicators point to (the page shows
    the dora themselves: a face they name tells nothing hidden)."""
    hand = state.hand
    red = state.options.red_fives
    seen: Counter = Counter()
    for seat in hand.seats:
        seen.update(code(p.tile, red) for p in seat.pond)
        for meld in seat.melds:
            tiles = meld.tiles[1:3] if meld.kind == "closed-kan" else meld.tiles
            seen.update(code(t, red) for t in tiles)
        seen.update(code(t, red) for t in seat.norths)
    seen.update(kind_code(dora_of_indicator(t // 4)) for t in dora_indicators(hand))
    return seen


def _faces(html: str) -> Counter:
    """The tile faces drawn in the table of a page or an answer."""
    table = html[html.index('id="table"') : html.index('id="table-status"')]
    return Counter(re.findall(r'#t-([0-9A-Za-z]+)"', table))


def _assert_hides_the_others(html: str, state: engine.State, viewer: int) -> None:
    red = state.options.red_fives
    faces = _faces(html)
    result = state.hand.result
    if result is None:
        # In play, each face the viewer does not hold or wait on lies open on the table.
        mine = {code(t, red) for t in state.hand.seats[viewer].concealed}
        waits = set(engine.view(state, viewer).waits)
        public = _public_counts(state, viewer)
        for face, count in faces.items():
            if face not in mine and face.rstrip("r") not in waits:
                assert count == public[face], (face, count, public[face])
        return
    # After the hand: only the hands shown (winners, tenpai) open up.
    shown = set(_public_counts(state, viewer))
    for seat, tiles in enumerate(result.hands):
        if seat == viewer or seat in result.tenpai or seat in {w.seat for w in result.wins}:
            shown |= {code(t, red) for t in tiles}
    for win in result.wins:
        shown |= {code(t, red) for t in (*win.hand, *win.ura_indicators)}
        shown |= {code(t, red) for meld in win.melds for t in meld.tiles}
    assert set(faces) <= shown, set(faces) - shown


def test_no_answer_of_a_whole_hand_shows_another_seats_concealed_tiles(client):
    """For every tile kind the viewer does not hold (nor waits on), a page or an answer
    shows exactly as many faces as lie open on the table: never one from another hand."""
    table = start(client, seed=20261201, length="one-hand", level="normal")
    viewer = next(seat.index for seat in table.seats.all() if not seat.is_bot)
    rng = SplitMix64(7)
    answers = 0
    html = client.get(f"/sanma/{table.public_id}").content.decode()
    while True:
        state = state_of(table)
        _assert_hides_the_others(html, state, viewer)
        if state.phase in ("hand-end", "game-end"):
            break
        offered = moves(html)
        choice = next((m for m in ("tsumo", "ron") if m in offered), None)
        response = post(client, table, choice or offered[rng.below(len(offered))])
        assert response.status_code == 200
        html = response.content.decode()
        answers += 1
    _assert_hides_the_others(
        client.get(f"/sanma/{table.public_id}").content.decode(), state, viewer
    )
    assert answers > 5


def test_leaving_a_table_hands_it_to_the_server_and_the_game_counts(
    alice_client, alice, django_capture_on_commit_callbacks
):
    from config.celery import app as celery_app

    table = start(alice_client, seed=5, length="one-hand")
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert f'action="/sanma/{table.public_id}/leave"' in page and "Leave for good" in page
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            response = alice_client.post(f"/sanma/{table.public_id}/leave")
    finally:
        celery_app.conf.task_always_eager = eager
    assert response.status_code == 302 and response["Location"] == "/sanma/"
    assert "plays your seat to the end" in alice_client.get("/sanma/").content.decode()
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    mine = table.seats.get(user=alice)
    assert mine.place is not None and SeatRecord.objects.filter(seat=mine).exists()
    assert 'data-figure="sanma-games">1<' in alice_client.get("/accounts/stats").content.decode()
    assert Client().post(f"/sanma/{table.public_id}/leave").status_code == 404
