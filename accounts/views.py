"""Sign-up, profile, e-mail confirmation, the stats pages, coins and styles. Log-in,
log-out and the password views are Django's own (accounts/urls.py), the reset with its
mail queued and rate limited."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.encoding import force_str
from django.utils.http import url_has_allowed_host_and_scheme, urlsafe_base64_decode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import i18n as i18n_views
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import languages, limits
from games.players import Player
from games.styles import PART_NAMES, of_part
from games.tables import rating
from games.tables.registry import game_kinds
from games.tables.stats import player_figures as table_figures

from . import addresses, coins
from .forms import CheckInForm, ProfileForm, QueuedPasswordResetForm, SignUpForm, StyleForm
from .models import User
from .stats import history, player_stats

HISTORY_PAGE = 20
LEDGER_PAGE = 30
MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _next_url(request: HttpRequest, default: str = settings.LOGIN_REDIRECT_URL) -> str:
    """Where to go after a post: a path of this site, else ``default``. Only a path: a
    bare word would be taken for a URL name by ``redirect``."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else default


# What a 429 page says, by the limit reached (docs/site.md#rate-limits).
TOO_MANY = {
    "sign-up per address": gettext_lazy("Too many sign-ups from your address."),
    "confirmation per e-mail": gettext_lazy("Too many mails to this e-mail address already."),
    "reset per address": gettext_lazy("Too many password resets from your address."),
    "reset per e-mail": gettext_lazy("Too many reset mails to this e-mail address already."),
}


def too_many(request: HttpRequest, refusal: limits.Refusal) -> HttpResponse:
    return limits.too_many(request, TOO_MANY[refusal.rule], refusal)


def _site(request: HttpRequest) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def _saved[F: forms.ModelForm](form: F) -> tuple[User | None, F]:
    """Save the form; when a concurrent request took the name meanwhile, the database
    refuses it (docs/site.md#display-names) and the form, checked again, says which."""
    try:
        with transaction.atomic():
            return form.save(), form
    except IntegrityError:
        again = type(form)(form.data, instance=form.instance if form.instance.pk else None)
        if again.is_valid():  # taken and given up again in the meantime: say so anyway
            again.add_error(None, _("Somebody else just signed up with these details."))
        return None, again


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A new account, of a user name and a password; the guest's games and free styles in
    this session become its own. An e-mail address, if given, waits for its mailbox
    (docs/site.md#e-mail-addresses)."""
    if request.user.is_authenticated:
        return redirect("stats")
    form = SignUpForm(request.POST or None)
    if request.method == "POST":
        refusal = limits.hit("sign-up per address", limits.address_of(request))
        if refusal is None and form.is_valid():
            address = form.cleaned_data["email"]
            if address:
                refusal = limits.hit("confirmation per e-mail", limits.target_key(address))
            if refusal is None:
                user, form = _saved(form)
                if user is not None:
                    coins.adopt_guest_look(request.session, user)
                    login(request, user, backend=MODEL_BACKEND)  # claims the guest's games
                    if user.pending_email:
                        addresses.ask_to_confirm(user, _site(request))
                    messages.success(request, _welcome(user))
                    return redirect(_next_url(request))
        if refusal is not None:
            return too_many(request, refusal)
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)})


def _welcome(user: User) -> str:
    if not user.pending_email:
        return _(
            "Welcome, %(name)s! Remember your password: without an e-mail address it "
            "cannot be reset. You can add one on your profile at any time."
        ) % {"name": user.public_name}
    return _(
        "Welcome, %(name)s! We sent a mail to %(address)s: follow its link to use the "
        "address for password resets."
    ) % {"name": user.public_name, "address": user.pending_email}


@require_http_methods(["GET", "POST"])
@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        address = form.cleaned_data["email"]
        if address:
            refusal = limits.hit("confirmation per e-mail", limits.target_key(address))
            if refusal is not None:
                return too_many(request, refusal)
        user, form = _saved(form)
        if user is not None:
            text = _("Your profile is saved.")
            if form.needs_mail:
                addresses.ask_to_confirm(user, _site(request))
                text += " " + _(
                    "We sent a mail to %(address)s: the new address counts once you follow "
                    "its link."
                ) % {"address": user.pending_email}
            messages.success(request, text)
            return redirect("profile")
    ratings = [
        (kind, rating.ratings_of(kind.key, [request.user.pk])[request.user.pk])
        for kind in game_kinds()
    ]
    return render(request, "accounts/profile.html", {"form": form, "ratings": ratings})


