"""What a table page may sound (docs/tables.md#sounds): off until the player switches
sounds on, remembered like the other toggles; the answer names the cue of what
followed the page's version (a win, a riichi), never of another seat's secret."""

from __future__ import annotations

import re

import pytest

from games.players import Player
from games.tables import sounds
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _table_tag(html: str) -> str:
    found = re.search(r'<(?:form|div) id="table"[^>]*>', html, flags=re.S)
    assert found, "no #table"
    return found.group(0)


def _switch(client, game: str, table, on: bool = True):
    table.refresh_from_db()
    data = {"toggle": f"sound:{int(on)}", "version": table.shown_version}
    return client.post(f"/{game}/{table.public_id}/toggle", data, **HTMX)


@pytest.mark.parametrize(
    ("log", "since", "expected"),
    [
        (["0 d:1D", "1 riichi:9D", "2 d:3B"], 0, "riichi"),
        (["0 d:1D", "1 riichi:9D", "2 d:3B"], 2, ""),  # the riichi was seen already
        (["0 riichi:1D", "1 ron"], 0, "win"),  # a win outsounds the riichi
        (["0 d:1D", "1 tsumo"], 1, "win"),
        (["0 d:1D", "1 pass", "2 pon"], 0, ""),
        (["0 d:1D"], 1, ""),  # a page read whole sounds nothing
        (["0 d:1D", "1 ron"], -1, ""),
    ],
)
def test_the_cue_of_the_decisions_since_a_version(log, since, expected):
    assert sounds.cue(log, since) == expected


def test_sounds_are_off_by_default_and_remembered_once_on(alice_client, alice):
    table = sanma.start(alice_client, seed=5)
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert 'aria-pressed="false" data-toggle="sound"' in page
    assert "data-sound" not in _table_tag(page)
    answer = _switch(alice_client, "sanma", table).content.decode()
    assert 'aria-pressed="true" data-toggle="sound"' in answer
    assert 'data-sound="1"' in _table_tag(answer)
    alice.refresh_from_db()
    assert alice.table_toggles == ["sound"]
    # The server plays nothing for it: the seat's own toggles stay empty.
    table.refresh_from_db()
    assert table.seats.get(user=alice).toggles == []
    # The next table, of the other game too, starts with sounds on.
    other = classic.start(alice_client, seed=3)
    page = alice_client.get(f"/classic/{other.public_id}").content.decode()
    assert 'data-sound="1"' in _table_tag(page)
    answer = _switch(alice_client, "classic", other, on=False).content.decode()
    assert "data-sound" not in _table_tag(answer)


def test_a_guest_keeps_sounds_in_the_session(client):
    table = sanma.start(client, seed=5)
    _switch(client, "sanma", table)
    assert client.session["table_toggles"] == ["sound"]
    page = client.get(f"/sanma/{sanma.start(client, seed=6).public_id}").content.decode()
    assert 'data-sound="1"' in _table_tag(page)


def test_the_answer_to_a_riichi_names_its_cue(alice_client, alice):
    seed, log = sanma.position_with("riichi", 0)
    table = sanma.craft(Player(alice), seed, list(log), 0)
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    assert "data-cue" not in _table_tag(page)  # a page read whole sounds nothing
    assert 'data-deciding="1"' in _table_tag(page)
    move = next(m for m in sanma.moves(page) if m.startswith("riichi:"))
    answer = sanma.post(alice_client, table, move).content.decode()
    assert 'data-cue="riichi"' in _table_tag(answer) or 'data-cue="win"' in _table_tag(answer)


@pytest.mark.parametrize("name", ["mahjong-drawn", "mahjong-discard"])
def test_the_answer_to_a_classic_win_names_its_cue(alice_client, alice, name):
    seed, log = classic.position_with(name, 0)
    table = classic.craft(Player(alice), seed, list(log), 0)
    answer = classic.post(alice_client, table, "tsumo" if name == "mahjong-drawn" else "ron")
    assert 'data-cue="win"' in _table_tag(answer.content.decode())
    assert "data-deciding" not in _table_tag(answer.content.decode())
