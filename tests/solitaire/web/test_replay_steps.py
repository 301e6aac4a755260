"""A replay steps through a game's log move by move, forward, back, to the start and to
the end: an uploaded export, and the player's own finished games from the stats page
(docs/solitaire.md#export-and-replay)."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.solitaire import engine
from games.solitaire.models import Game

from .helpers import HTMX, current_game, matching_free_pair, post, tap

pytestmark = pytest.mark.django_db


def _tiles(html: str) -> dict[tuple[int, int, int], str]:
    found = re.findall(
        r'<span class="tile[^"]*"[^>]*data-x="(\d+)" data-y="(\d+)" data-z="(\d+)" '
        r'data-tile="([^"]*)"',
        html,
    )
    return {(int(x), int(y), int(z)): face for x, y, z, face in found}


def _board_tiles(game: Game, board: engine.Board) -> dict[tuple[int, int, int], str]:
    return {
        tuple(position): board.faces[i]
        for i, position in enumerate(game.positions)
        if board.occupied >> i & 1
    }


def _played(client) -> Game:
    """A game of removals, an undo, a redo and a restart, then one more removal."""
    game = current_game(client)
    for _ in range(2):
        game.refresh_from_db()
        a, b = matching_free_pair(game)
        tap(client, game, a)
        tap(client, game, b)
    for action in ("undo", "redo", "restart"):
        post(client, game, action)
    game.refresh_from_db()
    a, b = matching_free_pair(game)
    tap(client, game, a)
    tap(client, game, b)
    game.refresh_from_db()
    return game


def _boards_after_each_entry(game: Game) -> list[engine.Board]:
    from games.solitaire import play

    log = list(game.log.all())
    return [play.history(game, log[:step])[-1] for step in range(len(log) + 1)]


def test_an_export_steps_forward_back_and_to_either_end(client):
    game = _played(client)
    export = client.get(f"/game/{game.public_id}/export").content
    boards = _boards_after_each_entry(game)
    assert len(boards) == 7  # the deal and six entries

    page = client.post("/replay", {"export": SimpleUploadedFile("g.json", export)})
    html = page.content.decode()
    assert page.status_code == 200 and 'data-step="0"' in html
    assert _tiles(html) == _board_tiles(game, boards[0])
    assert "The deal: 6 moves follow" in html

    for step in (1, 2, 3, 4, 5, 6, 3, 0, 6):
        response = client.post("/replay", {"export_text": export.decode(), "step": step})
        html = response.content.decode()
        assert f'data-step="{step}"' in html
        assert _tiles(html) == _board_tiles(game, boards[step]), step
    assert "Move 6 of 6" in html
    step_texts = [
        client.post("/replay", {"export_text": export.decode(), "step": step}).content.decode()
        for step in (3, 4, 5)
    ]
    assert "The last move undone." in step_texts[0]
    assert "made again" in step_texts[1]
    assert "Restarted: back to the deal." in step_texts[2]


def test_the_next_pair_is_marked_on_the_board(client):
    game = _played(client)
    export = client.get(f"/game/{game.public_id}/export").content.decode()
    first = game.log.get(number=1)
    html = client.post("/replay", {"export_text": export, "step": 0}).content.decode()
    marked = re.findall(r'<span class="tile is-marked"[^>]*data-x="(\d+)" data-y="(\d+)"', html)
    expected = {tuple(game.positions[i][:2]) for i in (first.first, first.second)}
    assert {(int(x), int(y)) for x, y in marked} == expected


def test_a_step_over_htmx_answers_with_the_stepper_alone(client):
    game = _played(client)
    export = client.get(f"/game/{game.public_id}/export").content.decode()
    response = client.post("/replay", {"export_text": export, "step": 2}, **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="stepper"') and "<html" not in html


def test_a_step_with_a_tampered_export_is_refused(client):
    game = _played(client)
    export = client.get(f"/game/{game.public_id}/export").content.decode()
    forged = export.replace('"kind": "restart"', '"kind": "redo"')
    response = client.post("/replay", {"export_text": forged, "step": 2})
    assert response.status_code == 400
    assert "do not follow the rules" in response.content.decode()
    assert client.post("/replay", {"export_text": export, "step": "x"}).status_code == 400


def test_an_own_finished_game_replays_from_the_stats_page(alice_client, alice):
    game = _played(alice_client)
    boards = _boards_after_each_entry(game)
    post(alice_client, game, "undo")  # still in play: no replay yet
    assert alice_client.get(f"/game/{game.public_id}/replay").status_code == 409
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)

    stats = alice_client.get("/accounts/stats").content.decode()
    assert f"/game/{game.public_id}/replay" in stats
    first = alice_client.get(f"/game/{game.public_id}/replay").content.decode()
    assert _tiles(first) == _board_tiles(game, boards[0])
    third = alice_client.get(f"/game/{game.public_id}/replay?step=3").content.decode()
    assert _tiles(third) == _board_tiles(game, boards[3]) and "Move 3 of 7" in third
    beyond = alice_client.get(f"/game/{game.public_id}/replay?step=99").content.decode()
    assert "Move 7 of 7" in beyond  # clamped to the end
    partial = alice_client.get(f"/game/{game.public_id}/replay?step=1", **HTMX).content.decode()
    assert partial.lstrip().startswith('<section id="stepper"')


def test_nobody_replays_someone_elses_game(alice_client, alice, bob_client):
    game = _played(alice_client)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABANDONED)
    assert bob_client.get(f"/game/{game.public_id}/replay").status_code == 404
