"""Thin views for Sanma's private rooms (docs/sanma.md#rooms): open a room, find it by
its code, sit down, swap seats, start. The room's machinery is games/tables/rooms.py.

Each post answers the room's part for HTMX and redirects back to the room page
without JavaScript; a request that cannot be met shows the room with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games.players import player_of
from games.tables import rooms
from games.tables.models import Room

from .forms import JoinCodeForm, PracticeForm, RoomForm, SeatNameForm, SwapForm
from .names import WINDS
from .table_rules import BOT_LEVEL_NAMES, KIND, LENGTH_NAMES
from .views import _start_page, problem

SEAT_WINDS = ("E", "S", "W")  # seat 0 deals first


@dataclass(frozen=True)
class LobbySeat:
    index: int
    wind_name: str
    who: str  # "" for an empty seat
    is_you: bool
    is_host: bool


def _room_url(room: Room) -> str:
    return reverse("sanma:room", kwargs={"code": room.code})


def _table_url(room: Room) -> str:
    return reverse("sanma:table", kwargs={"public_id": room.table.public_id})


def _tag(room: Room) -> str:
    return f'"{int(room.used_at.timestamp() * 1000)}.{room.table_id or 0}"'


def _lobby_context(request: HttpRequest, room: Room, error: str = "") -> dict:
    player = player_of(request)
    by_index = {m.index: m for m in room.members.all()}
    me = rooms.member_of(room, player)
    seats = [
        LobbySeat(
            index=i,
            wind_name=str(WINDS[wind]),
            who=(m.user.public_name if m.user_id else m.name or _("Guest")) if m else "",
            is_you=m is not None and m == me,
            is_host=m is not None and m.is_host,
        )
        for i, wind in enumerate(SEAT_WINDS)
        for m in [by_index.get(i)]
    ]
    return {
        "room": room,
        "shown_code": rooms.shown_code(room.code),
        "link": request.build_absolute_uri(_room_url(room)),
        "seats": seats,
        "me": me,
        "is_host": me is not None and me.is_host,
        "free": any(not seat.who for seat in seats),
        "length": LENGTH_NAMES.get(room.options.get("length"), ""),
        "red_fives": room.options.get("red_fives"),
        "bots": BOT_LEVEL_NAMES.get(room.bot_level, room.bot_level),
        "error": error,
        "tag": _tag(room),
    }


def _lobby(request: HttpRequest, room: Room, error: str = "", status: int = 200) -> HttpResponse:
    context = _lobby_context(request, room, error)
    template = "sanma/room.html#lobby" if request.htmx else "sanma/room.html"
    response = render(request, template, context, status=status)
    response["ETag"] = context["tag"]
    return response


def _gone(request: HttpRequest) -> HttpResponse:
    return problem(request, _("There is no room with this code (any more)."), status=404)


@require_POST
def new_room(request: HttpRequest) -> HttpResponse:
    form = RoomForm(request.POST)
    if not form.is_valid():
        return _start_page(request, PracticeForm(), room_form=form, status=400)
    chosen = form.cleaned_data
    options = {"length": chosen["length"], "red_fives": chosen["red_fives"] == "on"}
    room = rooms.create(player_of(request), KIND, options, chosen["level"], chosen["name"])
    url = _room_url(room)
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_GET
def find_room(request: HttpRequest) -> HttpResponse:
    """The start page's "join a room" form: its code leads to the room."""
    form = JoinCodeForm(request.GET)
    if not form.is_valid():
        return _start_page(request, PracticeForm(), join_form=form, status=400)
    return redirect("sanma:room", code=form.cleaned_data["code"])


@require_GET
def room(request: HttpRequest, code: str) -> HttpResponse:
    """The room: who sits where, and what the visitor may do. Once its game has
    started, its players go to the table; its part answers 304 while nothing changed."""
    found = rooms.find(code)
    if found is None:
        return _gone(request)
    if found.code != code:
        return redirect("sanma:room", code=found.code)
    member = rooms.member_of(found, player_of(request))
    if found.is_started and found.table is not None:
        if member is None:
            return problem(request, _("This room's game has started without you."), status=404)
        url = _table_url(found)
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if request.htmx and request.headers.get("If-None-Match") == _tag(found):
        response = HttpResponseNotModified()
        response["ETag"] = _tag(found)
        return response
    return _lobby(request, found)


def _room_action(request: HttpRequest, code: str, act) -> HttpResponse:
    """Run ``act(player, code)`` on the room; answer the room or the reason it failed."""
    try:
        act(player_of(request), code)
    except rooms.RoomError as error:
        found = rooms.find(code)
        if found is None:
            return _gone(request)
        return _lobby(request, found, error=str(error), status=409)
    found = rooms.find(code)
    if found is None:
        return _gone(request)
    if found.is_started and found.table is not None:
        url = _table_url(found)
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return _lobby(request, found) if request.htmx else redirect(_room_url(found))


@require_POST
def join(request: HttpRequest, code: str) -> HttpResponse:
    form = SeatNameForm(request.POST)
    name = form.cleaned_data["name"] if form.is_valid() else ""
    return _room_action(request, code, lambda player, c: rooms.join(player, c, name))


@require_POST
def leave(request: HttpRequest, code: str) -> HttpResponse:
    return _room_action(request, code, rooms.leave)


@require_POST
def swap(request: HttpRequest, code: str) -> HttpResponse:
    form = SwapForm(request.POST)
    if not form.is_valid():
        return problem(request, _("There is no such seat."))
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    return _room_action(request, code, lambda player, c: rooms.swap(player, c, first, second))


@require_POST
def start(request: HttpRequest, code: str) -> HttpResponse:
    return _room_action(request, code, rooms.start)
