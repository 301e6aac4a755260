"""Request helpers for the web tests: the current game, taps and posts, a solution."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from games.solitaire import engine
from games.solitaire.models import Game

HTMX = {"HTTP_HX_REQUEST": "true"}


def game_id_in(location: str) -> str:
    """The game's public id in a redirect to its page (which may carry a query)."""
    return urlsplit(location).path.rstrip("/").rsplit("/", 1)[-1]


def current_game(client) -> Game:
    response = client.get("/")
    assert response.status_code == 302, response
    public_id = game_id_in(response["Location"])
    return Game.objects.get(public_id=public_id)


def post(client, game: Game, action: str, htmx: bool = True, **data):
    game.refresh_from_db()
    data.setdefault("version", game.version)
    return client.post(f"/game/{game.public_id}/{action}", data, **(HTMX if htmx else {}))


def tap(client, game: Game, position: int, htmx: bool = True, **data):
    return post(client, game, "tap", htmx=htmx, position=position, **data)


def tile_attrs(html: str, index: int) -> str:
    match = re.search(rf'<(?:button|span) id="tile-{index}"[^>]*>', html)
    assert match, f"tile {index} not in the answer"
    return match.group(0)


def free_tiles(game: Game) -> list[int]:
    geometry = engine.geometry_for(game.positions)
    return geometry.free_indices(game.occupied_mask)


def matching_free_pair(game: Game) -> tuple[int, int]:
    return engine.free_pairs(engine.geometry_for(game.positions), board(game))[0]


def board(game: Game) -> engine.Board:
    return engine.Board(tuple(game.faces), game.occupied_mask)


def solution(game: Game) -> list[tuple[int, int]]:
    solved = engine.solve(engine.geometry_for(game.positions), board(game), budget=10)
    assert solved.status == "yes"
    return solved.order
