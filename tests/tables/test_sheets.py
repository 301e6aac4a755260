"""The score sheet (docs/tables.md#the-score-sheet): every hand so far, each seat's hand
value, change and running total; one tap from the table, on the game's end, only for
the table's own players. The running totals are the seats' scores."""

from __future__ import annotations

import re

import pytest

from games.classic import engine
from games.classic.kind import options_of
from games.players import Player
from tests.classic.web.helpers import (
    OPTIONS,
    craft,
    finished_log,
    finished_table,
    position_with,
    state_of,
)
from tests.sanma.web import helpers as sanma

pytestmark = pytest.mark.django_db


def _sheet_rows(html: str) -> list[list[dict]]:
    """Each hand's cells: seat, change, total and value where shown."""
    rows = []
    for body in re.findall(r'<tr data-hand="\d+">(.*?)</tr>', html, re.S):
        cells = re.findall(r"<td ([^>]*data-seat[^>]*)>", body)
        rows.append([dict(re.findall(r'data-(\w+)="(-?\d+)"', c)) for c in cells])
    return [[{k: int(v) for k, v in cell.items()} for cell in row] for row in rows]


def _footer(html: str) -> list[int]:
    return [int(s) for s in re.findall(r'data-score="(-?\d+)"', html)]


def _hand_ends(seed: int, log: list[str]) -> list[engine.State]:
    """The engine's state at each hand's end, replayed here."""
    state = engine.new_game(options_of(OPTIONS), seed)
    ends = []
    for text in log:
        before = state.phase
        state = engine.apply(state, engine.Action.parse(text))
        if state.phase in (engine.HAND_END, engine.GAME_END) and before != state.phase:
            ends.append(state)
    return ends


def test_the_running_totals_are_the_seats_scores_hand_by_hand(alice_client, alice):
    seed = 3
    table = finished_table(Player(alice), seed)
    html = alice_client.get(f"/classic/{table.public_id}/sheet").content.decode()
    rows = _sheet_rows(html)
    ends = _hand_ends(seed, list(finished_log(seed)))
    assert len(rows) == len(ends) >= 4  # a whole East round
    before = [0, 0, 0, 0]
    for row, end in zip(rows, ends, strict=True):
        assert [cell["total"] for cell in row] == list(end.scores)
        assert [cell["change"] for cell in row] == [
            a - b for a, b in zip(end.scores, before, strict=True)
        ]
        assert sum(cell["change"] for cell in row) == 0
        result = end.last_result
        if result.outcome == "win":
            assert [cell["value"] for cell in row] == [s.value for s in result.scores]
        else:
            assert all("value" not in cell for cell in row)
        before = list(end.scores)
    final = list(state_of(table).scores)
    assert _footer(html) == final == [cell["total"] for cell in rows[-1]]
    assert final == [seat.score for seat in table.seats.order_by("index")]


def test_the_game_over_card_shows_the_whole_sheet(alice_client, alice):
    table = finished_table(Player(alice), 3)
    page = alice_client.get(f"/classic/{table.public_id}").content.decode()
    card = page[page.index('class="result-card game-result"') :]
    assert 'class="score-sheet"' in card
    assert _sheet_rows(card) == _sheet_rows(
        alice_client.get(f"/classic/{table.public_id}/sheet").content.decode()
    )
    assert _footer(card) == list(state_of(table).scores)


def test_the_sheet_is_one_tap_from_the_table_while_the_game_runs(alice_client, alice):
    seed, log = position_with("next")  # a hand has just ended
    table = craft(Player(alice), seed, list(log), 0)
    page = alice_client.get(f"/classic/{table.public_id}").content.decode()
    url = f"/classic/{table.public_id}/sheet"
    bar = page[page.index('class="table-info"') : page.index("</div>", page.index("table-info"))]
    assert f'href="{url}" hx-get="{url}?part=body" hx-target="#rules-panel"' in bar
    card = page[page.index('class="result-card hand-result"') :]
    assert f'href="{url}" hx-get="{url}?part=body"' in card
    panel = alice_client.get(f"{url}?part=body").content.decode()
    assert 'role="dialog"' in panel and "data-close-rules" in panel
    assert "<html" not in panel
    rows = _sheet_rows(panel)
    assert len(rows) == len(_hand_ends(seed, list(log))) >= 1
    assert _footer(panel) == list(state_of(table).scores) == [c["total"] for c in rows[-1]]


def test_a_new_table_has_an_empty_sheet(alice_client, alice):
    table = craft(Player(alice), 1, [], 0)
    html = alice_client.get(f"/classic/{table.public_id}/sheet").content.decode()
    assert "No hand has ended yet." in html and _footer(html) == []


def test_nobody_else_sees_a_tables_sheet(client, bob_client, alice):
    table = finished_table(Player(alice), 3)
    for other in (client, bob_client):
        for part in ("", "?part=body"):
            response = other.get(f"/classic/{table.public_id}/sheet{part}")
            assert response.status_code == 404
    assert bob_client.post(f"/classic/{table.public_id}/sheet").status_code == 405


def test_sanma_has_the_same_sheet_of_changes_and_totals(alice_client, alice):
    table = sanma.finished_table(Player(alice), 2)
    html = alice_client.get(f"/sanma/{table.public_id}/sheet").content.decode()
    rows = _sheet_rows(html)
    assert rows and all(len(row) == 3 for row in rows)
    assert all("value" not in cell for row in rows for cell in row)
    assert _footer(html) == list(sanma.state_of(table).scores)
