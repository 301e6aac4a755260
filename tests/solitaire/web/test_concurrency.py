"""Parallel requests on one game never lose or duplicate a move, against PostgreSQL.

Every thread has its own client and database connection, as two browser tabs or a
double tap would; a barrier lets them all go at once.
"""

import pytest
from django.test import Client

from games.solitaire import engine, play
from games.solitaire.models import Game
from tests.factories import craft_game
from tests.parallel import in_parallel

from .helpers import HTMX, board, current_game, matching_free_pair

pytestmark = pytest.mark.django_db(transaction=True)


def _tab_of(client) -> Client:
    """Another tab of the same browser: a new client with the same session cookie."""
    tab = Client()
    tab.cookies = client.cookies
    return tab


def _post(client, game, action, **data):
    return lambda: client.post(f"/game/{game.public_id}/{action}", data, **HTMX)


def _assert_consistent(game: Game) -> None:
    """The stored board is exactly what the move log replays to, numbered without gaps."""
    game.refresh_from_db()
    log = list(game.log.order_by("number"))
    assert [move.number for move in log] == list(range(1, game.version + 1))
    boards = play.history(game, log)
    assert boards[-1] == board(game)
    assert game.moves == len(boards) - 1


def test_a_burst_of_double_taps_removes_the_pair_once(client):
    game = current_game(client)
    a, b = matching_free_pair(game)
    client.post(f"/game/{game.public_id}/tap", {"position": a, "version": 0}, **HTMX)
    tabs = [_tab_of(client) for _ in range(8)]
    responses = in_parallel([_post(tab, game, "tap", position=b, version=0) for tab in tabs])
    assert all(response.status_code == 200 for response in responses)
    game.refresh_from_db()
    assert game.moves == 1 and game.log.count() == 1
    _assert_consistent(game)


def test_two_tabs_playing_at_once_keep_the_log_whole(client):
    game = current_game(client)
    tabs = [_tab_of(client), _tab_of(client)]
    for _ in range(6):
        game.refresh_from_db()
        pairs = engine.free_pairs(engine.geometry_for(game.positions), board(game))
        if not pairs:
            break
        moves = game.moves
        a, b = pairs[0]
        c, d = pairs[-1]
        # Both tabs, seeing the same board with nothing selected, each select a tile at
        # the same moment; then each completes its own pair, naming the selection its
        # page showed (as a real page does). Exactly one selection stood, so in either
        # order exactly that tab's pair goes and the other tap is stale.
        in_parallel(
            [
                _post(tabs[0], game, "tap", position=a, version=game.version, selected=""),
                _post(tabs[1], game, "tap", position=c, version=game.version, selected=""),
            ]
        )
        in_parallel(
            [
                _post(tabs[0], game, "tap", position=b, version=game.version, selected=a),
                _post(tabs[1], game, "tap", position=d, version=game.version, selected=c),
            ]
        )
        _assert_consistent(game)
        assert game.moves == moves + 1


def test_a_win_racing_an_undo_leaves_one_consistent_outcome(alice, alice_client):
    positions = [(0, 0, 0), (4, 0, 0), (8, 0, 0), (12, 0, 0)]
    game = craft_game(alice, positions, ["F1", "F2", "S1", "S2"])
    for position, version in ((0, 0), (1, 0), (2, 1)):
        alice_client.post(
            f"/game/{game.public_id}/tap", {"position": position, "version": version}, **HTMX
        )
    other = _tab_of(alice_client)
    in_parallel(
        [
            _post(alice_client, game, "tap", position=3, version=1),
            _post(other, game, "undo", version=1),
        ]
    )
    game.refresh_from_db()
    _assert_consistent(game)
    if game.status == Game.Status.WON:
        assert game.undos == 0 and game.occupied_mask == 0
    else:
        assert game.undos == 1 and game.occupied_mask == 0b1111 and game.moves == 0
