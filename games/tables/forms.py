"""What the table pages post (docs/tables.md): a new table's options, a decision, a
room's code, a seat's name, a room's timer, the host's swap and removal, leaving a seat
to the server, a toggle."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from django import forms
from django.utils.translation import gettext_lazy as _

from .rooms import NAME_LENGTH, normalized_code
from .timers import DEFAULT_TIMER, timer_choices
from .toggles import Toggle, switched


class TableOptionsForm(forms.Form):
    """The options of a new table, practice or room: each game's form adds its own
    fields and says how they are stored (``options``); the bots' strength comes last."""

    level_names: ClassVar[Mapping[str, str]] = {}
    level = forms.ChoiceField(label=_("Bot strength"), initial="normal", widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = list(self.level_names.items())
        self.order_fields([*(name for name in self.fields if name != "level"), "level"])

    def options(self) -> dict:
        """The table's stored options, from the valid form."""
        raise NotImplementedError


class DecisionForm(forms.Form):
    """A decision names its move, the action without the seat (``"d:5Dr"``, ``"pon"``,
    ``"chi:3B"``), and the version of the table its page showed; a missing or broken
    version matches no table, so the page gets the table afresh. ``seen``: the version
    the page had shown long enough to be seen (docs/tables.md#taps-that-cannot-misfire);
    a page without it (an older one) is taken to have seen what it posts."""

    move = forms.RegexField(regex=r"^[a-z]+(?::[0-9A-Za-z]{1,3})?$", max_length=16)
    version = forms.IntegerField(required=False, min_value=0)
    seen = forms.IntegerField(required=False, min_value=0)


class SeatNameForm(forms.Form):
    """The name a guest is shown by in a room."""

    name = forms.CharField(
        label=_("Your name (for guests)"), max_length=NAME_LENGTH, required=False, strip=True
    )


class NewRoomForm(SeatNameForm):
    """A new room's host: their name (a guest's) and the turn timer of its tables
    (docs/tables.md#turn-timers)."""

    timer = forms.ChoiceField(
        label=_("Turn timer"),
        choices=timer_choices,
        initial=DEFAULT_TIMER,
        widget=forms.RadioSelect,
        required=False,
    )

    def clean_timer(self) -> str:
        """A post without a timer (a page from before timers were chosen) has the
        site's."""
        return self.cleaned_data["timer"] or DEFAULT_TIMER


class JoinCodeForm(forms.Form):
    """A room's code as a player types it ("abc-def" is fine)."""

    code = forms.CharField(label=_("Room code"), max_length=20)

    def clean_code(self) -> str:
        code = normalized_code(self.cleaned_data["code"])
        if code is None:
            raise forms.ValidationError(
                _("A room code has six letters and digits, like %(example)s.")
                % {"example": "KXM-4TP"}
            )
        return code


class SwapForm(forms.Form):
    """The host swaps two seats of the room."""

    first = forms.IntegerField(min_value=0, max_value=3)
    second = forms.IntegerField(min_value=0, max_value=3)


class RemoveForm(forms.Form):
    """The host takes the member of a seat out of the room."""

    seat = forms.IntegerField(min_value=0, max_value=3)


class AwayForm(forms.Form):
    """Leave the seat to the server ("1") or come back to it ("0")."""

    away = forms.ChoiceField(choices=[("0", "0"), ("1", "1")])


class ToggleForm(forms.Form):
    """One toggle switched on ("auto_win:1") or off ("auto_win:0")."""

    toggle = forms.ChoiceField(
        choices=[
            (f"{t}:{on}", f"{t}:{on}")
            for t in Toggle
            if t != Toggle.NO_HELPER
            for on in ("0", "1")
        ]
    )

    def chosen(self, before: frozenset[Toggle]) -> frozenset[Toggle]:
        """The toggles after this change."""
        name, _, on = self.cleaned_data["toggle"].partition(":")
        return switched(before, Toggle(name), on == "1")
