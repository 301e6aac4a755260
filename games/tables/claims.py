"""A guest's seats become an account's when the guest signs up or logs in
(docs/site.md#guests-and-claiming)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from . import live, play
from .models import QueueEntry, RoomRemoval, RoomSeat, Seat, Table
from .signals import tables_claimed


@transaction.atomic
def claim_guest_tables(user: AbstractBaseUser, guest_id: str) -> int:
    """Give the guest's seats to the account; how many tables that moved. Their seats
    in rooms go along (where the account has none already in the same room), and so do
    the rooms the host took the guest out of: logging in does not open them again; and
    their places in the lobbies' queues (``claim_guest_queue``)."""
    claim_guest_queue(user, guest_id)
    in_rooms = RoomSeat.objects.filter(user__isnull=True, guest_id=guest_id)
    in_rooms.exclude(room__members__user=user).update(user=user, guest_id="", name="")
    in_rooms.delete()
    removed = RoomRemoval.objects.filter(user__isnull=True, guest_id=guest_id)
    removed.exclude(room__removals__user=user).update(user=user, guest_id="")
    removed.delete()
    seats = list(Seat.objects.select_for_update().filter(user__isnull=True, guest_id=guest_id))
    if not seats:
        return 0
    # One account never holds two seats at one table: where it sits already, the
    # guest's seat stays the guest's, left to the server to the end.
    taken = set(
        Seat.objects.filter(user=user, table__in={seat.table_id for seat in seats}).values_list(
            "table_id", flat=True
        )
    )
    twice = [seat for seat in seats if seat.table_id in taken]
    for seat in twice:
        if seat.left_at is None:
            Seat.objects.filter(pk=seat.pk).update(left_at=timezone.now(), waiting_since=None)
            play.schedule_play_out(seat.table)
    seats = [seat for seat in seats if seat.table_id not in taken]
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(user=user, guest_id="")
    table_ids = {seat.table_id for seat in seats}
    tables_claimed.send(Table, tables=list(Table.objects.filter(pk__in=table_ids)))
    return len(table_ids)


def claim_guest_queue(user: AbstractBaseUser, guest_id: str) -> None:
    """The guest's place in a game's lobby queue becomes the account's, where the account
    has none in that game; else it is given up. Left to the guest, a waiting place would
    later be seated as a seat nobody can play (docs/tables.md#guests-tables)."""
    entries = QueueEntry.objects.filter(user__isnull=True, guest_id=guest_id)
    queued = QueueEntry.objects.filter(user=user).values("kind")
    entries.exclude(kind__in=queued).update(user=user, guest_id="", name="")
    given_up = set(entries.filter(table__isnull=True).values_list("kind", flat=True))
    entries.delete()
    for kind in given_up:  # one fewer waiting
        live.announce_lobby(kind)
