"""The boards: served from the cache, computed from the database on a miss.

A board's HTML is cached too, per language, the same for everybody; only a viewer who
is on the board gets it rendered afresh, with their row marked.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.solitaire import daily as daily_puzzles
from games.solitaire import picker
from games.solitaire.models import Layout
from games.solitaire.views import problem
from games.tables.registry import GameKind

from . import cache
from .solitaire import Board, daily_board, daily_scope, layout_boards, layout_scope
from .tables import MIN_GAMES, table_board, table_scope


def _boards_html(
    request: HttpRequest,
    scope: str,
    template: str,
    boards: Callable[[], dict[str, Board]],
    context: dict | None = None,
) -> SafeString:
    def rendered(shown: dict[str, Board], viewer_id: int | None) -> str:
        return render_to_string(template, {**(context or {}), **shown, "viewer_id": viewer_id})

    def for_everybody() -> tuple[str, set[int]]:
        shown = boards()
        players = {entry.player_id for board in shown.values() for entry in board.entries}
        return rendered(shown, None), players

    html, players = cache.cached(scope, f"html:{get_language()}:{template}", for_everybody)
    if request.user.pk in players:
        html = rendered(boards(), request.user.pk)
    return mark_safe(html)  # rendered by our own template, escaped there


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    layout = Layout.objects.first_for_newcomers()
    if layout is None:
        return problem(request, _("No layout is available yet."), status=503)
    return redirect("leaderboards:layout", letter=layout.letter)


@require_GET
def layout_board(request: HttpRequest, letter: str) -> HttpResponse:
    # The tabs need names only; a card's figures are stored for a built-in layout.
    layouts = list(
        Layout.objects.active().only(
            "letter", "name", "name_de", "name_fi", "name_da", "builtin", "wide"
        )
    )
    layout = next((layout for layout in layouts if layout.letter == letter), None)
    if layout is None:
        return problem(
            request,
            _("There is no leaderboard for “%(letter)s”.") % {"letter": letter[:20]},
            status=404,
        )

    def boards() -> dict[str, Board]:
        both = layout_boards(layout)
        return {"all_wins": both.all_wins, "no_help_wins": both.no_help_wins}

    return render(
        request,
        "leaderboards/layout.html",
        {
            "layout": layout,
            "card": picker.card_of(layout),
            "layouts": layouts,
            "boards_html": _boards_html(
                request, layout_scope(layout.pk), "leaderboards/_layout_boards.html", boards
            ),
        },
    )


@require_GET
def daily_today(request: HttpRequest) -> HttpResponse:
    return redirect("leaderboards:daily", day=daily_puzzles.utc_today().isoformat())


@require_GET
def daily(request: HttpRequest, day: str) -> HttpResponse:
    try:
        chosen = date.fromisoformat(day)
    except ValueError:
        return problem(
            request,
            _("“%(day)s” is not a date: expected year-month-day, like 2026-03-01.")
            % {"day": day[:20]},
            status=400,
        )
    today = daily_puzzles.utc_today()
    return render(
        request,
        "leaderboards/daily.html",
        {
            "day": chosen,
            "boards_html": _boards_html(
                request,
                daily_scope(chosen),
                "leaderboards/_daily_board.html",
                lambda: {"board": daily_board(chosen)},
            ),
            "previous": chosen - timedelta(days=1) if chosen > date.min else None,
            "next": chosen + timedelta(days=1) if chosen < today else None,
            "today": today,
        },
    )


@require_GET
def table_index(request: HttpRequest, kind: GameKind) -> HttpResponse:
    return redirect(f"leaderboards:{kind.key}", level=kind.default_level)


@require_GET
def table_game(request: HttpRequest, kind: GameKind, level: str) -> HttpResponse:
    """A table game's board of one bot strength (docs/tables.md#boards)."""
    if level not in kind.level_names:
        return problem(
            request,
            _("There is no %(game)s board for “%(level)s”.")
            % {"game": kind.name, "level": level[:20]},
            status=404,
        )
    return render(
        request,
        "leaderboards/table_game.html",
        {
            "kind": kind,
            "level": level,
            "level_name": kind.level_names[level],
            "levels": list(kind.level_names.items()),
            "board_note": kind.board_note % {"n": MIN_GAMES},
            "layouts": Layout.objects.active().only("letter", "name", "name_de"),
            "boards_html": _boards_html(
                request,
                table_scope(kind.key, level),
                "leaderboards/_table_board.html",
                lambda: {"board": table_board(kind.key, level)},
                {"kind": kind},
            ),
        },
    )
