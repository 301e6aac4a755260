from django.urls import include, path

from . import views

urlpatterns = [
    path("signup", views.signup, name="signup"),
    path("profile", views.profile, name="profile"),
    path("stats", views.my_stats, name="stats"),
    path("players/<int:player_id>", views.player, name="player"),
    # login/, logout/ (POST), password_change/, password_reset/, reset/<uid>/<token>/
    path("", include("django.contrib.auth.urls")),
]
