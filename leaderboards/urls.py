from django.urls import path

from . import views

app_name = "leaderboards"
urlpatterns = [
    path("", views.index, name="index"),
    path("daily", views.daily_today, name="daily_today"),
    path("daily/<str:day>", views.daily, name="daily"),
    path("sanma", views.sanma_index, name="sanma_index"),
    path("sanma/<str:level>", views.sanma, name="sanma"),
    path("<str:letter>", views.layout_board, name="layout"),
]
