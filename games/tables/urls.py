"""The URLs of the table games (``/sanma/...``, ``/classic/...``), the same for every
kind: each view gets the kind as ``kind`` and reverses in the kind's namespace."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from . import lobby_views, room_views, views
from .registry import GameKind, game_kinds


def urls_for(kind: GameKind) -> tuple[list[URLPattern], str]:
    """For ``include()``: the game's patterns and its namespace, its key."""
    of = {"kind": kind}
    patterns = [
        path("", views.start, of, name="start"),
        path("new", views.new_table, of, name="new"),
        path("rules", views.rules, of, name="rules"),
        path("rules/steps", views.steps, of, name="steps"),
        path("lobby", lobby_views.lobby_page, of, name="lobby"),
        path("lobby/join", lobby_views.join, of, name="lobby_join"),
        path("lobby/leave", lobby_views.leave, of, name="lobby_leave"),
        path("lobby/bots", lobby_views.with_bots, of, name="lobby_bots"),
        path("lobby/waiting", lobby_views.waiting, of, name="lobby_waiting"),
        path("lobby/counts", lobby_views.counts, of, name="lobby_counts"),
        path("rooms/new", room_views.new_room, of, name="new_room"),
        path("rooms/find", room_views.find_room, of, name="find_room"),
        path("room/<str:code>", room_views.room, of, name="room"),
        path("room/<str:code>/join", room_views.join, of, name="room_join"),
        path("room/<str:code>/leave", room_views.leave, of, name="room_leave"),
        path("room/<str:code>/swap", room_views.swap, of, name="room_swap"),
        path("room/<str:code>/remove", room_views.remove, of, name="room_remove"),
        path("room/<str:code>/start", room_views.start, of, name="room_start"),
        path("<uuid:public_id>", views.table_page, of, name="table"),
        path("<uuid:public_id>/act", views.act, of, name="act"),
        path("<uuid:public_id>/view", views.live_view, of, name="view"),
        path("<uuid:public_id>/overdue", views.overdue, of, name="overdue"),
        path("<uuid:public_id>/away", views.away, of, name="away"),
        path("<uuid:public_id>/toggle", views.toggle, of, name="toggle"),
        path("<uuid:public_id>/leave", views.leave, of, name="leave"),
        path("<uuid:public_id>/rematch", views.rematch, of, name="rematch"),
        path("<uuid:public_id>/replay", views.replay, of, name="replay"),
        path("<uuid:public_id>/sheet", views.sheet, of, name="sheet"),
    ]
    if kind.exports:
        patterns.append(path("<uuid:public_id>/export", views.export, of, name="export"))
    return patterns, kind.key


def game_urls() -> list[URLResolver]:
    """Every registered game's URLs under ``/<key>/``, for the site's URLconf: a new
    table game is served once its app registers its kind."""
    return [path(f"{kind.key}/", include(urls_for(kind))) for kind in game_kinds()]
