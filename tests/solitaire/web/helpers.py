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


def as_if_earlier(game: Game, seconds: float) -> None:
    """As if the game had been dealt, and each of its moves made, ``seconds`` earlier:
    the way a test plays at a human's pace without waiting (docs/site.md#plausible-wins)."""
    from datetime import timedelta

    from django.db.models import F

    from games.solitaire.models import Move

    back = timedelta(seconds=seconds)
    Game.objects.filter(pk=game.pk).update(started_at=F("started_at") - back)
    Move.objects.filter(game=game).update(created_at=F("created_at") - back)


def play_pairs(client, game: Game, pairs, seconds_per_pair: float = 1.0, **data):
    """Tap each pair, each ``seconds_per_pair`` after the move before (0: a script's
    pace); the answer to the last tap."""
    answer = None
    for first, second in pairs:
        if seconds_per_pair:
            as_if_earlier(game, seconds_per_pair)
        tap(client, game, first, **data)
        answer = tap(client, game, second, **data)
    game.refresh_from_db()
    return answer


def play_through(client, game: Game, seconds_per_pair: float = 1.0):
    """Clear the game by its solution at the given pace; the answer to the last tap."""
    return play_pairs(client, game, solution(game), seconds_per_pair)
