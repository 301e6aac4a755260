"""The discard helper on the table page (docs/tables.md#the-discard-helper): on by
default at a practice table, switched off and on with one tap and remembered, its
numbers those of the seat's own view, in Sanma and Classic alike."""

from __future__ import annotations

import re

import pytest

from games.classic import engine as classic_engine
from games.players import Player
from games.sanma import engine as sanma_engine
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma
from tests.tables.independent import CLASSIC_KINDS, SANMA_KINDS, expected

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
ME = 0


def _lines(html: str) -> dict[str, dict[str, int]]:
    """The helper's lines on a page: per discard, each wait and its copies left."""
    found = {}
    for discard, body in re.findall(
        r'class="helper-line" data-for="([^"]+)"[^>]*>(.*?)</span><span class="helper-left"', html
    ):
        waits = re.findall(r'class="helper-wait" data-tile="([^"]+)" data-left="(\d+)"', body)
        found[discard] = {tile: int(left) for tile, left in waits}
    return found


def _pressed(html: str, name: str) -> bool:
    return bool(re.search(rf'aria-pressed="true" data-toggle="{name}"', html))


def _switch(client, game, table, on: bool):
    table.refresh_from_db()
    data = {"toggle": f"helper:{int(on)}", "version": table.shown_version}
    return client.post(f"/{game}/{table.public_id}/toggle", data, **HTMX).content.decode()


def test_sanma_practice_table_shows_the_helper_from_the_seat_view(alice_client, alice):
    seed, log = sanma.position_with("riichi", ME)
    table = sanma.craft(Player(alice), seed, list(log), ME)
    page = alice_client.get(f"/sanma/{table.public_id}").content.decode()
    view = sanma_engine.view(sanma.state_of(table), ME)
    lines = _lines(page)
    assert lines and lines == expected(
        view, SANMA_KINDS, special=True, orphans=False, also_open=view.dora
    )
    assert _pressed(page, "helper")
    assert "leaves-ready" in page
    # Each Riichi button says what its discard waits on.
    riichi = re.findall(
        r'class="action action-riichi tile-button"[^>]*data-tile="([^"]+)"'
        r'[^>]*title="Waits: [^"]+" data-left="(\d+)"',
        page,
    )
    assert riichi and all(sum(lines[tile[:2]].values()) == int(left) for tile, left in riichi)


def test_switching_the_helper_off_is_remembered(alice_client, alice):
    seed, log = sanma.position_with("riichi", ME)
    table = sanma.craft(Player(alice), seed, list(log), ME)
    off = _switch(alice_client, "sanma", table, on=False)
    assert 'class="helper"' not in off and not _pressed(off, "helper")
    alice.refresh_from_db()
    assert alice.table_toggles == ["no_helper"]
    again = sanma.craft(Player(alice), seed, list(log), ME)  # the next practice table
    assert 'class="helper"' not in alice_client.get(f"/sanma/{again.public_id}").content.decode()
    on = _switch(alice_client, "sanma", table, on=True)
    assert 'class="helper"' in on and _pressed(on, "helper")
    alice.refresh_from_db()
    assert alice.table_toggles == ["helper"]


def test_classic_shows_waits_and_the_distance_to_mah_jong(alice_client, alice):
    seed, log = classic.position_with("discard", ME)
    table = classic.craft(Player(alice), seed, list(log), ME)
    page = alice_client.get(f"/classic/{table.public_id}").content.decode()
    view = classic_engine.view(classic.state_of(table), ME)
    assert re.search(r'class="helper-distance" data-distance="-?\d+"', page)
    orphans = not view.seats[ME].melds
    assert _lines(page) == expected(view, CLASSIC_KINDS, special=False, orphans=orphans)
