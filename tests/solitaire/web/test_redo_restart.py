"""Redo and restart are moves of the log: committed before their answer, refused from a
stale page, and replayed when a win is verified (docs/solitaire.md#redo-and-restart)."""

import pytest

from games.solitaire import engine, play
from games.solitaire.models import Game
from tests.factories import craft_game

from .helpers import HTMX, current_game, post, solution, tap

pytestmark = pytest.mark.django_db


def _remove_a_pair(client, game) -> tuple[int, int]:
    """The first pair of a way to clear the board: the deal stays clearable (the first
    free pair can lead into a dead end, as on the deal 32413726-a)."""
    game.refresh_from_db()
    a, b = solution(game)[0]
    tap(client, game, a)
    tap(client, game, b)
    game.refresh_from_db()
    return a, b


def _kinds(game) -> list[str]:
    return list(game.log.values_list("kind", flat=True))


def test_redo_brings_back_the_move_undone_last(client):
    game = current_game(client)
    _remove_a_pair(client, game)
    after_one = (game.faces, game.occupied)
    _remove_a_pair(client, game)
    post(client, game, "undo")
    post(client, game, "undo")
    game.refresh_from_db()
    assert game.moves == 0 and game.redoable == 2
    html = post(client, game, "redo").content.decode()
    game.refresh_from_db()
    assert (game.faces, game.occupied) == after_one
    assert game.moves == 1 and game.redoable == 1 and game.undos == 2
    assert _kinds(game) == ["remove", "remove", "undo", "undo", "redo"]
    assert game.version == 5  # one entry of the log, like any move
    assert 'id="redo-button"' in html and 'data-moves="1"' in html


def test_a_new_move_forgets_what_was_undone(client):
    game = current_game(client)
    _remove_a_pair(client, game)
    post(client, game, "undo")
    game.refresh_from_db()
    assert game.redoable == 1
    _remove_a_pair(client, game)
    assert game.redoable == 0
    post(client, game, "redo")
    game.refresh_from_db()
    assert game.moves == 1 and _kinds(game) == ["remove", "undo", "remove"]


def test_the_redo_button_is_enabled_only_with_something_to_redo(client):
    game = current_game(client)
    page = client.get(f"/game/{game.public_id}").content.decode()
    assert 'id="redo-button" aria-keyshortcuts="Y Control+Y Control+Shift+Z" disabled' in page
    _remove_a_pair(client, game)
    html = post(client, game, "undo").content.decode()
    assert 'id="redo-button" aria-keyshortcuts="Y Control+Y Control+Shift+Z">' in html


def test_redo_from_a_stale_page_changes_nothing(client):
    game = current_game(client)
    _remove_a_pair(client, game)
    post(client, game, "undo")
    html = post(client, game, "redo", version=1).content.decode()  # shown before the undo
    assert "had changed" in html
    game.refresh_from_db()
    assert game.moves == 0 and game.redoable == 1 and _kinds(game) == ["remove", "undo"]


def test_restart_takes_this_game_back_to_the_deal_and_counts_as_an_undo(client):
    game = current_game(client)
    started_at = game.started_at
    _remove_a_pair(client, game)
    _remove_a_pair(client, game)
    html = post(client, game, "restart").content.decode()
    game.refresh_from_db()
    assert game.faces == game.initial_faces and game.occupied == format((1 << 36) - 1, "x")
    assert game.moves == 0 and game.redoable == 2 and game.undos == 1
    assert game.started_at == started_at and game.status == Game.Status.PLAYING  # same game
    assert Game.objects.count() == 1
    assert _kinds(game) == ["remove", "remove", "restart"]
    assert "Back to the deal" in html and html.count('class="tile"') == 36
    # Redo walks the moves back in, one at a time.
    post(client, game, "redo")
    game.refresh_from_db()
    assert game.moves == 1 and game.redoable == 1


def test_restart_of_an_untouched_deal_does_nothing(client):
    game = current_game(client)
    post(client, game, "restart")
    game.refresh_from_db()
    assert game.version == 0 and game.undos == 0


def test_restart_without_javascript_says_what_it_did(client):
    game = current_game(client)
    _remove_a_pair(client, game)
    response = post(client, game, "restart", htmx=False)
    assert response.status_code == 302
    assert "Back to the deal" in client.get(response["Location"]).content.decode()


def test_a_win_after_undo_redo_and_restart_is_verified_and_has_help(client):
    game = current_game(client)
    _remove_a_pair(client, game)
    post(client, game, "undo")
    post(client, game, "redo")
    post(client, game, "restart")
    post(client, game, "redo")
    game.refresh_from_db()
    for a, b in solution(game):
        tap(client, game, a)
        tap(client, game, b)
    game.refresh_from_db()
    assert game.status == Game.Status.WON and game.verified
    assert game.undos == 2 and not game.no_help  # the restart counted as an undo


def test_a_forged_log_with_a_redo_of_nothing_does_not_verify(alice):
    game = craft_game(alice, [(0, 0, 0), (2, 0, 0)], ["1B", "1B"])
    game.log.create(number=1, kind="redo")
    game.log.create(number=2, kind="remove", first=0, second=1)
    with pytest.raises(engine.IllegalMove, match="redo with nothing to redo"):
        play.history(game, list(game.log.all()))


def test_the_stuck_box_offers_restart(alice_client, alice):
    game = craft_game(
        alice, [(0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0)], ["1B", "2B", "1B", "2B"]
    )
    html = alice_client.get(f"/game/{game.public_id}").content.decode()
    stuck = html[html.index('id="stuck"') : html.index('id="summary"')]
    assert "No pair can be removed." in stuck
    assert f"/game/{game.public_id}/restart" in stuck and f"/game/{game.public_id}/undo" in stuck


def test_a_stranger_cannot_redo_or_restart(client, bob_client):
    game = current_game(client)
    _remove_a_pair(client, game)
    post(client, game, "undo")
    for action in ("redo", "restart"):
        response = bob_client.post(
            f"/game/{game.public_id}/{action}", {"version": game.version + 1}, **HTMX
        )
        assert response.status_code == 404
    game.refresh_from_db()
    assert game.moves == 0
