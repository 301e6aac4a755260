"""Thin views of the private rooms of every table game (docs/tables.md#rooms): open a
room, find it by its code, sit down, swap seats, take a member out, start. The rooms'
machinery is games/tables/rooms.py. A visitor who tries too many codes that lead nowhere
is refused for a while (docs/tables.md#limits-on-what-one-visitor-opens), and so is one
who opens too many rooms.

Each post answers the room's part for HTMX and redirects back to the room page
without JavaScript; a request that cannot be met shows the room with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import limits
from games.players import Player, player_of

from . import rooms, timers, toggles
from .forms import JoinCodeForm, NewRoomForm, RemoveForm, SeatNameForm, SwapForm
from .models import Room
from .registry import GameKind
from .views import (
    STOP_POLLING,
    opening_refused,
    problem,
    say_oldest_left,
    start_page,
    table_url,
    too_many,
)

WINDS = ("E", "S", "W", "N")  # seat 0 deals first
CODES_NOT_FOUND = "room codes not found per address"


@dataclass(frozen=True)
class RoomSeat:
    index: int
    wind_name: str
    who: str  # "" for an empty seat
    is_you: bool
    is_host: bool


def _room_url(kind: GameKind, room: Room) -> str:
    return reverse(f"{kind.key}:room", kwargs={"code": room.code})


def _tag(room: Room) -> str:
    return f'"{int(room.used_at.timestamp() * 1000)}.{room.table_id or 0}"'


def _room_context(request: HttpRequest, kind: GameKind, room: Room, error: str = "") -> dict:
    by_index = {m.index: m for m in room.members.all()}
    player = player_of(request)
    me = rooms.member_of(room, player)
    seats = [
        RoomSeat(
            index=i,
            wind_name=str(kind.wind_names[WINDS[i]]),
            who=(m.user.public_name if m.user_id else m.name or _("Guest")) if m else "",
            is_you=m is not None and m == me,
            is_host=m is not None and m.is_host,
        )
        for i in range(kind.seats)
        for m in [by_index.get(i)]
    ]
    return {
        "kind": kind,
        "room": room,
        "shown_code": rooms.shown_code(room.code),
        "link": request.build_absolute_uri(_room_url(kind, room)),
        "seats": seats,
        "me": me,
        "is_host": me is not None and me.is_host,
        "free": any(not seat.who for seat in seats),
        "removed": me is None and rooms.was_removed(room, player),
        "options": kind.describe_options(room.options),
        "bots": kind.level_names.get(room.bot_level, room.bot_level),
        "timer": timers.timer_name(room.timer),
        "error": error,
        "tag": _tag(room),
        "return_to": _room_url(kind, room),  # docs/site.md#back-to-the-table
    }


def _room_page(
    request: HttpRequest, kind: GameKind, room: Room, error: str = "", status: int = 200
) -> HttpResponse:
    context = _room_context(request, kind, room, error)
    template = "tables/room.html#members" if request.htmx else "tables/room.html"
    response = render(request, template, context, status=status)
    response["ETag"] = context["tag"]
    return response


def _gone(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """No room of this code (any more). The room's own part, asking again, says so in
    its place and stops asking."""
    message = _("There is no room with this code (any more).")
    if request.htmx:
        return render(request, "tables/room.html#gone", {"message": message}, status=STOP_POLLING)
    return problem(request, kind, message, status=404)


def _lookup(request: HttpRequest, kind: GameKind, code: str) -> Room | HttpResponse:
    """The room of ``code`` for the visitor, or the answer instead. A member always
    finds their room. Anybody else is refused (429) once their address has tried too
    many codes that lead nowhere, whatever the code, so that the refusal tells nothing
    of it; a code that leads nowhere counts one more try."""
    found = rooms.find(code)
    if found is not None and found.kind != kind.key:
        found = None
    if found is not None and rooms.member_of(found, player_of(request)) is not None:
        return found
    address = limits.address_of(request)
    refusal = limits.exceeded(CODES_NOT_FOUND, address)
    if refusal is not None:
        return too_many(request, refusal)
    if found is None:
        limits.hit(CODES_NOT_FOUND, address)
        return _gone(request, kind)
    return found


def _to_table(request: HttpRequest, kind: GameKind, room: Room) -> HttpResponse:
    assert room.table is not None
    url = table_url(kind, room.table)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def new_room(request: HttpRequest, kind: GameKind) -> HttpResponse:
    form = kind.options_form(request.POST, auto_id="room_%s")
    name_form = NewRoomForm(request.POST, auto_id="room_%s")
    if not (form.is_valid() and name_form.is_valid()):
        return start_page(request, kind, room_form=form, name_form=name_form, status=400)
    refusal = opening_refused(request, "rooms")
    if refusal is not None:
        return too_many(request, refusal)
    room = rooms.create(
        player_of(request),
        kind.key,
        form.options(),
        form.cleaned_data["level"],
        name_form.cleaned_data["name"],
        toggles.remembered(request),
        timer=name_form.cleaned_data["timer"],
    )
    url = _room_url(kind, room)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_GET
def find_room(request: HttpRequest, kind: GameKind) -> HttpResponse:
    """The start page's "join a room" form: its code leads to the room."""
    form = JoinCodeForm(request.GET)
    if not form.is_valid():
        return start_page(request, kind, join_form=form, status=400)
    return redirect(f"{kind.key}:room", code=form.cleaned_data["code"])


