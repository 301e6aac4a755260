from django.urls import path

app_name = "leaderboards"
urlpatterns: list = []
