"""Thin views for Classic Mahjong: read the request, call play.py (ours or the tables'),
render the table from the player's view (docs/classic.md#the-table-page).

A decision is a plain form post. HTMX posts it and swaps #table with the answer;
without JavaScript the server redirects back to the whole page.
"""

from __future__ import annotations

import dataclasses
import uuid

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.players import player_of
from games.tables import pages, replays
from games.tables import play as tables
from games.tables.models import Table
from games.tables.pages import number, seats_of

from . import engine, play
from . import steps as step_pictures
from .engine.scoring import LIMIT
from .forms import DecisionForm, PracticeForm
from .names import round_name
from .presenters import decision_text, present, scoring_table, turn_text
from .table_rules import BOT_LEVEL_NAMES, KIND, ROUND_NAMES


@require_GET
def start(request: HttpRequest) -> HttpResponse:
    """The options of a game against bots and the player's running and past tables."""
    return _start_page(request, PracticeForm())


def _start_page(request: HttpRequest, form: PracticeForm, status: int = 200) -> HttpResponse:
    player = player_of(request)
    listed = []
    for table in tables.tables_of(player, KIND)[:30]:
        seats = seats_of(table)
        mine = next(seat for seat in seats.values() if player.holds(seat))
        bots = {seat.bot_level for seat in seats.values() if seat.is_bot}
        listed.append(
            {
                "table": table,
                "length": ROUND_NAMES.get(table.options.get("rounds"), ""),
                "bots": ", ".join(str(BOT_LEVEL_NAMES.get(level, level)) for level in bots),
                "seat": mine,
            }
        )
    context = {
        "form": form,
        "running": [entry for entry in listed if entry["table"].is_playing],
        "past": [entry for entry in listed if not entry["table"].is_playing],
    }
    return render(request, "classic/start.html", context, status=status)


@require_POST
def new_table(request: HttpRequest) -> HttpResponse:
    form = PracticeForm(request.POST)
    if not form.is_valid():
        return _start_page(request, form, status=400)
    chosen = form.cleaned_data
    table = play.start_practice(
        player_of(request),
        chosen["rounds"],
        chosen["flowers"] == "on",
        chosen["dealer_rule"],
        chosen["level"],
    )
    url = reverse("classic:table", kwargs={"public_id": table.public_id})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _table_context(
    table: Table, seat: int, state: engine.State, since: int, status: str = ""
) -> dict:
    view = engine.view(state, seat)
    shown = present(view, table.log, since, seats_of(table))
    return {
        "table": table,
        "shown": shown,
        "round_name": round_name(view.round),
        "act_url": reverse("classic:act", kwargs={"public_id": table.public_id}),
        "status_text": status or shown.status or turn_text(view),
    }


PAGES = pages.GamePages(
    namespace="classic",
    name=_lazy("Classic Mahjong"),
    answer_template="classic/table.html#answer",
    table_context=_table_context,
)


@require_GET
def table_page(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    found = tables.own_table(player_of(request), public_id)
    if found is None:
        return PAGES.not_yours(request)
    table, seat = found
    state = tables.current_state(table)
    context = _table_context(table, seat, state, number(request, "since", table.version))
    return render(request, "classic/table.html", context)


@require_POST
def act(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """A decision at the table (docs/tables.md#a-decision-end-to-end)."""
    return pages.decide(request, public_id, PAGES, DecisionForm(request.POST))


@require_GET
def replay(request: HttpRequest, public_id: uuid.UUID) -> HttpResponse:
    """The table at any decision of its log: the player's view while it runs, every
    hand open once it is finished (docs/classic.md#replays)."""
    found = tables.own_table(player_of(request), public_id)
    if found is None:
        return PAGES.not_yours(request)
    table, seat = found
    step = replays.step(table, number(request, "at", 0))
    finished = not table.is_playing
    view = engine.view(step.state, seat)
    if finished:  # every hand open, seen from the player's seat
        opened = engine.open_view(step.state)
        view = dataclasses.replace(opened, seat=seat, hand=view.hand, drawn=view.drawn)
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
    return render(request, "classic/replay.html", context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """The rules, with the engine's scoring table (docs/classic.md#scoring)."""
    return PAGES.rules(request, {"scoring": scoring_table(), "limit": LIMIT})


@require_GET
def steps(request: HttpRequest) -> HttpResponse:
    """Schrittweise erklärt (docs/classic.md#step-by-step)."""
    return PAGES.steps(request, step_pictures.STEPS)