@require_GET
def room(request: HttpRequest, code: str, kind: GameKind) -> HttpResponse:
    """The room: who sits where, and what the visitor may do. Once its game has
    started, its players go to the table; its part answers 304 while nothing changed."""
    found = _lookup(request, kind, code)
    if isinstance(found, HttpResponse):
        return found
    if found.code != code:
        return redirect(f"{kind.key}:room", code=found.code)
    member = rooms.member_of(found, player_of(request))
    if found.is_started and found.table is not None:
        if member is None:
            return problem(
                request, kind, _("This room's game has started without you."), status=404
            )
        return _to_table(request, kind, found)
    if request.htmx and request.headers.get("If-None-Match") == _tag(found):
        response = HttpResponseNotModified()
        response["ETag"] = _tag(found)
        return response
    return _room_page(request, kind, found)


def _room_action(
    request: HttpRequest, kind: GameKind, code: str, act: Callable[[Player, str], object]
) -> HttpResponse:
    """Run ``act(player, code)`` on the room; answer the room or the reason it failed."""
    found = _lookup(request, kind, code)
    if isinstance(found, HttpResponse):
        return found
    try:
        act(player_of(request), code)
    except rooms.RoomError as error:
        found = rooms.find(code)
        if found is None:
            return _gone(request, kind)
        return _room_page(request, kind, found, error=str(error), status=409)
    found = rooms.find(code)
    if found is None:
        return _gone(request, kind)
    if found.is_started and found.table is not None:
        return _to_table(request, kind, found)
    return _room_page(request, kind, found) if request.htmx else redirect(_room_url(kind, found))


@require_POST
def join(request: HttpRequest, code: str, kind: GameKind) -> HttpResponse:
    form = SeatNameForm(request.POST)
    name = form.cleaned_data["name"] if form.is_valid() else ""
    chosen = toggles.remembered(request)
    return _room_action(request, kind, code, lambda player, c: rooms.join(player, c, name, chosen))


@require_POST
def leave(request: HttpRequest, code: str, kind: GameKind) -> HttpResponse:
    return _room_action(request, kind, code, rooms.leave)


@require_POST
def swap(request: HttpRequest, code: str, kind: GameKind) -> HttpResponse:
    form = SwapForm(request.POST)
    if not form.is_valid():
        return problem(request, kind, _("There is no such seat."))
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    return _room_action(
        request, kind, code, lambda player, c: rooms.swap(player, c, first, second)
    )


@require_POST
def remove(request: HttpRequest, code: str, kind: GameKind) -> HttpResponse:
    """The host takes a member out of the room before the start (docs/tables.md#rooms)."""
    form = RemoveForm(request.POST)
    if not form.is_valid():
        return problem(request, kind, _("There is no such seat."))
    seat = form.cleaned_data["seat"]
    return _room_action(request, kind, code, lambda player, c: rooms.remove(player, c, seat))


@require_POST
def start(request: HttpRequest, code: str, kind: GameKind) -> HttpResponse:
    def start_room(player: Player, code: str) -> None:
        if rooms.start(player, code).left:
            say_oldest_left(request)

    return _room_action(request, kind, code, start_room)
