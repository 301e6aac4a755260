from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts import views as account_views
from games.tables.urls import game_urls

from . import health

urlpatterns = [
    path("health", health.health, name="health"),
    path("ping", health.ping, name="ping"),
    path(
        "robots.txt",
        TemplateView.as_view(template_name="robots.txt", content_type="text/plain"),
        name="robots",
    ),
    path("admin/", admin.site.urls),
    path("language", account_views.set_language, name="set_language"),
    path("accounts/", include("accounts.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    *game_urls(),  # the apps' ready() registered the kinds before Django loads this
    path("", include("games.solitaire.urls")),
]

handler500 = "config.errors.server_error"
