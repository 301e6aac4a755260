"""Thin views: read the request, call play.py or daily.py, render the page or the
partial answer.

Every action is a plain form post. HTMX posts it and gets back only what changed (as
out-of-band swaps); without JavaScript the server redirects back to the whole page
(docs/solitaire.md#without-javascript).
"""

from __future__ import annotations

import uuid

from django import forms
from django.conf import settings
from django.core import signing
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from games import languages
from games.players import SessionKey, known_player, player_of

from . import daily, engine, exports, how_to_play, picker, play, problems, sightings
from .forms import (
    ActionForm,
    LayoutFilterForm,
    NewGameForm,
    NoFieldsForm,
    PreferencesForm,
    ReplayStepForm,
    ReplayUploadForm,
    TapForm,
)
from .layout_pictures import layout_svg
from .models import Game, Layout
from .outcomes import Outcome
from .presenters import (
    answer_markup,
    board_context,
    replay_context,
    still_board,
    summary_context,
)


def problem(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    """Bad input or a missing thing, said in words, with the way back to a game."""
    context = {"message": message, "layouts": Layout.objects.active()}
    return render(request, "solitaire/problem.html", context, status=status)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Resume the player's game, or deal one."""
    try:
        game = play.current_or_new_game(player_of(request))
    except play.CannotDeal as error:
        return problem(request, str(error), error.status)
    return _to_game(request, game)


def _own_game(request: HttpRequest, public_id: uuid.UUID) -> Game:
    """The player's game by its id; 404 for anybody else's."""
    games = Game.objects.of(player_of(request)).select_related("layout")
    return get_object_or_404(games, public_id=public_id)


# A game dealt for a request that carried no session cookie is reached through a link
# marked for a minute, so that a browser that keeps no cookies is told why the game is
# not its own instead of getting "not found" (docs/solitaire.md#without-cookies).
_DEALT = signing.TimestampSigner(salt="solitaire.dealt-without-cookie")
_DEALT_SECONDS = 60


def _to_game(request: HttpRequest, game: Game) -> HttpResponse:
    url = reverse("game", kwargs={"public_id": game.public_id})
    if settings.SESSION_COOKIE_NAME not in request.COOKIES:
        # The signature of the game's id and the time; the id itself is in the path.
        mark = _DEALT.sign(str(game.public_id)).removeprefix(f"{game.public_id}:")
        url += "?" + urlencode({"dealt": mark})
    return redirect(url)


def _dealt_without_cookie(request: HttpRequest, public_id: uuid.UUID) -> bool:
    """This request came, still without a cookie, from the link that dealt the game."""
    if settings.SESSION_COOKIE_NAME in request.COOKIES:
        return False
    try:
        _DEALT.unsign(f"{public_id}:{request.GET.get('dealt', '')}", max_age=_DEALT_SECONDS)
    except signing.BadSignature:
        return False
    return True


@require_GET
def game_page(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    if _dealt_without_cookie(request, public_id):
        message = _(
            "This site remembers whose game this is with a cookie, and your browser sent "
            "none back. Please allow cookies for this site, then open it again."
        )
        return problem(request, message, status=403)
    game = _own_game(request, public_id)
    if not game.paused_at:  # a paused board shows no faces
        sightings.record(player_of(request), game.code)  # docs/site.md#a-deal-open-elsewhere
    return render(request, "solitaire/game.html", _page_context(request, game))


@require_GET
def game_replay(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """A finished game of the player's, step by step from the deal (``?step=``)."""
    game = _own_game(request, public_id)
    if game.status == Game.Status.PLAYING:
        return problem(request, _("A game still in play is replayed once it is over."), 409)
    try:  # another game of the same deal may be paused
        play.check_deal_may_be_shown(
            player_of(request), engine.parse_code(game.code), daily.utc_today()
        )
    except play.CannotDeal as error:
        return problem(request, str(error), error.status)
    sightings.record(player_of(request), game.code)
    form = ReplayStepForm(request.GET)
    step = form.cleaned_data.get("step") if form.is_valid() else None
    context = {
        "game": game,
        "code": game.code,
        **replay_context(game, list(game.log.all()), 0 if step is None else step),
    }
    template = "solitaire/replay.html#stepper" if request.htmx else "solitaire/replay.html"
    return render(request, template, context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """How to play, in the page's language (docs/solitaire.md#how-to-play)."""
    layouts = [
        {"layout": layout, "picture": how_to_play.layout_picture(layout)}
        for layout in Layout.objects.active()
    ]
    context = {"pictures": how_to_play.pictures(), "layouts": layouts}
    return render(request, languages.template_for("solitaire/rules_{language}.html"), context)


def _page_context(request: HttpRequest, game: Game, outcome: Outcome | None = None) -> dict:
    return {
        **board_context(request, game, outcome),
        **summary_context(request, game),
        "layouts": Layout.objects.active(),
    }


@require_GET
def export_game(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The game's code and move log as a JSON download."""
    game = _own_game(request, public_id)
    if game.paused_at:  # docs/solitaire.md#what-a-player-may-see
        return problem(
            request, _("Resume the game to export it: paused, its tiles are hidden."), 409
        )
    sightings.record(player_of(request), game.code)
    response = JsonResponse(exports.export_game(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="mahjong-{game.code}.json"'
    return response


@require_http_methods(["GET", "POST"])
def replay_game(request: HttpRequest) -> HttpResponse:
    """Replay an uploaded export from its deal, step by step. A step posts the export
    again (the page keeps it), so no export is ever stored on the server."""
    stepping = ReplayStepForm(request.POST) if "export_text" in request.POST else None
    form = ReplayUploadForm(None if stepping else request.POST or None, request.FILES or None)
    context: dict = {"form": form}
    if request.method != "POST":
        return render(request, "solitaire/replay.html", context)
    if stepping is not None:
        if not stepping.is_valid():
            context["problem"] = _("This replay cannot go on: please upload the file again.")
            return render(request, "solitaire/replay.html", context, status=400)
        raw, step = stepping.cleaned_data["export_text"].encode(), stepping.cleaned_data["step"]
    elif form.is_valid():
        raw, step = form.cleaned_data["export"].read(), 0
    else:
        return render(request, "solitaire/replay.html", context, status=400)
    try:
        replay = exports.replay_export(raw)
        shown = engine.parse_code(replay.code)
        # Checked at every step: a game of this deal may have been paused meanwhile.
        play.check_deal_may_be_shown(player_of(request), shown, daily.utc_today())
    except exports.BadExport as error:
        context["problem"] = str(error)
        return render(request, "solitaire/replay.html", context, status=400)
    except play.CannotDeal as error:
        context["problem"] = str(error)
        return render(request, "solitaire/replay.html", context, status=error.status)
    sightings.record(player_of(request), replay.code)
    context |= {
        "replay": replay,
        "code": replay.code,
        "export_text": raw.decode(),
        **replay_context(replay.game, replay.log, step),
    }
    stepper = stepping is not None and request.htmx
    return render(request, f"solitaire/replay.html{'#stepper' if stepper else ''}", context)


@require_GET
def play_code(request: HttpRequest, code: str | None = None) -> HttpResponse:
    """Open a deal by its code: from a shared link, or typed into the menu (then the
    answer is the link's address)."""
    try:
        parsed = engine.parse_code(code if code is not None else request.GET.get("code", ""))
        opened = play.open_code(player_of(request), parsed, daily.utc_today())
    except engine.InvalidGameCode as error:
        return problem(request, problems.say(error.problem))
    except play.CannotDeal as error:
        return problem(request, str(error), error.status)
    if code is None:
        return redirect("play", code=str(parsed))
    if isinstance(opened, Game):
        return _to_game(request, opened)
    return redirect("daily", day=opened.isoformat())


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    try:
        game = play.new_game(player_of(request), NewGameForm(request.POST).letter())
    except play.CannotDeal as error:
        return problem(request, str(error), error.status)
    url = reverse("game", kwargs={"public_id": game.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_GET
def layout_picker(request: HttpRequest) -> HttpResponse:
    """Every layout offered as a small picture with its figures; a tap on one deals a
    new game there through ``new_game`` (docs/solitaire.md#the-layout-picker). The
    filters are a plain GET form; HTMX swaps only the grid."""
    form = LayoutFilterForm(request.GET)
    filters = form.filters()
    context = {
        "form": form,
        "cards": picker.cards(known_player(request), **filters),
        "sizes": picker.size_choices(),
        "chosen": filters,
    }
    template = "solitaire/layouts.html#grid" if request.htmx else "solitaire/layouts.html"
    return render(request, template, context, status=200 if form.is_valid() else 400)


@require_GET
def layout_picture(request: HttpRequest, letter: str) -> HttpResponse:
    """The picture of an empty layout, as SVG; a layout's positions never change while
    games are dealt on it, so browsers may keep it for a day."""
    layout = Layout.objects.active().filter(letter=letter).first()
    if layout is None:
        return HttpResponse(status=404)
    # No title in it: it is the same in every language, and the page names the layout.
    response = HttpResponse(layout_svg(layout.positions), content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


# The actions on a game: what each posts, and the play.py function that applies it.
ACTIONS: dict[str, tuple[type[forms.Form], play.Action]] = {
    "tap": (TapForm, play.tap),
    "undo": (ActionForm, play.undo),
    "redo": (ActionForm, play.redo),
    "restart": (ActionForm, play.restart),
    "shuffle": (ActionForm, play.shuffle),
    "hint": (NoFieldsForm, play.hint),
    "pause": (NoFieldsForm, play.pause),
    "resume": (NoFieldsForm, play.resume),
}


@require_POST
def game_action(request: HttpRequest, public_id: uuid.UUID, action: str) -> HttpResponse:
    """A POST on /game/<id>/<action>: 404 for a stranger's game, whatever it posts."""
    form_class, apply = ACTIONS[action]
    form = form_class(request.POST)
    player = player_of(request)
    if not form.is_valid() and "position" in form.errors:
        if not play.owns(player, public_id):
            return problem(request, _("This game does not exist or is not yours."), 404)
        return problem(request, _("Please tap a tile of the board."))
    outcome = apply(player, public_id, **form.arguments())
    if outcome is None:
        return problem(request, _("This game does not exist or is not yours."), 404)
    return _answer(request, outcome)


@require_POST
def nudge(request: HttpRequest, public_id: uuid.UUID) -> JsonResponse | HttpResponse:
    """The gentle help asks for its pair once the player has been idle: a pair only when
    it is due (docs/solitaire.md#gentle-help), else none."""
    outcome = play.nudge(player_of(request), public_id)
    if outcome is None:
        return problem(request, _("This game does not exist or is not yours."), 404)
    return JsonResponse({"pair": list(outcome.hint_pair or ())})


def _answer(request: HttpRequest, outcome: Outcome) -> HttpResponse:
    """The partial answer for HTMX, the whole page (by redirect) without it."""
    game = outcome.game
    if not request.htmx:
        outcome.keep(request.session)
        return redirect("game", public_id=game.public_id)
    fragment = answer_markup(request, outcome)
    if fragment is not None:
        response = HttpResponse(fragment)
    else:
        context = _page_context(request, game, outcome=outcome)
        response = render(request, "solitaire/game.html#full_answer", context)
    return trigger_client_event(
        response,
        "mahjong:board",
        {"moves": game.moves, "version": game.version, "selected": game.selected},
    )


@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    """Dimming of blocked tiles, kept in the session."""
    form = PreferencesForm(request.POST)
    form.is_valid()  # a choice not offered is ignored; the page still goes back
    chosen = form.cleaned_data
    if chosen.get("dim"):
        request.session[SessionKey.DIM] = chosen["dim"] == "on"
    target = chosen.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("home")
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return HttpResponseRedirect(target)


# --- the daily puzzle -------------------------------------------------------------------


@require_GET
def daily_today(request: HttpRequest) -> HttpResponse:
    """Today's puzzle by the server's UTC date; with JavaScript, the page's links carry
    the player's own date instead (docs/solitaire.md#opening-the-daily-puzzle)."""
    return redirect("daily", day=daily.utc_today().isoformat())


@require_GET
def daily_page(request: HttpRequest, day: str) -> HttpResponse:
    """The daily puzzle of the player's date: the result of their first win of it, or
    their game of it."""
    try:
        opened = daily.open_day(player_of(request), daily.playable_day(day, daily.utc_today()))
    except daily.InvalidDay as error:
        return problem(request, str(error))
    except LookupError:
        return problem(request, _("The daily puzzle is not available yet."), status=503)
    if opened.won is None:
        return _to_game(request, opened.game)
    won = opened.won
    dealt = engine.Board(tuple(won.initial_faces), engine.geometry_for(won.positions).full_mask)
    # A game of this deal that the player has paused keeps it hidden here too.
    shown = play.may_see_deal(player_of(request), engine.parse_code(won.code), daily.utc_today())
    context = {
        "puzzle": opened.puzzle,
        "game": won,
        **summary_context(request, won),
        "greedy_percent": round(opened.puzzle.greedy_win_share * 100),
        **still_board(won.positions, dealt, hidden=not shown),
    }
    return render(request, "solitaire/daily.html", context)
