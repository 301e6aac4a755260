"""Thin views: read the request, call play.py, render the page or the partial answer.

Every action is a plain form post. HTMX posts it and gets back only what changed (as
out-of-band swaps); without JavaScript the server redirects back to the whole page
(P13).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable

from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from . import daily, engine, exports, play
from .forms import ReplayUploadForm
from .models import DailyPuzzle, Game, Layout
from .presenters import board_context, still_board, summary_context

FIRST_LAYOUT = "a"  # Pavillon: what a new visitor gets (L2)


def owner_of(request: HttpRequest) -> play.Owner:
    """The player: their account, or a guest id created once per session (A2)."""
    if request.user.is_authenticated:
        return play.Owner(request.user)
    guest_id = request.session.get("guest_id")
    if not guest_id:
        guest_id = request.session["guest_id"] = uuid.uuid4().hex
    return play.Owner(None, guest_id)


def _bad_request(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    layouts = Layout.objects.active()
    return render(
        request, "solitaire/problem.html", {"message": message, "layouts": layouts}, status=status
    )


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """Resume the player's game, or deal the first layout for a new visitor."""
    owner = owner_of(request)
    game = owner.games().playing().order_by("-created_at").first()
    if game is None:
        last = owner.games().order_by("-created_at").select_related("layout").first()
        layout = last.layout if last and last.layout.active else None
        layout = layout or Layout.objects.active().filter(letter=FIRST_LAYOUT).first()
        layout = layout or Layout.objects.active().first()
        if layout is None:
            return _bad_request(request, _("No layout is available yet."), status=503)
        game = play.start_game(owner, layout)
    return redirect("game", public_id=game.public_id)


def _own_game(request: HttpRequest, public_id: uuid.UUID) -> Game:
    """The player's game by its id; 404 for anybody else's."""
    return get_object_or_404(
        owner_of(request).games().select_related("layout"), public_id=public_id
    )


