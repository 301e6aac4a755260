"""Thin views for Sanma: read the request, call play.py (ours or the tables'), render
the table from the player's view (docs/sanma.md#the-table-page).

A decision is a plain form post. HTMX posts it and swaps #table with the answer;
without JavaScript the server redirects back to the whole page.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.players import player_of
from games.tables import live, pages, replays, timers
from games.tables import play as tables
from games.tables.models import Table
from games.tables.pages import number, seats_of

from . import engine, play
from . import export as tenhou
from . import steps as step_pictures
from .forms import AwayForm, DecisionForm, JoinCodeForm, PracticeForm, RoomForm
from .names import round_name
from .presenters import decision_text, present, turn_text, who_is
from .table_rules import BOT_LEVEL_NAMES, KIND, LENGTH_NAMES, SANMA, options_of


def problem(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    return PAGES.problem(request, message, status)


@require_GET
def start(request: HttpRequest) -> HttpResponse:
    """The practice options and the player's running and past tables."""
    return _start_page(request, PracticeForm())


def _start_page(
    request: HttpRequest,
    form: PracticeForm,
    status: int = 200,
    room_form: RoomForm | None = None,
    join_form: JoinCodeForm | None = None,
) -> HttpResponse:
    player = player_of(request)
    listed = []
    for table in tables.tables_of(player, KIND)[:30]:
        seats = {seat.index: seat for seat in table.seats.all()}
        mine = next(seat for seat in seats.values() if player.holds(seat))
        bots = {seat.bot_level for seat in seats.values() if seat.is_bot}
        others = [
            who_is(i, mine.index, seats)
            for i, s in sorted(seats.items())
            if not s.is_bot and i != mine.index
        ]
        listed.append(
            {
                "table": table,
                "length": LENGTH_NAMES.get(table.options.get("length"), ""),
                "bots": ", ".join(str(BOT_LEVEL_NAMES.get(level, level)) for level in bots),
                "humans": ", ".join(str(n) for n in others),
                "seat": mine,
            }
        )
    running = [entry for entry in listed if entry["table"].is_playing]
    past = [entry for entry in listed if not entry["table"].is_playing]
    context = {
        "form": form,
        "room_form": room_form or RoomForm(),
        "join_form": join_form or JoinCodeForm(),
        "running": running,
        "past": past,
    }
    return render(request, "sanma/start.html", context, status=status)


