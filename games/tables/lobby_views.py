"""Thin views of each table game's lobby (docs/tables.md#lobby-and-rating): the page,
joining and leaving the queue, starting with bots at once, the counts, and the waiting
player's part, which runs the match-maker and takes its player to the table once
seated. The page asks for them when the live stream says the lobby changed (polling
without it, static/tables/js/lobby.js). The machinery is games/tables/lobby.py and
rating.py.
"""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import limits
from games.players import known_player, player_of

from . import live, lobby, rating, timers
from .forms import SeatNameForm
from .models import QueueEntry
from .registry import GameKind
from .views import problem, say_oldest_left, table_url, too_many


def _lobby_url(kind: GameKind) -> str:
    return reverse(f"{kind.key}:lobby")


def _context(request: HttpRequest, kind: GameKind, entry: QueueEntry | None) -> dict:
    counts = lobby.counts(kind.key)
    now = timezone.now()
    seconds = deadline_ms = None
    if entry is not None and entry.table is None:
        seconds = max(0, math.ceil((entry.bots_at - now).total_seconds()))
        deadline_ms = round(entry.bots_at.timestamp() * 1000)
    user = request.user if request.user.is_authenticated else None
    clock = timers.clock()
    return {
        "kind": kind,
        "choices": [(key, label) for key, (label, _options) in kind.lobby_choices.items()],
        "entry": entry,
        "choice_name": kind.lobby_choices[entry.choice][0] if entry else "",
        "seconds": seconds,
        "deadline_ms": deadline_ms,
        "now_ms": round(now.timestamp() * 1000),
        "counts": counts,
        "poll_seconds": settings.LOBBY_POLL_SECONDS,
        "name_form": SeatNameForm(auto_id="lobby_%s"),
        "my_rating": rating.ratings_of(kind.key, [user.pk])[user.pk] if user else None,
        "board": rating.board(kind.key),
        "provisional_games": settings.LOBBY_PROVISIONAL_GAMES,
        "decision_seconds": round(clock.decision),
        "bank_seconds": round(clock.bank),
        "bots": kind.level_names.get(lobby.bot_level(kind), ""),
    }


def _to_table(request: HttpRequest, kind: GameKind, entry: QueueEntry) -> str:
    """The address of the entry's table; the first time after a seating that left the
    player's oldest tables against bots, the table's page says so, as after practice."""
    if entry.left_oldest and QueueEntry.objects.filter(pk=entry.pk, left_oldest__gt=0).update(
        left_oldest=0
    ):
        say_oldest_left(request)
    return table_url(kind, entry.table)


def _answer(request: HttpRequest, kind: GameKind, entry: QueueEntry | None, status=200):
    """The waiting player's part (HTMX) or the lobby page; the table once seated."""
    if entry is not None and entry.table is not None:
        url = _to_table(request, kind, entry)
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if not request.htmx:
        return redirect(_lobby_url(kind))
    context = _context(request, kind, entry)
    return render(request, "tables/lobby.html#queue", context, status=status)


@require_GET
def lobby_page(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """The lobby: quick matches, who waits and plays now, the ratings. A page only
    shows: it seats nobody (the waiting player's part and the beat do)."""
    player = known_player(request)
    entry = lobby.entry_of(player, kind.key) if player is not None else None
    if entry is not None and entry.table is not None:
        if entry.table.is_playing and lobby.table_of(player, kind.key) == entry.table:
            return redirect(_to_table(request, kind, entry))
        entry = None  # a finished or left table's entry: the player may join again
    context = _context(request, kind, entry)
    context["stream_url"] = live.lobby_stream_url(kind.key)
    return render(request, "tables/lobby.html", context)


@require_GET
def counts(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """How many wait and play now: the part every lobby page asks for when its lobby
    changed (or every few seconds without the stream)."""
    response = render(request, "tables/lobby.html#counts", {"counts": lobby.counts(kind.key)})
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def join(request: HttpRequest, kind: GameKind) -> HttpResponse:
    choice = request.POST.get("choice", "")
    if choice not in kind.lobby_choices:
        return problem(request, kind, _("There is no such quick match."))
    name_form = SeatNameForm(request.POST)
    name = name_form.cleaned_data["name"] if name_form.is_valid() else ""
    player = player_of(request)
    refusal = limits.first_refusal(
        ("queue joins per player", limits.player_key(player)),
        ("queue joins per address", limits.address_of(request)),
    )
    if refusal is not None:
        return too_many(request, refusal)
    entry = lobby.join(player, kind.key, choice, kind.lobby_choices[choice][1], name)
    return _answer(request, kind, entry)


@require_POST
def leave(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """Stop waiting: one tap."""
    player = player_of(request)
    lobby.leave(player, kind.key)
    return _answer(request, kind, lobby.entry_of(player, kind.key))


@require_POST
def with_bots(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """Start at once: bots take the seats nobody waiting takes now."""
    player = player_of(request)
    lobby.with_bots_now(player, kind.key)
    return _answer(request, kind, lobby.entry_of(player, kind.key))


@require_POST
def waiting(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """The waiting player's part asks: the match-maker runs, then the part shows the
    counts and the countdown, or takes its player to the table."""
    player = player_of(request)
    lobby.match(kind.key)
    return _answer(request, kind, lobby.entry_of(player, kind.key))
