from django.urls import path

from games.tables.registry import game_kinds

from . import views

app_name = "leaderboards"
urlpatterns = [
    path("", views.index, name="index"),
    path("daily", views.daily_today, name="daily_today"),
    path("daily/<str:day>", views.daily, name="daily"),
    # Each table game's boards: /leaderboards/sanma/normal.
    *(
        pattern
        for kind in game_kinds()
        for pattern in (
            path(kind.key, views.table_index, {"kind": kind}, name=f"{kind.key}_index"),
            path(f"{kind.key}/<str:level>", views.table_game, {"kind": kind}, name=kind.key),
        )
    ),
    path("<str:letter>", views.layout_board, name="layout"),
]