@require_GET
def confirm_email(request: HttpRequest, uidb64: str, token: str) -> HttpResponse:
    """The link of a confirmation mail: the pending address becomes the account's."""
    try:
        user = User.objects.get(pk=int(force_str(urlsafe_base64_decode(uidb64))))
        addresses.confirm(user, token)
    except (ValueError, OverflowError, User.DoesNotExist, addresses.CannotConfirm) as error:
        taken = isinstance(error, addresses.CannotConfirm) and str(error) == "taken"
        return render(
            request,
            "registration/email_confirmed.html",
            {"failed": True, "taken": taken},
            status=400,
        )
    return render(request, "registration/email_confirmed.html", {"address": user.email})


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page: rate limited per address and per target, its mail queued."""

    form_class = QueuedPasswordResetForm

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        refusal = limits.hit("reset per address", limits.address_of(request))
        if refusal is not None:
            return too_many(request, refusal)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: QueuedPasswordResetForm) -> HttpResponse:
        target = limits.target_key(form.cleaned_data["email"])
        refusal = limits.hit("reset per e-mail", target)
        if refusal is not None:
            return too_many(self.request, refusal)
        return super().form_valid(form)


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
        "tables": [(kind, table_figures(kind, Player(shown))) for kind in game_kinds()],
    }
    return render(request, "accounts/stats.html", context)


# --- coins and styles (docs/site.md#coins, docs/site.md#styles) -------------------------


def _purse(user: User) -> dict:
    """The balance and the last check-in, for the coins and styles pages."""
    return {
        "balance": coins.balance(user),
        "last_check_in": coins.last_check_in(user),
        "check_in_coins": coins.CHECK_IN_COINS,
        "streak_bonus": coins.STREAK_BONUS,
        "check_in_most": coins.CHECK_IN_MOST,
    }


@require_GET
@login_required
def coins_page(request: HttpRequest) -> HttpResponse:
    """The balance, the check-in and the ledger: every coin that came and went."""
    entries = Paginator(coins.ledger(request.user), LEDGER_PAGE).get_page(request.GET.get("page"))
    return render(request, "accounts/coins.html", {**_purse(request.user), "entries": entries})


@require_POST
@login_required
def check_in(request: HttpRequest) -> HttpResponse:
    """Today's check-in: the server's clock in the player's time zone (sent by the
    page)."""
    form = CheckInForm(request.POST)
    try:
        if not form.is_valid():
            raise coins.Refused(
                _("That is no time zone: a check-in needs one from UTC−12 to UTC+14.")
            )
        entry = coins.check_in(request.user, form.cleaned_data["offset"] or 0)
    except coins.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(
            request,
            _("+%(coins)d coins: day %(streak)d of your streak.")
            % {"coins": entry.amount, "streak": entry.streak},
        )
    return redirect(_next_url(request, reverse("coins")))


@require_GET
def styles_page(request: HttpRequest) -> HttpResponse:
    """Every style with its preview: worn, owned or with its price."""
    user = request.user if request.user.is_authenticated else None
    mine = coins.owned(user)
    parts = [
        {"name": name, "styles": [(style, style.key in mine) for style in of_part(part)]}
        for part, name in PART_NAMES.items()
    ]
    context = {"parts": parts, **(_purse(user) if user else {})}
    return render(request, "accounts/styles.html", context)


@require_POST
@login_required
def buy_style(request: HttpRequest) -> HttpResponse:
    form = StyleForm(request.POST)
    try:
        bought = coins.buy(request.user, form.cleaned_data["style"] if form.is_valid() else "")
    except coins.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(
            request,
            _("%(style)s is yours for good, and worn now. %(balance)d coins left.")
            % {"style": bought.style.name, "balance": bought.balance},
        )
    return redirect(_next_url(request, reverse("styles")))


@require_POST
def wear_style(request: HttpRequest) -> HttpResponse:
    """Wear an owned style: on the account, or in a guest's session."""
    form = StyleForm(request.POST)
    try:
        coins.wear(request, form.cleaned_data["style"] if form.is_valid() else "")
    except coins.Refused as refusal:
        messages.error(request, str(refusal))
    return redirect(_next_url(request, reverse("styles")))


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The language switch (docs/site.md#languages): Django's own view sets the cookie
    and goes back to the page; an account also keeps the choice for its other devices."""
    response = i18n_views.set_language(request)
    chosen = request.POST.get("language", "")
    if chosen not in languages.codes():
        return response
    if request.user.is_authenticated and request.user.language != chosen:
        User.objects.filter(pk=request.user.pk).update(language=chosen)
    return response
