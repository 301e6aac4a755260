"""Sign-up, profile and the stats pages. Log-in, log-out and the password
views are Django's own (accounts/urls.py)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.players import Player
from games.sanma.stats import player_figures as sanma_figures

from .forms import ProfileForm, SignUpForm
from .models import User
from .stats import history, player_stats

HISTORY_PAGE = 20
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else settings.LOGIN_REDIRECT_URL


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account; the guest's games in this session become its games."""
    if request.user.is_authenticated:
        return redirect("stats")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=MODEL_BACKEND)  # claims the guest's games
        messages.success(request, _("Welcome, %(name)s!") % {"name": user.public_name})
        return redirect(_next_url(request))
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})


@require_http_methods(["GET", "POST"])
@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your profile is saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})


@require_GET
@login_required
def my_stats(request: HttpRequest) -> HttpResponse:
    return _stats_page(request, request.user)


@require_GET
def player(request: HttpRequest, player_id: int) -> HttpResponse:
    """A player's public page: the figures under their display name. The game history
    is for the player alone (it tells when somebody plays)."""
    shown = get_object_or_404(User, pk=player_id, is_active=True)
    return _stats_page(request, shown)


def _stats_page(request: HttpRequest, shown: User) -> HttpResponse:
    own = shown.pk == request.user.pk
    games = None
    if own:
        games = Paginator(history(shown), HISTORY_PAGE).get_page(request.GET.get("page"))
    context = {
        "shown": shown,
        "own": own,
        "stats": player_stats(shown),
        "games": games,
        "sanma": sanma_figures(Player(shown)),
    }
    return render(request, "accounts/stats.html", context)
