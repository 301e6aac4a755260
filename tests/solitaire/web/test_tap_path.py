"""A tap costs two statements on PostgreSQL, its write applies only to the game as it
read it (docs/site.md#a-move-is-committed-before-its-answer), and its answer's parts,
put together without the page's context (the action bar rendered once per state), are
what the whole page shows."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.solitaire import play
from games.solitaire.models import Game
from tests.factories import craft_game

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


def test_a_tap_overtaken_at_every_read_is_applied_under_the_lock(client, monkeypatch):
    game = current_game(client)
    a, b = matching_free_pair(game)
    monkeypatch.setattr(play, "store_tap", lambda *args: False)  # always overtaken
    assert tap(client, game, a, version=0, selected="").status_code == 200
    game.refresh_from_db()
    assert game.selected == a
    assert tap(client, game, b, version=0, selected=a).status_code == 200
    game.refresh_from_db()
    assert (game.selected, game.moves, game.version) == (None, 1, 1)
    assert (game.log.get().first, game.log.get().second) == (a, b)


def _action_bar(html: str) -> str:
    """The action bar, its CSRF tokens (masked afresh each time) and its swap mark aside."""
    return _part(html, "nav", "actions")


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


def _part(html: str, element: str, part_id: str) -> str:
    """One part of a page or an answer, its swap mark, CSRF tokens and clock aside."""
    found = re.search(rf'<{element} id="{part_id}".*?</{element}>', html, re.S).group(0)
    found = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "TOKEN", found)
    found = re.sub(r'(datetime="PT|data-seconds=")\d+', r"\1N", found)
    found = re.sub(r">\d+:\d\d(:\d\d)?</time>", ">CLOCK</time>", found)
    return found.replace(' hx-swap-oob="true"', "")


PARTS = (("div", "topbar"), ("div", "stuck"), ("div", "help"))


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ("tiles", "pairs free", "Shuffles")), ("fi", ("laattaa", "vapaana", "Sekoitukset"))],
)
def test_a_removals_answer_shows_its_parts_as_the_whole_page_does(client, language, words):
    client.cookies["django_language"] = language
    game = current_game(client)
    for step in ("remove", "hint", "remove"):
        game.refresh_from_db()
        if step == "hint":
            response = post(client, game, step)
        else:
            a, b = matching_free_pair(game)
            tap(client, game, a, selected="")
            response = tap(client, game, b, selected=a)
        answer = response.content.decode()
        page = client.get(f"/game/{game.public_id}").content.decode()
        for element, part_id in PARTS:
            assert _part(answer, element, part_id) == _part(page, element, part_id), part_id
        topbar = _part(answer, "div", "topbar")
        game.refresh_from_db()
        left = bin(game.occupied_mask).count("1")
        assert f'data-count="{left}"' in topbar and all(word in topbar for word in words)


def test_the_answer_that_leaves_the_board_stuck_shows_the_stuck_box_of_the_page(
    alice_client, alice
):
    places = [(0, 0, 0), (4, 0, 0), (8, 0, 0), (12, 0, 0)]  # apart: every tile free
    game = craft_game(alice, places, ["1B", "1B", "2B", "3B"])
    tap(alice_client, game, 0, selected="")
    answer = tap(alice_client, game, 1, selected=0).content.decode()
    page = alice_client.get(f"/game/{game.public_id}").content.decode()
    assert "No pair can be removed." in _part(answer, "div", "stuck")
    assert _part(answer, "div", "stuck") == _part(page, "div", "stuck")
    assert _part(answer, "div", "topbar") == _part(page, "div", "topbar")