@require_GET
def game_page(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    game = _own_game(request, public_id)
    return render(request, "solitaire/game.html", _page_context(request, game))


def _page_context(request: HttpRequest, game: Game, outcome: play.Outcome | None = None) -> dict:
    return {
        **board_context(request, game, outcome),
        **summary_context(request, game),
        "layouts": Layout.objects.active(),
    }


@require_GET
def export_game(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The game's code and move log as a JSON download (S4)."""
    game = _own_game(request, public_id)
    response = JsonResponse(exports.export_game(game), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="mahjong-{game.code}.json"'
    return response


@require_http_methods(["GET", "POST"])
def replay_game(request: HttpRequest) -> HttpResponse:
    """Replay an uploaded export from its deal and show where it ends (S4)."""
    form = ReplayUploadForm(request.POST or None, request.FILES or None)
    context: dict = {"form": form}
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            try:
                replay = exports.replay_export(form.cleaned_data["export"].read())
            except exports.BadExport as error:
                context["problem"] = str(error)
            else:
                status = 200
                context |= {"replay": replay, **still_board(replay.positions, replay.board)}
    return render(request, "solitaire/replay.html", context, status=status)


def _layout_for(letter: str) -> Layout | None:
    return Layout.objects.filter(letter=letter).first()


@require_GET
def play_code(request: HttpRequest, code: str | None = None) -> HttpResponse:
    """Open a deal by its code (D3): from a shared link or the menu's code field."""
    text = code if code is not None else request.GET.get("code", "")
    try:
        parsed = engine.parse_code(text)
    except engine.InvalidGameCode as error:
        return _bad_request(request, str(error))
    layout = _layout_for(parsed.letter)
    if layout is None or not (layout.active or _owns_a_game_on(request, layout)):
        return _bad_request(
            request,
            _("There is no layout “%(letter)s”, so “%(code)s” is no game code.")
            % {"letter": parsed.letter, "code": parsed},
            status=404,
        )
    if code is None:
        return redirect("play", code=str(parsed))
    owner = owner_of(request)
    open_day = daily.open_day_of(str(parsed), owner, daily.utc_today())
    if open_day is not None:
        return redirect("daily", day=open_day.isoformat())
    # The player's own unfinished game of this deal is resumed, not thrown away.
    game = owner.games().playing().filter(code=str(parsed)).first()
    game = game or play.start_game(owner, layout, seed=parsed.seed)
    return redirect("game", public_id=game.public_id)


def _owns_a_game_on(request: HttpRequest, layout: Layout) -> bool:
    return owner_of(request).games().filter(layout=layout).exists()


@require_POST
def new_game(request: HttpRequest) -> HttpResponse:
    layout = _layout_for(request.POST.get("layout", ""))
    if layout is None or not layout.active:
        return _bad_request(request, _("Please choose one of the layouts offered."))
    game = play.start_game(owner_of(request), layout, replaces_current=True)
    return _go_to(request, game)


def _go_to(request: HttpRequest, game: Game) -> HttpResponse:
    url = reverse("game", kwargs={"public_id": game.public_id})
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def _version(request: HttpRequest) -> int | None:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return None


def _answer(request: HttpRequest, outcome: play.Outcome) -> HttpResponse:
    """The partial answer for HTMX, the whole page (by redirect) without it."""
    game = outcome.game
    if not request.htmx:
        if outcome.kind in {"blocked", "hinted", "hopeless"}:
            # Carry the one-off message across the redirect.
            request.session["last_outcome"] = _outcome_note(outcome)
        return redirect("game", public_id=game.public_id)
    context = _page_context(request, game, outcome=outcome)
    template = "solitaire/game.html#full_answer" if outcome.full else "solitaire/game.html#answer"
    response = render(request, template, context)
    return trigger_client_event(
        response,
        "mahjong:board",
        {"moves": game.moves, "version": game.version, "selected": game.selected},
    )


def _outcome_note(outcome: play.Outcome) -> dict:
    return {
        "kind": outcome.kind,
        "reason": outcome.reason,
        "blockers": outcome.blockers,
        "changed": sorted(outcome.changed),
        "hint_pair": list(outcome.hint_pair or ()),
        "undos_to_winnable": outcome.undos_to_winnable,
        "tapped": outcome.tapped,
        "version": outcome.game.version,
        "game": outcome.game.pk,
    }


def _game_action(action: Callable[..., play.Outcome | None]):
    """Wrap play.py's function for a POST on /game/<id>/...: 404 for a stranger's game."""

    @require_POST
    def view(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
        try:
            outcome = action(request, owner_of(request), public_id)
        except Game.DoesNotExist:
            return _bad_request(request, _("This game does not exist or is not yours."), 404)
        if outcome is None:
            return _bad_request(request, _("Please tap a tile of the board."))
        return _answer(request, outcome)

    view.__name__ = action.__name__
    return view


def _tap(request: HttpRequest, owner: play.Owner, public_id: uuid.UUID) -> play.Outcome | None:
    try:
        position = int(request.POST.get("position", ""))
    except ValueError:
        # Say "bad input" only to the game's owner; a stranger learns nothing.
        if not owner.games().filter(public_id=public_id).exists():
            raise Game.DoesNotExist from None
        return None
    return play.tap(owner, public_id, position, _version(request), _seen_selection(request))


def _seen_selection(request: HttpRequest) -> int | None | play.Unseen:
    seen = request.POST.get("selected")
    if seen is None:
        return play.UNSEEN
    try:
        return int(seen) if seen else None
    except ValueError:
        return -1  # matches no selection: the page gets the board afresh


def _undo(request: HttpRequest, owner: play.Owner, public_id: uuid.UUID) -> play.Outcome | None:
    return play.undo(owner, public_id, _version(request))


def _shuffle(request: HttpRequest, owner: play.Owner, public_id: uuid.UUID) -> play.Outcome | None:
    return play.shuffle(owner, public_id, _version(request))


def _hint(request: HttpRequest, owner: play.Owner, public_id: uuid.UUID) -> play.Outcome | None:
    return play.hint(owner, public_id)


def _pause(request: HttpRequest, owner: play.Owner, public_id: uuid.UUID) -> play.Outcome | None:
    return play.pause(owner, public_id)


def _resume(request: HttpRequest, owner: play.Owner, public_id: uuid.UUID) -> play.Outcome | None:
    return play.resume(owner, public_id)


tap = _game_action(_tap)
undo = _game_action(_undo)
shuffle = _game_action(_shuffle)
hint = _game_action(_hint)
pause = _game_action(_pause)
resume = _game_action(_resume)


@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    """Dimming of blocked tiles (P5) and the tile style (P16), kept in the session."""
    if "dim" in request.POST:
        request.session["dim"] = request.POST["dim"] == "on"
    if request.POST.get("tiles") in {"art", "numbers"}:
        request.session["tiles"] = request.POST["tiles"]
    target = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("home")
    if request.htmx:
        return HttpResponseClientRedirect(target)
    return HttpResponseRedirect(target)


# --- the daily puzzle (Y) -------------------------------------------------------------


@require_GET
def daily_today(request: HttpRequest) -> HttpResponse:
    """Today's puzzle by the server's UTC date; with JavaScript, the page's links carry
    the player's own date instead (Y1)."""
    return redirect("daily", day=daily.utc_today().isoformat())


@require_GET
def daily_page(request: HttpRequest, day: str) -> HttpResponse:
    """The daily puzzle of the player's date: their game of it, or a new one; a player
    who solved it already sees the result instead (Y1)."""
    try:
        chosen = daily.playable_day(day, daily.utc_today())
    except daily.InvalidDay as error:
        return _bad_request(request, str(error))
    layout = daily.daily_layout()
    if layout is None:
        return _bad_request(request, _("The daily puzzle is not available yet."), status=503)
    puzzle = daily.puzzle_for(chosen, layout)
    owner = owner_of(request)
    won = daily.first_win(owner, chosen)
    if won is not None:
        return render(request, "solitaire/daily.html", _daily_result_context(request, puzzle, won))
    game = owner.games().playing().filter(daily_date=chosen).first()
    game = game or play.start_game(owner, layout, seed=daily.seed_for(chosen), daily_date=chosen)
    return redirect("game", public_id=game.public_id)


def _daily_result_context(request: HttpRequest, puzzle: DailyPuzzle, won: Game) -> dict:
    """The result of the first win, the figures of the day and the tower as dealt."""
    dealt = engine.Board(tuple(won.initial_faces), engine.geometry_for(won.positions).full_mask)
    return {
        "puzzle": puzzle,
        "game": won,
        **summary_context(request, won),
        "greedy_percent": round(puzzle.greedy_win_share * 100),
        **still_board(won.positions, dealt),
    }
