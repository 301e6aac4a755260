"""The Classic pages around the table: the start page and its options, strangers and
stale tabs, the replay, the rules and steps, the header; and a whole game against bots
played through the forms alone, as without JavaScript."""

from __future__ import annotations

import re

import pytest

from games.classic import engine
from games.classic.models import SeatRecord
from games.players import Player
from games.tables import replays

from .helpers import attrs, craft, moves, position_with, post, start, state_of

pytestmark = pytest.mark.django_db


def test_the_start_page_offers_every_option(client):
    html = client.get("/classic/").content.decode()
    for name, values in {
        "rounds": ("1", "4"),
        "flowers": ("on", "off"),
        "dealer_rule": ("official", "winner"),
        "level": ("beginner", "normal", "expert"),
    }.items():
        for value in values:
            assert f'name="{name}" value="{value}"' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_a_started_table_has_the_chosen_options_and_the_player_in_one_seat(alice_client, alice):
    table = start(alice_client, seed=7, rounds="4", flowers="off", dealer_rule="winner")
    assert table.kind == "classic"
    # A new table plays the second edition of the rules (docs/classic.md#editions).
    assert table.options == {"rounds": 4, "flowers": False, "dealer_rule": "winner", "edition": 2}
    seats = list(table.seats.order_by("index"))
    assert [s.index for s in seats if not s.is_bot] == [7 % 4]
    assert {s.bot_level for s in seats if s.is_bot} == {"beginner"}
    html = alice_client.get(f"/classic/{table.public_id}").content.decode()
    shown = attrs(html)
    assert shown["seat"] == str(7 % 4) and shown["version"] == str(table.shown_version)
    assert shown["phase"] in ("discard", "call", "draw")
    assert alice_client.get("/classic/").content.decode().count(str(table.public_id)) == 1


def test_bad_options_answer_the_form_with_its_errors(client):
    response = client.post("/classic/new", {"rounds": "2", "flowers": "on", "level": "master"})
    assert response.status_code == 400
    assert "field-errors" in response.content.decode()


def test_the_page_shows_the_own_hand_and_only_counts_of_the_others(alice_client, alice):
    seed, log = position_with("discard", 0)
    table = craft(Player(alice), seed, list(log), 0)
    html = alice_client.get(f"/classic/{table.public_id}").content.decode()
    state = state_of(table)
    view = engine.view(state, 0)
    hand = re.findall(r'<button class="tl hand-tile[^"]*"[^>]*data-tile="([^"]+)"', html)
    assert sorted(hand) == sorted((*view.hand, *((view.drawn,) if view.drawn else ())))
    for seat in (1, 2, 3):
        backs = f"{view.seats[seat].hand_size} tiles in hand"
        assert backs in html
    assert f'data-wall="{view.wall}"' in html and "Wall " in html
    assert html.count('class="seat ') == 4


def test_a_strangers_table_is_not_found_whatever_is_asked(alice_client, bob_client, alice):
    table = start(alice_client, seed=3)
    for path in ("", "/replay", "/replay?at=2"):
        response = bob_client.get(f"/classic/{table.public_id}{path}")
        assert response.status_code == 404
        assert "data-tile" not in response.content.decode()
    version = table.version
    assert post(bob_client, table, "pass").status_code == 404
    assert bob_client.post(f"/classic/{table.public_id}/act", {"move": "<x>"}).status_code == 404
    table.refresh_from_db()
    assert table.version == version


def test_a_stale_tab_gets_the_current_table_and_nothing_is_applied_twice(alice_client, alice):
    seed, log = position_with("discard", 0)
    table = craft(Player(alice), seed, list(log), 0)
    html = alice_client.get(f"/classic/{table.public_id}").content.decode()
    old = attrs(html)["version"]
    chosen = next(m for m in moves(html) if m.startswith("d:"))
    assert post(alice_client, table, chosen, version=old).status_code == 200
    table.refresh_from_db()
    after = list(table.log)

    again = post(alice_client, table, chosen, version=old)  # the other tab, or a double tap

    table.refresh_from_db()
    assert table.log == after
    answer = again.content.decode()
    assert "The table had moved on" in answer and attrs(answer)["version"] == str(
        table.shown_version
    )
    plain = post(alice_client, table, chosen, version=old, htmx=False)
    assert plain.status_code == 302
    page = alice_client.get(plain["Location"]).content.decode()
    assert "The table had moved on" in page


def _play_by_forms(client, table, limit: int = 3000) -> str:
    """Play the table to its end through the page's plain forms: Mah Jong whenever
    offered, else the drawn tile (or the last one), passing every claim."""
    for _ in range(limit):
        page = client.get(f"/classic/{table.public_id}").content.decode()
        shown = attrs(page)
        if shown["phase"] == "game-end":
            return page
        offered = moves(page)
        assert offered, f"nothing to decide in phase {shown['phase']}"
        plain = [m for m in ("tsumo", "ron", "next", "pass", "draw") if m in offered]
        choice = plain[0] if plain else [m for m in offered if m.startswith("d:")][-1]
        response = client.post(
            f"/classic/{table.public_id}/act", {"move": choice, "version": shown["version"]}
        )
        assert response.status_code == 302
    raise AssertionError("the game did not end")


