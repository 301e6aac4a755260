"""Private rooms (docs/tables.md#rooms): a player opens a room for a game kind with its
options and a bot strength, shares its link or its code, the others sit down, the host
swaps seats as they like and starts; bots take the empty seats. A room nobody uses for
a while is closed; its table, once started, stays with its players.

Every function here raises ``RoomError`` with a message for the player when the
request cannot be met (full, started, not the host, ...).
"""

from __future__ import annotations

import secrets
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.players import Player

from . import play, timers, toggles
from .models import Room, RoomRemoval, RoomSeat
from .registry import rules_for

# Read aloud without a doubt: no 0 or O, no 1, I or L.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
NAME_LENGTH = 30


class RoomError(ValueError):
    """A request about a room that cannot be met; ``str()`` is the player's message."""


def normalized_code(text: str) -> str | None:
    """A code as typed ("abc-def", " ABC DEF ") in its stored form; None if it cannot
    be one."""
    code = "".join(ch for ch in (text or "").upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def shown_code(code: str) -> str:
    """The code in two halves, as it is read aloud: "ABC-DEF"."""
    half = CODE_LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


def _new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def _clean_name(name: str) -> str:
    return " ".join((name or "").split())[:NAME_LENGTH]


def create(
    player: Player,
    kind: str,
    options: dict,
    bot_level: str,
    name: str = "",
    chosen: frozenset[toggles.Toggle] = frozenset(),
    timer: str = timers.DEFAULT_TIMER,
) -> Room:
    """A new room with its host in the first seat (``chosen``: the host's toggles;
    ``timer``: the turn timer of its tables). ValueError for options, a bot strength or
    a timer the kind does not know."""
    rules = rules_for(kind)
    if bot_level not in rules.bot_levels:
        raise ValueError(f"no {kind} bots of strength {bot_level}")
    rules.start(options, 0)  # refuses options the game does not know
    if timer not in timers.TIMERS:
        raise ValueError(f"no turn timer {timer}")
    for _attempt in range(10):
        try:
            with transaction.atomic():
                room = Room.objects.create(
                    code=_new_code(), kind=kind, options=options, bot_level=bot_level, timer=timer
                )
                RoomSeat.objects.create(
                    room=room,
                    index=0,
                    is_host=True,
                    name=_clean_name(name),
                    toggles=toggles.for_seat(chosen),
                    **player.owner_fields(),
                )
                return room
        except IntegrityError:  # the code was taken: draw another
            continue
    raise RuntimeError("no free room code")


def find(code: str) -> Room | None:
    """The room of a code (typed in any form), with its members."""
    code = normalized_code(code)
    if code is None:
        return None
    return (
        Room.objects.select_related("table")
        .prefetch_related("members__user", "removals")
        .filter(code=code)
        .first()
    )


def member_of(room: Room, player: Player) -> RoomSeat | None:
    return next((m for m in room.members.all() if player.holds(m)), None)


def was_removed(room: Room, player: Player) -> bool:
    """Whether the host took the player out of the room (they may not sit down again)."""
    return any(player.holds(removal) for removal in room.removals.all())


def _locked(code: str) -> Room:
    room = (
        Room.objects.select_for_update(of=("self",))
        .prefetch_related("members", "removals")
        .filter(code=normalized_code(code) or "")
        .first()
    )
    if room is None:
        raise RoomError(_("There is no room with this code (any more)."))
    return room


def _touch(room: Room) -> None:
    room.used_at = timezone.now()
    room.save(update_fields=["used_at"])


@transaction.atomic
def join(
    player: Player, code: str, name: str = "", chosen: frozenset[toggles.Toggle] = frozenset()
) -> Room:
    """The player sits down in the first free seat, with their toggles (nothing changes
    for a member)."""
    room = _locked(code)
    if member_of(room, player) is not None:
        return room
    if room.is_started:
        raise RoomError(_("This room's game has started without you."))
    if was_removed(room, player):
        raise RoomError(_("The host took you out of this room: you cannot sit down in it again."))
    taken = {m.index for m in room.members.all()}
    free = [i for i in range(rules_for(room.kind).seats) if i not in taken]
    if not free:
        raise RoomError(_("This room is full."))
    RoomSeat.objects.create(
        room=room,
        index=free[0],
        name=_clean_name(name),
        toggles=toggles.for_seat(chosen),
        **player.owner_fields(),
    )
    _touch(room)
    return room


@transaction.atomic
def leave(player: Player, code: str) -> Room:
    """A member who is not the host stands up again, before the game starts."""
    room = _locked(code)
    member = member_of(room, player)
    if member is None:
        return room
    if member.is_host:
        raise RoomError(_("The host stays in the room; a room nobody uses closes by itself."))
    if room.is_started:
        raise RoomError(_("The game has started: leave your seat at the table instead."))
    member.delete()
    _touch(room)
    return room


def _host(room: Room, player: Player) -> RoomSeat:
    member = member_of(room, player)
    if member is None or not member.is_host:
        raise RoomError(_("Only the host can do that."))
    if room.is_started:
        raise RoomError(_("The game has already started."))
    return member


@transaction.atomic
def swap(player: Player, code: str, first: int, second: int) -> Room:
    """The host swaps two seats, either of them possibly empty."""
    room = _locked(code)
    _host(room, player)
    seats = rules_for(room.kind).seats
    if not (0 <= first < seats and 0 <= second < seats) or first == second:
        raise RoomError(_("There is no such seat."))
    by_index = {m.index: m for m in room.members.all()}
    moving = [(m, second if m.index == first else first) for m in by_index.values()]
    moving = [(m, to) for m, to in moving if m.index in (first, second)]
    for member, _to in moving:  # out of the way first: one member per index
        member.index = seats + member.index
        member.save(update_fields=["index"])
    for member, to in moving:
        member.index = to
        member.save(update_fields=["index"])
    _touch(room)
    return room


@transaction.atomic
def remove(player: Player, code: str, index: int) -> Room:
    """The host takes the member of seat ``index`` out of the room, before the start;
    that player may not sit down in this room again."""
    room = _locked(code)
    _host(room, player)
    member = next((m for m in room.members.all() if m.index == index), None)
    if member is None:
        raise RoomError(_("Nobody sits in that seat."))
    if member.is_host:
        raise RoomError(_("The host stays in the room; a room nobody uses closes by itself."))
    RoomRemoval.objects.get_or_create(room=room, user=member.user, guest_id=member.guest_id)
    member.delete()
    _touch(room)
    return room


@transaction.atomic
def start(player: Player, code: str, seed: int | None = None) -> play.Started:
    """The host starts the room's table: its members in their seats, bots in the rest.
    A host alone against bots is held to the limit on such tables, as in practice
    (``play.leave_oldest``): ``left`` are their tables it left."""
    room = _locked(code)
    _host(room, player)
    rules = rules_for(room.kind)
    by_index = {m.index: m for m in room.members.select_related("user")}
    left = play.leave_oldest(player, room.kind) if len(by_index) == 1 else []
    seats: list[Player | str] = [
        by_index[i].player if i in by_index else room.bot_level for i in range(rules.seats)
    ]
    names = {i: m.name for i, m in by_index.items() if m.user_id is None}
    # An account's toggles as it chose them last; a guest's as they sat down.
    toggled = {
        i: toggles.clean(m.user.table_toggles if m.user_id else m.toggles)
        for i, m in by_index.items()
    }
    table = play.start_table(
        room.kind,
        room.options,
        seats,
        seed=seed,
        names=names,
        toggled=toggled,
        timer=room.timer,
    )
    room.table = table
    room.used_at = timezone.now()
    room.save(update_fields=["table", "used_at"])
    return play.Started(table, left)


def expire(now=None) -> int:
    """Close every room neither used nor played in for the idle time: how many."""
    now = now or timezone.now()
    cutoff = now - timedelta(minutes=settings.ROOM_IDLE_MINUTES)
    _count, deleted = Room.objects.unused_since(cutoff).delete()
    return deleted.get(Room._meta.label, 0)
