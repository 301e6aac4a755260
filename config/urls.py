from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

from accounts import views as account_views
from games.classic.kind import CLASSIC
from games.sanma.kind import SANMA
from games.tables.urls import urls_for

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
    path("sanma/", include(urls_for(SANMA))),
    path("classic/", include(urls_for(CLASSIC))),
    path("", include("games.solitaire.urls")),
]

handler500 = "config.errors.server_error"