def test_a_whole_game_against_bots_plays_to_its_end_through_the_forms(alice_client, alice):
    table = start(alice_client, seed=11)
    page = _play_by_forms(alice_client, table)

    table.refresh_from_db()
    assert not table.is_playing
    assert "Game over" in page and page.count("data-place=") == 4
    state = state_of(table)
    assert state.phase == engine.GAME_END
    seats = {s.index: s for s in table.seats.all()}
    for place, seat in enumerate(state.game_result.placements, 1):
        assert seats[seat].place == place
        assert seats[seat].score == state.game_result.scores[seat]
    records = SeatRecord.objects.filter(seat__table=table)
    assert records.count() == 4
    assert {r.hands for r in records} == {state.game_result.hands_played}
    assert sum(r.wins for r in records) == sum(1 for r in records for _ in range(0)) + sum(
        r.wins for r in records
    )
    past = alice_client.get("/classic/").content.decode()
    assert f"/classic/{table.public_id}/replay" in past and "place " in past


def test_the_replay_steps_through_a_finished_table_with_every_hand_open(alice_client, alice):
    table = start(alice_client, seed=11)
    _play_by_forms(alice_client, table)
    table.refresh_from_db()
    first = alice_client.get(f"/classic/{table.public_id}/replay").content.decode()
    assert "step 0 of" in first and "every hand is open" in first
    assert first.count('class="open-hand"') == 3  # the three others' hands, face up
    assert 'name="move"' not in first
    later = alice_client.get(f"/classic/{table.public_id}/replay?at=5").content.decode()
    assert "step 5 of" in later and 'href="?at=4"' in later and 'href="?at=6"' in later
    at = replays.shown_steps(table.log)[5]
    assert attrs(later)["version"] == str(table.shown_version_at(at))
    assert alice_client.get(f"/classic/{table.public_id}/replay?at=x").status_code == 200


def test_a_running_tables_replay_shows_only_what_the_player_saw(alice_client, alice):
    table = start(alice_client, seed=5)
    html = alice_client.get(f"/classic/{table.public_id}/replay?at=1").content.decode()
    assert "you see what you saw then" in html and 'class="open-hand"' not in html


def test_the_rules_and_steps_in_english_and_german(client):
    english = client.get("/classic/rules").content.decode()
    assert "Babcock" in english and "Mah Jong" in english
    panel = client.get("/classic/rules?part=body").content.decode()
    assert "<html" not in panel and "Close the rules" in panel
    german = client.get("/classic/rules", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Babcock" in german and "Regeln" in german
    steps = client.get("/classic/rules/steps").content.decode()
    assert 'class="picture"' in steps and "data-tile=" in steps
    for key in ("draw", "discard", "chi", "pong", "kan", "mahjong", "score"):
        assert client.get(f"/classic/rules/steps?step={key}").status_code == 200
    assert client.get("/classic/rules/steps?step=nope").status_code == 404


def test_the_header_links_classic_and_home_stays_solitaire(client):
    home = client.get("/", follow=True)
    assert home.resolver_match.app_name == "" and home.resolver_match.url_name == "game"
    page = client.get("/classic/").content.decode()
    link = re.search(r'<a class="game-link" href="/classic/"[^>]*>', page)
    assert link and 'aria-current="page"' in link.group(0)


def test_a_guest_plays_and_finds_the_table_again(client):
    table = start(client, seed=21)
    assert client.get(f"/classic/{table.public_id}").status_code == 200
    listed = client.get("/classic/").content.decode()
    assert f"/classic/{table.public_id}" in listed and "Your running tables" in listed
    from django.test import Client

    assert Client().get(f"/classic/{table.public_id}").status_code == 404  # another guest


@pytest.mark.parametrize(
    ("language", "heading"),
    [("fi", "Klassisen mahjongin säännöt"), ("da", "Regler for klassisk mahjong")],
)
def test_the_rules_in_finnish_and_danish(client, language, heading):
    page = client.get("/classic/rules", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert heading in page and "Babcock" in page and 'class="scoring"' in page


def test_a_table_stored_before_the_second_edition_keeps_the_first():
    from games.classic.kind import options_of

    assert options_of({"rounds": 1, "flowers": True, "dealer_rule": "official"}).edition == 1
    stored = {"rounds": 1, "flowers": True, "dealer_rule": "official", "edition": 2}
    assert options_of(stored).edition == 2


@pytest.mark.parametrize(
    "language, orphans",
    [
        ("en", "Thirteen orphans"),
        ("de", "Dreizehn Waisen"),
        ("fi", "Kolmetoista orpoa"),
        ("da", "Tretten forældreløse"),
    ],
)
def test_the_rules_page_lists_the_special_hands_with_their_source(client, language, orphans):
    page = client.get("/classic/rules", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert orphans in page and "Kajongg" in page and ">300<" in page
