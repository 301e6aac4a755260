"""What every table game's views share (docs/tables.md#a-decision-end-to-end): the
answer to a decision posted from a table page, with HTMX or as a plain form, and the
small readings of a request. Each game hands in how it names its pages and renders its
table; the views stay thin."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games import languages
from games.players import player_of

from . import play as tables
from .models import Table
from .registry import State
from .steps import Step


@dataclass(frozen=True)
class GamePages:
    namespace: str  # the game's url namespace, e.g. "sanma"
    name: str  # the game's name in the page's language
    answer_template: str  # the table's part an HTMX decision is answered with
    # (table, seat, state, since, status line) -> the table page's context
    table_context: Callable[[Table, int, State, int, str], dict]

    def problem(self, request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
        context = {"message": message, "game_name": self.name, "namespace": self.namespace}
        return render(request, "tables/problem.html", context, status=status)

    def not_yours(self, request: HttpRequest) -> HttpResponse:
        return self.problem(request, _("This table does not exist or is not yours."), status=404)

    def table_url(self, public_id) -> str:
        return reverse(f"{self.namespace}:table", kwargs={"public_id": public_id})

    def rules(self, request: HttpRequest, context: dict | None = None) -> HttpResponse:
        """The rules in the page's language (``<game>/rules/<language>.html``, English
        where a language has none yet);
        ``?part=body`` only the text, for the panel the table opens beside itself."""
        text = languages.template_for(f"{self.namespace}/rules/{{language}}.html")
        shown = {**(context or {}), "text": text}
        if request.GET.get("part") == "body":
            return render(request, f"{self.namespace}/_rules_panel.html", shown)
        return render(request, f"{self.namespace}/rules.html", shown)

    def steps(self, request: HttpRequest, steps: Sequence[Step]) -> HttpResponse:
        """Schrittweise erklärt: pick a step, see it on a picture
        (docs/tables.md#step-by-step)."""
        chosen = request.GET.get("step", steps[0].key)
        step = next((s for s in steps if s.key == chosen), None)
        if step is None:
            return self.problem(request, _("There is no such step."), status=404)
        return render(request, f"{self.namespace}/steps.html", {"steps": steps, "step": step})


class DecisionForm(forms.Form):
    """A decision names its move and the version of the table its page showed; a
    missing or broken version matches no table, so the page gets the table afresh.
    Each game says what a move looks like."""

    move: forms.Field
    version = forms.IntegerField(required=False, min_value=0)


def decide(
    request: HttpRequest, public_id: uuid.UUID, pages: GamePages, form: DecisionForm
) -> HttpResponse:
    """Apply a decision posted at the table (docs/tables.md#stale-pages): 404 for a table
    that is not the player's, whatever it posts; the current table for a stale page."""
    player = player_of(request)
    if not form.is_valid():
        if tables.own_table(player, public_id) is None:
            return pages.not_yours(request)
        return pages.problem(request, _("That is no decision at this table."))
    chosen = form.cleaned_data
    outcome = tables.decide(player, public_id, chosen["version"], chosen["move"])
    if outcome is None:
        return pages.not_yours(request)
    status = ""
    if outcome.kind == tables.Kind.STALE:
        status = _("The table had moved on; here it is as it is now.")
    elif outcome.kind == tables.Kind.REFUSED:
        status = _("That move is not possible now.")
    if not request.htmx:
        if outcome.kind == tables.Kind.REFUSED:
            return pages.problem(request, status)
        if status:
            messages.info(request, status)
        return redirect(f"{pages.table_url(public_id)}?since={outcome.since}")
    context = pages.table_context(
        outcome.table, outcome.seat, outcome.state, outcome.since, status
    )
    return render(request, pages.answer_template, context)


def number(request: HttpRequest, name: str, default: int) -> int:
    """A whole number from the query (``?at=5``), else ``default``."""
    try:
        return int(request.GET.get(name, default))
    except ValueError:
        return default


def seats_of(table: Table) -> dict:
    return {seat.index: seat for seat in table.seats.all()}
