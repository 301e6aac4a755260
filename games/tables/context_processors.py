"""What every page knows of the table games: the header lists them (docs/site.md#the-header)."""

from __future__ import annotations

from django.http import HttpRequest

from .registry import game_kinds


def table_games(request: HttpRequest) -> dict:
    return {"table_games": list(game_kinds())}
