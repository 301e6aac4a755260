from django.urls import path

from . import views

app_name = "leaderboards"
urlpatterns = [
    path("", views.index, name="index"),
    path("daily", views.daily_today, name="daily_today"),
    path("daily/<str:day>", views.daily, name="daily"),
    path("sanma", views.table_index, {"kind": "sanma"}, name="sanma_index"),
    path("sanma/<str:level>", views.table_game, {"kind": "sanma"}, name="sanma"),
    path("classic", views.table_index, {"kind": "classic"}, name="classic_index"),
    path("classic/<str:level>", views.table_game, {"kind": "classic"}, name="classic"),
    path("<str:letter>", views.layout_board, name="layout"),
]
