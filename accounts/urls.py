from django.contrib.auth import views as auth_views
from django.urls import include, path

from . import views
from .forms import LogInForm

urlpatterns = [
    path("signup", views.signup, name="signup"),
    path("profile", views.profile, name="profile"),
    path("stats", views.my_stats, name="stats"),
    path("players/<int:player_id>", views.player, name="player"),
    path("login/", auth_views.LoginView.as_view(authentication_form=LogInForm), name="login"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("confirm/<uidb64>/<token>", views.confirm_email, name="confirm_email"),
    # login/, logout/ (POST), password_change/, password_reset/, reset/<uid>/<token>/
    path("", include("django.contrib.auth.urls")),
]