@require_POST
def new_table(request: HttpRequest) -> HttpResponse:
    form = PracticeForm(request.POST)
    if not form.is_valid():
        return _start_page(request, form, status=400)
    chosen = form.cleaned_data
    table = play.start_practice(
        player_of(request), chosen["length"], chosen["red_fives"] == "on", chosen["level"]
    )
    url = reverse("sanma:table", kwargs={"public_id": table.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@dataclass(frozen=True)
class Live:
    """What a page at a table of several humans needs to stay current
    (docs/tables.md#live-updates): where to ask for its view and listen for changes,
    the page's tag, when to ask again at the latest, and the clocks."""

    view_url: str
    stream_url: str
    poll_seconds: float
    tag: str
    next_deadline_ms: int | None
    now_ms: int
    clocks: timers.Clocks
    away: bool  # the viewer is away


def _live(table: Table, seat: int, state: engine.State, now) -> Live | None:
    rows = table.seats.all()
    if not timers.is_timed(rows):
        return None
    clocks = timers.clocks_for(SANMA, state, rows, seat)
    first = clocks.next_deadline
    return Live(
        view_url=reverse("sanma:view", kwargs={"public_id": table.public_id}),
        stream_url=live.stream_url(table, seat) if table.is_playing else "",
        poll_seconds=settings.TABLE_POLL_SECONDS,
        tag=clocks.tag(table.version),
        next_deadline_ms=int(first.timestamp() * 1000) if first else None,
        now_ms=int(now.timestamp() * 1000),
        clocks=clocks,
        away=seat in clocks.away,
    )


def _table_context(
    table: Table, seat: int, state: engine.State, since: int, status: str = ""
) -> dict:
    view = engine.view(state, seat)
    now = timezone.now()
    shown_live = _live(table, seat, state, now)
    clocks = shown_live.clocks if shown_live else None
    shown = present(view, table.log, since, seats_of(table), clocks, now)
    status_text = status or shown.status or turn_text(view)
    if shown_live and shown_live.away and table.is_playing:
        status_text = status or _("You are away: the server plays for you.")
    return {
        "table": table,
        "shown": shown,
        "live": shown_live,
        "round_name": round_name(view.round),
        "act_url": reverse("sanma:act", kwargs={"public_id": table.public_id}),
        "away_url": reverse("sanma:away", kwargs={"public_id": table.public_id}),
        "status_text": status_text,
    }


PAGES = pages.GamePages(
    namespace="sanma",
    name=_lazy("Sanma"),
    answer_template="sanma/table.html#answer",
    table_context=_table_context,
)


@require_GET
def table_page(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    found = tables.settled_table(player_of(request), public_id)
    if found is None:
        return PAGES.not_yours(request)
    table, seat = found
    state = tables.current_state(table)
    context = _table_context(table, seat, state, number(request, "since", table.version))
    return render(request, "sanma/table.html", context)


@require_GET
def live_view(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The table's partial for a page that asks whether anything changed (after the
    stream said so, on a poll, at a deadline): 304 when nothing did for this seat
    (docs/tables.md#live-updates). The server plays first for any seat out of time."""
    found = tables.settled_table(player_of(request), public_id)
    if found is None:
        return PAGES.not_yours(request)
    table, seat = found
    state = tables.current_state(table)
    context = _table_context(table, seat, state, number(request, "since", table.version))
    tag = context["live"].tag if context["live"] else f'"{table.version}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponseNotModified()
    else:
        response = render(request, "sanma/table.html#answer", context)
    response["ETag"] = tag
    response["X-Table-Version"] = str(table.version)
    response["Cache-Control"] = "no-cache, private"
    return response


@require_POST
def away(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """Leave the seat to the server, or come back to it (docs/sanma.md#rooms)."""
    form = AwayForm(request.POST)
    if not form.is_valid():
        return problem(request, _("That is no decision at this table."))
    table = tables.set_away(player_of(request), public_id, form.cleaned_data["away"] == "1")
    if table is None:
        return PAGES.not_yours(request)
    url = reverse("sanma:table", kwargs={"public_id": public_id})
    if not request.htmx:
        return redirect(url)
    found = tables.own_table(player_of(request), public_id)
    assert found is not None
    table, seat = found
    context = _table_context(table, seat, tables.current_state(table), table.version)
    return render(request, "sanma/table.html#answer", context)


@require_POST
def act(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """A decision at the table (docs/tables.md#a-decision-end-to-end)."""
    return pages.decide(request, public_id, PAGES, DecisionForm(request.POST))


@require_GET
def replay(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The table at any decision of its log: the player's view while it runs, every
    hand open once it is finished (docs/sanma.md#replays)."""
    found = tables.own_table(player_of(request), public_id)
    if found is None:
        return PAGES.not_yours(request)
    table, seat = found
    step = replays.step(table, number(request, "at", 0))
    finished = not table.is_playing
    view = engine.full_view(step.state, seat) if finished else engine.view(step.state, seat)
    shown = present(view, table.log, step.index - 1, seats_of(table))
    last = table.log[step.index - 1] if step.index else ""
    context = {
        "table": table,
        "shown": shown,
        "step": step,
        "readonly": True,
        "finished": finished,
        "round_name": round_name(view.round),
        "last_text": decision_text(last, seat, seats_of(table)),
    }
    return render(request, "sanma/replay.html", context)


@require_GET
def export(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The game as a tenhou.net/6 JSON log (its finished hands while it runs, except at
    a table of several humans, where a log would open the others' hands)."""
    found = tables.own_table(player_of(request), public_id)
    if found is None:
        return PAGES.not_yours(request)
    table, seat = found
    seats = seats_of(table)
    if table.is_playing and timers.is_timed(seats.values()):
        message = _("A game with other players exports once it is over.")
        return problem(request, message, status=409)
    names = [str(who_is(index, -1, seats)) for index in range(3)]
    text = tenhou.export_json(options_of(table.options), table.seed, table.log, names=names)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="sanma-{table.public_id}.json"'
    return response


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return PAGES.rules(request)


@require_GET
def steps(request: HttpRequest) -> HttpResponse:
    """Schrittweise erklärt (docs/sanma.md#step-by-step)."""
    return PAGES.steps(request, step_pictures.STEPS)
