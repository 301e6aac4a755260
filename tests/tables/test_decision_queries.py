"""How many statements a decision at a table sends to PostgreSQL
(docs/tables.md#a-decision-end-to-end): the locked read of the table with its seats is
one statement, the log's write another, whatever the bots play in between; the page
reads its table in one. A round trip more per decision would show here."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.tables.models import Table
from tests.classic.web import helpers as classic
from tests.sanma.web import helpers as sanma
from tests.tables.pages import HTMX, attrs, moves

pytestmark = pytest.mark.django_db

GAMES = {"sanma": sanma, "classic": classic}
# What the transaction itself sends (in a test, savepoints inside the test's own one).
FRAMING = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK")


def statements(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries if not q["sql"].startswith(FRAMING)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_discard_is_one_locked_read_and_one_write(client, game):
    helpers = GAMES[game]
    table = helpers.start(client, seed=11)
    url = f"/{game}/{table.public_id}"
    html = client.get(url).content.decode()
    discards = 0
    while discards < 6:
        offered = moves(html)
        move = next((m for m in offered if m.startswith("d:")), None)
        if move is None:  # a call, a win or the next hand: played, not counted
            move = next(m for m in ("pass", "next", "tsumo", "ron") if m in offered)
        version = attrs(html)["version"]
        with CaptureQueriesContext(connection) as captured:
            response = client.post(f"{url}/act", {"move": move, "version": version}, **HTMX)
        assert response.status_code == 200
        html = response.content.decode()
        assert 'data-phase="game-end"' not in html
        if move.startswith("d:") and 'data-phase="hand-end"' not in html:
            sent = statements(captured)
            assert len(sent) == 2, sent
            assert "FOR UPDATE" in sent[0] and sent[1].startswith('UPDATE "tables_table"')
            discards += 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_page_reads_its_table_in_one_statement(client, game):
    table = GAMES[game].start(client, seed=11)
    with CaptureQueriesContext(connection) as captured:
        response = client.get(f"/{game}/{table.public_id}")
    assert response.status_code == 200
    tables = [sql for sql in statements(captured) if '"tables_' in sql]  # not the menus'
    assert len(tables) == 1, tables


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_decision_at_another_players_table_reads_it_and_answers_404(client, game):
    table = GAMES[game].start(client, seed=11)
    version = table.shown_version
    stranger = Client()
    response = stranger.post(
        f"/{game}/{table.public_id}/act", {"move": "d:1C", "version": version}, **HTMX
    )
    assert response.status_code == 404
    table.refresh_from_db()
    assert table.shown_version == version


ENTRY = re.compile(r'"[0-9] [a-z]')  # the start of an action text in the SQL sent


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_decision_late_in_a_game_sends_only_its_own_decisions(client, game):
    """The write appends to the stored log: it carries the decisions this request took,
    never the log before them, so its cost does not grow with the game."""
    table = GAMES[game].start(client, seed=11)
    url = f"/{game}/{table.public_id}"
    html = client.get(url).content.decode()
    checked = 0
    while checked < 5:
        offered = moves(html)
        move = next((m for m in ("tsumo", "ron", "next", "pass") if m in offered), offered[0])
        before = len(Table.objects.get(pk=table.pk).log)
        with CaptureQueriesContext(connection) as captured:
            response = client.post(
                f"{url}/act", {"move": move, "version": attrs(html)["version"]}, **HTMX
            )
        assert response.status_code == 200
        html = response.content.decode()
        assert 'data-phase="game-end"' not in html
        if before < 120:  # deep enough into the game that its log outweighs a turn's
            continue
        added = Table.objects.get(pk=table.pk).log[before:]
        (write,) = [sql for sql in statements(captured) if sql.startswith("UPDATE")]
        assert added and len(ENTRY.findall(write)) == len(added), write
        checked += 1


def test_a_log_stored_by_someone_else_since_the_read_is_not_overwritten(client):
    table = sanma.start(client, seed=11)
    read = Table.objects.read(table.public_id, lock=True)
    stored = list(read.log)
    Table.objects.filter(pk=table.pk).update(log=[*stored, "0 pass"])
    read.log.append("0 d:1M")
    with pytest.raises(RuntimeError):
        read.save_log()
    assert Table.objects.get(pk=table.pk).log == [*stored, "0 pass"]
