"""Thin views of every table game (docs/tables.md#the-table-page): read the request,
call play.py, render the table from the player's view. Each URL names its game kind
(``games/tables/urls.py``), and the kind says everything a page needs of its game.

A decision is a plain form post. HTMX posts it and swaps #table with the answer;
without JavaScript the server redirects back to the whole page.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import languages, limits
from games.players import Player, player_of

from . import controls, live, play, presence, replays, sheets, sounds, timers, toggles
from .forms import AwayForm, DecisionForm, JoinCodeForm, NewRoomForm, ToggleForm
from .models import Table
from .presenters import decision_text, present, turn_text, who_is
from .registry import GameKind, State


def problem(request: HttpRequest, kind: GameKind, message: str, status: int = 400):
    context = {"message": message, "kind": kind}
    return render(request, "tables/problem.html", context, status=status)


# What a 429 page says, by the limit reached (docs/tables.md#limits-on-what-one-visitor-opens).
TOO_MANY = {
    "room codes not found per address": gettext_lazy(
        "Too many room codes that lead nowhere were tried from your address."
    ),
    "rooms per player": gettext_lazy("You opened too many rooms."),
    "rooms per address": gettext_lazy("Too many rooms were opened from your address."),
    "tables per player": gettext_lazy("You started too many tables."),
    "tables per address": gettext_lazy("Too many tables were started from your address."),
    "queue joins per player": gettext_lazy("You joined the quick match too often."),
    "queue joins per address": gettext_lazy(
        "The quick match was joined too often from your address."
    ),
}


def too_many(request: HttpRequest, refusal: limits.Refusal) -> HttpResponse:
    return limits.too_many(request, str(TOO_MANY[refusal.rule]), refusal)


def opening_refused(request: HttpRequest, what: str) -> limits.Refusal | None:
    """Count one more of ``what`` ("rooms", "tables") opened by the visitor, as a player
    and from their address: a Refusal once either has opened too many."""
    return limits.first_refusal(
        (f"{what} per player", limits.player_key(player_of(request))),
        (f"{what} per address", limits.address_of(request)),
    )


def not_yours(request: HttpRequest, kind: GameKind) -> HttpResponse:
    return problem(request, kind, _("This table does not exist or is not yours."), status=404)


def number(request: HttpRequest, name: str, default: int) -> int:
    """A whole number from the query (``?at=5``), else ``default``."""
    try:
        return int(request.GET.get(name, default))
    except ValueError:
        return default


def _since(request: HttpRequest, table: Table) -> int:
    """The log's length at the version the page showed before (``?since=``, a shown
    version): the answer animates what followed."""
    return table.log_index(number(request, "since", table.shown_version))


def seats_of(table: Table) -> dict:
    return {seat.index: seat for seat in table.seats.all()}


def table_url(kind: GameKind, table: Table, name: str = "table") -> str:
    return reverse(f"{kind.key}:{name}", kwargs={"public_id": table.public_id})


# ---------------------------------------------------------------- the start page


def _listed(kind: GameKind, player: Player) -> list[dict]:
    listed = []
    for table in play.tables_of(player, kind.key)[:30]:
        seats = seats_of(table)
        mine = next(seat for seat in seats.values() if player.holds(seat))
        bots = {seat.bot_level for seat in seats.values() if seat.is_bot}
        others = [
            who_is(kind, i, mine.index, seats)
            for i, s in sorted(seats.items())
            if not s.is_bot and i != mine.index
        ]
        listed.append(
            {
                "table": table,
                "options": kind.describe_options(table.options),
                "bots": ", ".join(str(kind.level_names.get(level, level)) for level in bots),
                "humans": ", ".join(others),
                "seat": mine,
            }
        )
    return listed


def start_page(
    request: HttpRequest,
    kind: GameKind,
    form=None,
    room_form=None,
    name_form: NewRoomForm | None = None,
    join_form: JoinCodeForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The options of a new table, the rooms, and the player's running and past tables."""
    listed = _listed(kind, player_of(request))
    context = {
        "kind": kind,
        "form": form or kind.options_form(),
        "room_form": room_form or kind.options_form(auto_id="room_%s"),
        "name_form": name_form or NewRoomForm(auto_id="room_%s"),
        "join_form": join_form or JoinCodeForm(),
        "running": [entry for entry in listed if entry["table"].is_playing],
        "past": [entry for entry in listed if not entry["table"].is_playing],
    }
    return render(request, "tables/start.html", context, status=status)


