"""A tap costs two statements on PostgreSQL, its write applies only to the game as it
read it (docs/site.md#a-move-is-committed-before-its-answer), and its answer's action
bar, rendered once per state, is what the `actions` partial renders."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.solitaire import play
from games.solitaire.models import Game

from .helpers import current_game, free_tiles, matching_free_pair, post, tap

pytestmark = pytest.mark.django_db


def test_a_select_tap_and_a_removal_send_two_statements_each(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    with CaptureQueriesContext(connection) as select:
        tap(client, game, a, version=0, selected="")
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as removal:
        assert tap(client, game, b, version=0, selected=a).status_code == 200
    # The helper's refresh_from_db is one more query in each.
    assert len(select) == 3 and len(removal) == 3
    game.refresh_from_db()
    assert game.moves == 1 and game.version == 1 and game.selected is None
    move = game.log.get()
    assert (move.number, move.first, move.second) == (1, a, b)


def test_a_tap_overtaken_between_its_read_and_its_write_reads_again(client, monkeypatch):
    game = current_game(client)
    a, other = free_tiles(game)[:2]
    read = play._read_for_tap
    reads = []

    def read_then_another_tab_selects(public_id):
        reads.append(public_id)
        found = read(public_id)
        if len(reads) == 1:  # another tab's tap lands right after this read
            Game.objects.filter(pk=game.pk).update(selected=other)
        return found

    monkeypatch.setattr(play, "_read_for_tap", read_then_another_tab_selects)
    response = tap(client, game, a, version=0, selected="")
    assert response.status_code == 200 and b"The board had changed" in response.content
    assert len(reads) == 2
    game.refresh_from_db()
    assert game.selected == other  # the other tab's selection stands


def _action_bar(html: str) -> str:
    """The action bar, its CSRF tokens (masked afresh each time) and its swap mark aside."""
    bar = re.search(r'<nav id="actions".*?</nav>', html, re.S).group(0)
    bar = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", bar)
    return bar.replace(' hx-swap-oob="true"', "")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_answers_action_bar_is_the_partial_rendered_afresh(client, language):
    client.cookies["django_language"] = language
    game = current_game(client)
    seen = []
    # A hint's answer carries the bar too: at the start (no undo) and after an undo
    # (a redo), in the states no removal's answer has.
    for step in ("hint", "remove", "remove", "undo", "hint", "remove"):
        game.refresh_from_db()
        if step in ("hint", "undo"):
            response = post(client, game, step)
        else:
            a, b = matching_free_pair(game)
            tap(client, game, a, selected="")
            response = tap(client, game, b, selected=a)
        game.refresh_from_db()
        afresh = client.get(f"/game/{game.public_id}").content.decode()  # the whole page
        assert _action_bar(response.content.decode()) == _action_bar(afresh), step
        seen.append(_action_bar(afresh))
    assert len(set(seen)) >= 4  # the version, undo's and redo's states changed the bar
