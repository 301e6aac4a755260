"""Export a game and replay the export to the same board (docs/solitaire.md#export-and-replay)."""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.solitaire.models import Game

from .helpers import current_game, matching_free_pair, post, tap

pytestmark = pytest.mark.django_db


def _upload(client, payload) -> str:
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    response = client.post("/replay", {"export": SimpleUploadedFile("game.json", raw)})
    return response


def _play_some_moves(client, game, count=3):
    for _ in range(count):
        game.refresh_from_db()
        a, b = matching_free_pair(game)
        tap(client, game, a)
        tap(client, game, b)
    post(client, game, "undo")
    game.refresh_from_db()


def test_an_export_has_the_code_and_the_move_log(client):
    game = current_game(client)
    _play_some_moves(client, game)
    response = client.get(f"/game/{game.public_id}/export")
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = response.json()
    assert data["code"] == game.code and data["positions"] == game.positions
    assert [m["kind"] for m in data["moves"]] == ["remove", "remove", "remove", "undo"]


def _tiles_shown(html: str) -> list[str]:
    return re.findall(r'<span class="tile[^"]*"[^>]*data-tile="[^"]*"', html)


def test_an_uploaded_export_replays_to_the_same_board(client):
    game = current_game(client)
    _play_some_moves(client, game)
    export = client.get(f"/game/{game.public_id}/export").content
    response = _upload(client, export)
    assert response.status_code == 200
    html = response.content.decode()
    left = bin(game.occupied_mask).count("1")
    assert f'data-left="{left}"' in html  # the summary names where the log ends
    assert len(_tiles_shown(html)) == 36  # and the stepper starts at the deal
    assert 'data-step="0"' in html

    end = client.post("/replay", {"export_text": export.decode(), "step": 4})
    html = end.content.decode()
    assert end.status_code == 200 and 'data-step="4"' in html
    assert len(_tiles_shown(html)) == left
    for index, face in enumerate(game.faces):
        if game.occupied_mask >> index & 1:
            x, y, z = game.positions[index]
            assert f'data-x="{x}" data-y="{y}" data-z="{z}" data-tile="{face}"' in html


def test_a_stranger_cannot_export_someone_elses_game(client, bob_client):
    game = current_game(client)
    assert bob_client.get(f"/game/{game.public_id}/export").status_code == 404


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (
            lambda d: d["moves"].append({"kind": "remove", "tiles": [0, 0]}),
            "do not follow the rules",
        ),
        (
            lambda d: d["moves"].append({"kind": "remove", "tiles": [0, 9999]}),
            "do not follow the rules",
        ),
        (lambda d: d["moves"].append({"kind": "fly"}), "is not a removal"),
        (lambda d: d["moves"].append({"kind": "shuffle", "faces": ["1B"] * 36}), "do not follow"),
        (lambda d: d.update(code="abc"), "is not a game code"),
        (lambda d: d.update(format="other"), "is not a game export"),
        (lambda d: d.update(positions=[[0, 0, 0]]), "no valid layout"),
        (lambda d: d.update(moves="all of them"), "missing or too long"),
    ],
)
def test_a_forged_export_is_refused_with_a_reason(client, mutate, message):
    game = current_game(client)
    _play_some_moves(client, game, count=1)
    data = client.get(f"/game/{game.public_id}/export").json()
    mutate(data)
    response = _upload(client, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Game.objects.count() == 1


def test_a_file_that_is_no_json_is_refused(client):
    response = _upload(client, b"\x00\xffnot json")
    assert response.status_code == 400 and "is not JSON" in response.content.decode()


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 50_000,
        b'{"format": "mahjong-solitaire-game/1", "code": "1-a", "positions": [['
        + b"9" * 5000
        + b", 0, 0]]}",
    ],
)
def test_pathological_json_is_refused_not_a_crash(client, raw):
    assert _upload(client, raw).status_code == 400
