"""A guest's seats become an account's when the guest signs up or logs in
(docs/site.md#guests-and-claiming)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from .models import RoomSeat, Seat, Table
from .signals import tables_claimed


@transaction.atomic
def claim_guest_tables(user: AbstractBaseUser, guest_id: str) -> int:
    """Give the guest's seats to the account; how many tables that moved. Their seats
    in rooms go along (where the account has none already in the same room)."""
    in_rooms = RoomSeat.objects.filter(user__isnull=True, guest_id=guest_id)
    in_rooms.exclude(room__members__user=user).update(user=user, guest_id="", name="")
    in_rooms.delete()
    seats = list(Seat.objects.select_for_update().filter(user__isnull=True, guest_id=guest_id))
    if not seats:
        return 0
    Seat.objects.filter(pk__in=[seat.pk for seat in seats]).update(user=user, guest_id="")
    table_ids = {seat.table_id for seat in seats}
    tables_claimed.send(Table, tables=list(Table.objects.filter(pk__in=table_ids)))
    return len(table_ids)