@require_GET
def start(request: HttpRequest, kind: GameKind) -> HttpResponse:
    return start_page(request, kind)


def say_oldest_left(request: HttpRequest) -> None:
    """The page after a new table against bots that left the player's oldest
    (``play.leave_oldest``) says so, whichever way the table was started."""
    messages.info(
        request,
        _(
            "Your oldest running table is played to its end by the server, as if you "
            "had left it: every started game counts."
        ),
    )


@require_POST
def new_table(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """A table of the player against bots, with the options chosen."""
    form = kind.options_form(request.POST)
    if not form.is_valid():
        return start_page(request, kind, form=form, status=400)
    refusal = opening_refused(request, "tables")
    if refusal is not None:
        return too_many(request, refusal)
    started = play.start_practice(
        kind,
        player_of(request),
        form.options(),
        form.cleaned_data["level"],
        chosen=toggles.remembered(request),
    )
    if started.left:
        say_oldest_left(request)
    url = table_url(kind, started.table)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def leave(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """Leave the table for good: the server plays the seat to its end and the game
    counts (docs/tables.md#every-started-table-counts)."""
    table = play.leave(player_of(request), public_id)
    if table is None:
        return not_yours(request, kind)
    messages.info(request, _("You left the table: the server plays your seat to the end."))
    url = reverse(f"{kind.key}:start")
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# ---------------------------------------------------------------- the table

# An answer of status 286 tells a polling part to stop asking (htmx).
STOP_POLLING = 286


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
    timer: str  # the table's turn timer, as it reads
    # A page that sees no deadline (another seat may be answering an offer, which is its
    # secret) posts after this long anyway, so that the table goes on without a worker.
    quiet_check_ms: int
    turn_ms: int  # a page hidden longer than one decision is silent (docs/tables.md#sounds)


def _live(kind: GameKind, table: Table, seat: int, state: State, now) -> Live | None:
    rows = table.seats.all()
    if not timers.is_timed(rows):
        return None
    clock = timers.clock(table.timer)
    clocks = timers.clocks_for(kind, state, rows, seat, clock)
    first = clocks.next_deadline
    return Live(
        view_url=table_url(kind, table, "view"),
        stream_url=live.stream_url(table, seat) if table.is_playing else "",
        poll_seconds=settings.TABLE_POLL_SECONDS,
        tag=clocks.tag(table.shown_version),
        next_deadline_ms=int(first.timestamp() * 1000) if first else None,
        now_ms=int(now.timestamp() * 1000),
        clocks=clocks,
        away=seat in clocks.away,
        timer=timers.timer_name(table.timer),
        # No timer: nobody's deadline to check for, however quiet the table.
        quiet_check_ms=int((clock.decision + 0.5) * 1000) if clock.runs else 0,
        # Sounds hush once the page was hidden longer than a turn (no timer: the default's).
        turn_ms=int((clock.decision if clock.runs else settings.TABLE_DECISION_SECONDS) * 1000),
    )


def table_context(
    kind: GameKind,
    table: Table,
    seat: int,
    state: State,
    since: int,
    status: str = "",
    remembered: frozenset[toggles.Toggle] = frozenset(),
) -> dict:
    """What the table's templates show to ``seat``; ``remembered``: the viewer's own
    toggles (docs/tables.md#toggles), for one-tap play."""
    view = kind.view(state, seat)
    now = timezone.now()
    shown_live = _live(kind, table, seat, state, now)
    clocks = shown_live.clocks if shown_live else None
    version = table.shown_version_at(view.version)
    helping = toggles.helper_on(remembered, practice=not shown_live) and table.is_playing
    helper = kind.discard_helper(view, table.options) if helping else None
    shown = present(
        kind, view, table.log, since, seats_of(table), version, clocks, now, helper=helper
    )
    status_text = status or shown.status or turn_text(view)
    if shown_live and shown_live.away and table.is_playing:
        status_text = status or _("You are away: the server plays for you.")
    game_over = view.phase == "game-end"
    me = seats_of(table)[seat]
    return {
        "kind": kind,
        "table": table,
        "shown": shown,
        # At the game's end its result shows the whole score sheet.
        "sheet": sheets.table_sheet(kind, table, seat) if game_over else None,
        "live": shown_live,
        "round_name": kind.round_name(view.round),
        "act_url": table_url(kind, table, "act"),
        "away_url": table_url(kind, table, "away"),
        "toggle_url": table_url(kind, table, "toggle"),
        "toggles": toggles.shown(
            seats_of(table)[seat].toggles, remembered, bool(shown_live), kind.riichi
        ),
        "one_tap": toggles.Toggle.ONE_TAP in remembered,
        # The page's sounds (docs/tables.md#sounds): what it may sound, if switched on.
        "sound": toggles.Toggle.SOUND in remembered,
        "cue": sounds.cue(table.log[: view.version], since),
        "deciding": sounds.deciding(view) and table.is_playing,
        "status_text": status_text,
        # A game of several humans offers its players a rematch (docs/tables.md#rematch).
        "rematch_url": table_url(kind, table, "rematch")
        if game_over and shown_live and me.left_at is None
        else "",
        "rematch": table.rematch if game_over and table.rematch_id else None,
    }


@require_GET
def table_page(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    found = play.own_table(player_of(request), public_id)
    if found is None:
        return not_yours(request, kind)
    table, seat = found
    _note_page(table, seat)
    state = play.current_state(table)
    context = table_context(
        kind, table, seat, state, _since(request, table), remembered=toggles.remembered(request)
    )
    # Logging in or signing up from here comes back (docs/site.md#back-to-the-table).
    context["return_to"] = table_url(kind, table)
    return render(request, "tables/table.html", context)


def _note_page(table: Table, seat: int) -> None:
    """The seat's page asked: it is open, so its player is slow at worst, never away
    (docs/tables.md#turn-timers). Only a running table of several humans keeps count."""
    if table.is_playing and timers.is_timed(table.seats.all()):
        presence.note_request(table.public_id, seat)


def _live_answer(request: HttpRequest, kind: GameKind, table: Table, seat: int) -> HttpResponse:
    """The table's partial for a page that asks whether anything changed, or 304 when
    nothing did for this seat (docs/tables.md#live-updates)."""
    state = play.current_state(table)
    since = _since(request, table)
    context = table_context(
        kind, table, seat, state, since, remembered=toggles.remembered(request)
    )
    tag = context["live"].tag if context["live"] else f'"{table.shown_version}"'
    if request.headers.get("If-None-Match") == tag:
        response = HttpResponseNotModified()
    else:
        response = render(request, "tables/table.html#answer", context)
    response["ETag"] = tag
    response["X-Table-Version"] = str(table.shown_version)
    response["Cache-Control"] = "no-cache, private"
    return response


@require_GET
def live_view(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """What a page asks after the stream said the table changed, or on a poll."""
    found = play.own_table(player_of(request), public_id)
    if found is None:
        return not_yours(request, kind)
    _note_page(*found)
    return _live_answer(request, kind, *found)


@require_POST
def overdue(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """A page at a deadline: the server plays for every seat whose time is up, then
    answers as ``live_view`` (docs/tables.md#turn-timers). So a table of several humans
    goes on where no worker runs the deadline's task (``make run``); with one, this
    finds nothing left to do."""
    player = player_of(request)
    found = play.own_table(player, public_id)
    if found is None:
        return not_yours(request, kind)
    _note_page(*found)
    play.play_overdue(public_id)
    found = play.own_table(player, public_id)
    assert found is not None
    return _live_answer(request, kind, *found)


@require_POST
def away(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """Leave the seat to the server, or come back to it (docs/tables.md#turn-timers)."""
    form = AwayForm(request.POST)
    if not form.is_valid():
        return problem(request, kind, _("That is no decision at this table."))
    player = player_of(request)
    table = play.set_away(player, public_id, form.cleaned_data["away"] == "1")
    if table is None:
        return not_yours(request, kind)
    return _table_answer(request, kind, player, table)


@require_POST
def act(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """A decision at the table (docs/tables.md#stale-pages): 404 for a table that is not
    the player's, whatever it posts; the current table for a stale page."""
    player = player_of(request)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        if play.own_table(player, public_id) is None:
            return not_yours(request, kind)
        return problem(request, kind, _("That is no decision at this table."))
    chosen = form.cleaned_data
    outcome = play.decide(player, public_id, chosen["version"], chosen["move"], chosen["seen"])
    if outcome is None:
        return not_yours(request, kind)
    status = {
        play.Kind.STALE: _("The table had moved on; here it is as it is now."),
        play.Kind.UNSEEN: _("That had only just appeared: nothing was played."),
        play.Kind.REFUSED: _("That move is not possible now."),
        play.Kind.LATE: _("Your time was up: the server decided for you."),
        play.Kind.LEFT: _("You left this table: the server plays your seat to the end."),
    }.get(outcome.kind, "")
    if not request.htmx:
        if outcome.kind == play.Kind.REFUSED:
            return problem(request, kind, status)
        if status:
            messages.info(request, status)
        shown = outcome.table.shown_version_at(outcome.since)
        return redirect(f"{table_url(kind, outcome.table)}?since={shown}")
    context = table_context(
        kind,
        outcome.table,
        outcome.seat,
        outcome.state,
        outcome.since,
        status,
        remembered=toggles.remembered(request),
    )
    return render(request, "tables/table.html#answer", context)


@require_POST
def toggle(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """Switch one toggle (docs/tables.md#toggles): the seat's, which the server plays
    at once, and the player's remembered one for their next tables. The answer shows
    the table after whatever the toggle decided."""
    player = player_of(request)
    found = play.own_table(player, public_id)
    if found is None:
        return not_yours(request, kind)
    form = ToggleForm(request.POST)
    if not form.is_valid():
        return problem(request, kind, _("There is no such toggle."))
    table, seat = found
    since = table.version  # the answer shows what the toggle decided, and what followed
    seat_toggles = toggles.clean(seats_of(table)[seat].toggles)
    toggles.remember(request, form.chosen(toggles.remembered(request)))
    if table.is_playing and form.chosen(seat_toggles) != seat_toggles:
        play.set_toggles(player, public_id, form.chosen(seat_toggles))
    return _table_answer(request, kind, player, table, since)


@require_http_methods(["GET", "POST"])
def rematch(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """A post starts the rematch, or finds it started, and takes the player there
    (docs/tables.md#rematch); a get is what the others' result pages ask every few
    seconds: nothing new (204) until the rematch exists, then its link (and they stop)."""
    player = player_of(request)
    if request.method == "POST":
        try:
            new = play.rematch(player, public_id)
        except play.RematchError as error:
            return problem(request, kind, str(error), status=409)
        if new is None:
            return not_yours(request, kind)
        url = table_url(kind, new)
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    found = play.own_table(player, public_id)
    if found is None:
        return not_yours(request, kind)
    table, _seat = found
    if table.rematch_id is None:
        return HttpResponse(status=204)  # nothing new: the part stays as it is
    context = {"kind": kind, "rematch": table.rematch}
    return render(request, "tables/_rematch.html", context, status=STOP_POLLING)


def _table_answer(
    request: HttpRequest, kind: GameKind, player: Player, table: Table, since: int | None = None
) -> HttpResponse:
    """After a change to a seat's settings (away, toggles): the table as it is now, read
    afresh, animating what followed ``since`` (nothing, by default); without HTMX, the
    table page."""
    if not request.htmx:
        return redirect(table_url(kind, table))
    found = play.own_table(player, table.public_id)
    assert found is not None
    table, seat = found
    context = table_context(
        kind,
        table,
        seat,
        play.current_state(table),
        table.version if since is None else since,
        remembered=toggles.remembered(request),
    )
    return render(request, "tables/table.html#answer", context)


# ---------------------------------------------------------------- replays and exports


@require_GET
def sheet(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """The score sheet of every hand so far (docs/tables.md#the-score-sheet); ``?part=body``
    only the sheet, for the panel the table opens over itself."""
    found = play.own_table(player_of(request), public_id)
    if found is None:
        return not_yours(request, kind)
    table, seat = found
    context = {"kind": kind, "table": table, "sheet": sheets.table_sheet(kind, table, seat)}
    if request.GET.get("part") == "body":
        return render(request, "tables/_sheet_panel.html", context)
    return render(request, "tables/sheet.html", context)


# How fast a replay may play on by itself: steps a second (docs/tables.md#replay-stepping).
REPLAY_SPEEDS = (0.5, 1, 2, 4)


@require_GET
def replay(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """The table at any decision of its log: the player's view while it runs, every
    hand open once it is finished (docs/tables.md#replay-stepping)."""
    found = play.own_table(player_of(request), public_id)
    if found is None:
        return not_yours(request, kind)
    table, seat = found
    step = replays.step(table, number(request, "at", 0))
    finished = not table.is_playing
    view = kind.full_view(step.state, seat) if finished else kind.view(step.state, seat)
    seats = seats_of(table)
    last = replays.last_shown(table.log, step.at)
    context = {
        "kind": kind,
        "table": table,
        "shown": present(
            kind, view, table.log, step.at - 1, seats, table.shown_version_at(step.at)
        ),
        "step": step,
        "readonly": True,
        "finished": finished,
        "round_name": kind.round_name(view.round),
        "last_text": decision_text(kind, last, seat, seats),
        "speeds": REPLAY_SPEEDS,
    }
    return render(request, "tables/replay.html", context)


@require_GET
def export(request: HttpRequest, public_id: uuid.UUID, kind: GameKind) -> HttpResponse:
    """The game's log in the game's export format (Sanma: tenhou.net/6 JSON); its
    finished hands while it runs, except at a table of several humans, where a log
    would open the others' hands (docs/tables.md#nothing-hidden-leaks)."""
    found = play.own_table(player_of(request), public_id)
    if found is None:
        return not_yours(request, kind)
    table, _seat = found
    seats = seats_of(table)
    if table.is_playing and timers.is_timed(seats.values()):
        message = _("A game with other players exports once it is over.")
        return problem(request, kind, message, status=409)
    names = [who_is(kind, index, -1, seats) for index in range(kind.seats)]
    text = kind.export(table.options, table.seed, table.log, names)
    response = HttpResponse(text, content_type="application/json; charset=utf-8")
    filename = f"{kind.key}-{table.public_id}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# ---------------------------------------------------------------- rules and steps


@require_GET
def rules(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """The rules in the page's language (``<game>/rules/<language>.html``, English where
    a language has none yet); ``?part=body`` only the text, for the panel the table
    opens beside itself."""
    text = languages.template_for(f"{kind.template_dir}/rules/{{language}}.html")
    context = {**kind.rules_context(), **controls.context(kind), "kind": kind, "text": text}
    if request.GET.get("part") == "body":
        return render(request, "tables/_rules_panel.html", context)
    return render(request, "tables/rules.html", context)


@require_GET
def steps(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """Schrittweise erklärt: pick a step, see it on a picture (docs/tables.md#step-by-step)."""
    chosen = request.GET.get("step", kind.steps[0].key)
    step = next((s for s in kind.steps if s.key == chosen), None)
    if step is None:
        return problem(request, kind, _("There is no such step."), status=404)
    return render(request, "tables/steps.html", {"kind": kind, "steps": kind.steps, "step": step})
