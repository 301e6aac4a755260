from django.urls import path

from . import views

app_name = "leaderboards"
urlpatterns = [
    path("", views.index, name="index"),
    path("daily", views.daily_today, name="daily_today"),
    path("daily/<str:day>", views.daily, name="daily"),
    path("<str:letter>", views.layout_board, name="layout"),
]
