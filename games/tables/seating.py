"""Who sits at a seat, as a table page names them (docs/tables.md#seats): "You", an
account's public name, a guest's name, or the bot's name of that seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from .models import Seat


def who_is(
    seat: int, viewer: int | None, seats: Mapping[int, Seat], bot_names: Sequence[str]
) -> str:
    if seat == viewer:
        return _("You")
    row = seats.get(seat)
    if row is None or not row.is_bot:
        name = getattr(getattr(row, "user", None), "public_name", "")
        return name or getattr(row, "name", "") or _("Guest")
    return bot_names[seat]


def level_of(seat: int, seats: Mapping[int, Seat], level_names: Mapping) -> str:
    """ "Normal bot" for a bot's seat, "" for a human's."""
    row = seats.get(seat)
    if row is None or not row.is_bot:
        return ""
    return _("%(level)s bot") % {"level": level_names.get(row.bot_level, row.bot_level)}
