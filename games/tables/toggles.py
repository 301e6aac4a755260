"""The regulars' toggles (docs/tables.md#toggles): decisions a player leaves to the
server once and for all (take every win, never call, discard the drawn tile after
riichi, in rooms pass every offer that cannot win), and one-tap play, the discard
helper and sounds, which only the page reads.

Each player's choice is remembered on the account (``table_toggles``, read here by its
name: games do not import accounts) or, for a guest, in the session; every seat keeps
its own copy (``Seat.toggles``), made when the table starts and changed from the table,
so that the server plays it in any request, whoever's it is. ``move_for`` is what the
machinery asks (games/tables/play.py), from the seat's own view alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from django.utils.translation import gettext_lazy as _

from games.players import SessionKey

from .engine import TableView


class Toggle(StrEnum):
    AUTO_WIN = "auto_win"
    NO_CALLS = "no_calls"
    AUTO_DISCARD = "auto_discard"
    AUTO_PASS = "auto_pass"  # at a table of several humans only
    ONE_TAP = "one_tap"  # the page's: a tap on a hand tile discards it at once
    # The page's discard helper (docs/tables.md#the-discard-helper): on by default at a
    # table of one human against bots, so a player's choice is kept either way.
    HELPER = "helper"
    NO_HELPER = "no_helper"
    # The page's sounds (docs/tables.md#sounds): off until the player switches them on.
    SOUND = "sound"


# The toggles the server plays for a seat; one-tap play is the page's alone.
SEAT_TOGGLES = (Toggle.AUTO_WIN, Toggle.NO_CALLS, Toggle.AUTO_DISCARD, Toggle.AUTO_PASS)

LABELS = {
    Toggle.AUTO_WIN: _("Auto-win"),
    Toggle.NO_CALLS: _("No calls"),
    Toggle.AUTO_DISCARD: _("Auto-discard after riichi"),
    Toggle.AUTO_PASS: _("Auto-pass when I cannot win"),
    Toggle.ONE_TAP: _("One tap discards"),
    Toggle.HELPER: _("Discard helper"),
    Toggle.SOUND: _("Sounds"),
}
HINTS = {
    Toggle.AUTO_WIN: _("Every win you may take is taken at once."),
    Toggle.NO_CALLS: _("Every pon, kan and chi you may call is passed."),
    Toggle.AUTO_DISCARD: _(
        "After riichi the drawn tile goes, unless you may win or declare a kan."
    ),
    Toggle.AUTO_PASS: _("Every tile on offer that cannot make your hand is passed."),
    Toggle.ONE_TAP: _("Without it, a first tap raises a tile and a second discards it."),
    Toggle.HELPER: _("Shows which discards leave your hand ready, and the tiles still unseen."),
    Toggle.SOUND: _("A short sound when it is your turn in a room, and on riichi and wins."),
}
# Own-turn moves that stop the auto-discard: a choice the player makes alone.
_STOPPING = frozenset({"tsumo", "kan", "nuki"})


def clean(values: object) -> frozenset[Toggle]:
    """The toggles among ``values`` (a stored list: anything else is nothing)."""
    if not isinstance(values, list | tuple | set | frozenset):
        return frozenset()
    known = {toggle.value for toggle in Toggle}
    return frozenset(Toggle(value) for value in values if value in known)


def stored(chosen: Iterable[Toggle]) -> list[str]:
    """As a seat or an account stores them: a sorted list of names."""
    return sorted(str(toggle) for toggle in chosen)


def for_seat(chosen: Iterable[Toggle]) -> list[str]:
    return stored(toggle for toggle in chosen if toggle in SEAT_TOGGLES)


def helper_on(chosen: frozenset[Toggle], practice: bool) -> bool:
    """Whether the page shows the discard helper: as the player chose it last, else
    at a table of one human against bots (docs/tables.md#the-discard-helper)."""
    if Toggle.HELPER in chosen:
        return True
    return practice and Toggle.NO_HELPER not in chosen


def switched(before: frozenset[Toggle], toggle: Toggle, on: bool) -> frozenset[Toggle]:
    """The toggles after switching one; the helper keeps an explicit "off" too."""
    if toggle in (Toggle.HELPER, Toggle.NO_HELPER):
        rest = before - {Toggle.HELPER, Toggle.NO_HELPER}
        return rest | {Toggle.HELPER if on == (toggle == Toggle.HELPER) else Toggle.NO_HELPER}
    return before | {toggle} if on else before - {toggle}


def remembered(request) -> frozenset[Toggle]:
    """The visitor's toggles: the account's, or a guest's session's."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return clean(getattr(user, "table_toggles", None))
    session = getattr(request, "session", None)
    return clean(session.get(SessionKey.TABLE_TOGGLES) if session is not None else None)


def remember(request, chosen: Iterable[Toggle]) -> None:
    """Keep the visitor's toggles for their next tables."""
    values = stored(chosen)
    user = request.user
    if user.is_authenticated:
        user.table_toggles = values
        user.save(update_fields=["table_toggles"])
    else:
        request.session[SessionKey.TABLE_TOGGLES] = values


def move_for(view: TableView, chosen: frozenset[Toggle], timed: bool) -> str | None:
    """The move the seat's toggles take now, from its own view: None where the player
    decides (docs/tables.md#toggles)."""
    if not chosen or not view.legal:
        return None
    moves = {action.move for action in view.legal}
    if Toggle.AUTO_WIN in chosen:
        for win in ("tsumo", "ron"):
            if win in moves:
                return win
    if "pass" in moves and view.offer is not None:
        # A tile on offer: a seat that may win on it decides (or its auto-win took it).
        if "ron" in moves:
            return None
        if Toggle.NO_CALLS in chosen or (Toggle.AUTO_PASS in chosen and timed):
            return "pass"
        return None
    me = view.seats[view.seat]
    if Toggle.AUTO_DISCARD in chosen and me.riichi and view.drawn and not moves & _STOPPING:
        drawn = next((a for a in view.legal_moves("d") if a.tile == view.drawn), None)
        return None if drawn is None else drawn.text
    return None


@dataclass(frozen=True)
class Shown:
    """A toggle on the table page: its name, label, hint and whether it is on."""

    toggle: Toggle
    on: bool

    @property
    def label(self) -> str:
        return str(LABELS[self.toggle])

    @property
    def hint(self) -> str:
        return str(HINTS[self.toggle])


def shown(
    seat_toggles: object, remembered_toggles: frozenset[Toggle], timed: bool, riichi: bool
) -> list[Shown]:
    """The toggles a seat's page shows: the seat's own, auto-pass only at a table of
    several humans, auto-discard only in a game with riichi, one-tap play, the discard
    helper and sounds as the player remembers them. Never another seat's."""
    mine = clean(seat_toggles)
    hidden = {*(() if timed else (Toggle.AUTO_PASS,)), *(() if riichi else (Toggle.AUTO_DISCARD,))}
    listed = [t for t in SEAT_TOGGLES if t not in hidden]
    return [
        *(Shown(toggle, toggle in mine) for toggle in listed),
        Shown(Toggle.ONE_TAP, Toggle.ONE_TAP in remembered_toggles),
        Shown(Toggle.HELPER, helper_on(remembered_toggles, practice=not timed)),
        Shown(Toggle.SOUND, Toggle.SOUND in remembered_toggles),
    ]
